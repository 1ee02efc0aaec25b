package org.shapeforge.program;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.ShapeError;

/**
 * A call's arguments by kind — tensors, spec strings, integers — checked against what the
 * operation takes ({@code programs.md}): integers only for {@code slice} and the dynamic
 * operations, exactly one spec (the last argument) for the spec operations, none for the others.
 * A wrong argument is a {@link ShapeError} at its position, with an example of the right form:
 * integers when the arguments are split ({@link #of}), specs by {@link #requireSpecs}.
 */
record CallArgs(List<Expr> tensors, List<Expr.Arg.Spec> specs, List<Expr.Arg.Int> ints, boolean spec) {
    CallArgs {
        tensors = List.copyOf(tensors);
        specs = List.copyOf(specs);
        ints = List.copyOf(ints);
    }

    static CallArgs of(Expr.Call c) {
        List<Expr> tensors = new ArrayList<>();
        List<Expr.Arg.Spec> specs = new ArrayList<>();
        List<Expr.Arg.Int> ints = new ArrayList<>();
        for (Expr.Arg a : c.args()) {
            switch (a) {
                case Expr.Arg.Tensor(var e) -> tensors.add(e);
                case Expr.Arg.Spec s -> specs.add(s);
                case Expr.Arg.Int i -> ints.add(i);
            }
        }
        String fn = c.fn();
        if (!ints.isEmpty() && !fn.equals("slice") && !DynamicLogic.OPS.contains(fn))
            throw new ShapeError("program", ints.getFirst().span(), fn + "(...) takes no integer argument"
                    + " (only slice(a, N) does)");
        boolean spec = switch (fn) {
            case "permute", "einsum", "block", "softmax" -> true;
            default -> false;
        };
        return new CallArgs(tensors, specs, ints, spec);
    }

    /**
     * Checks the spec strings (after the operands were generated, so that an error inside an
     * operand is reported first, as the operands come first in the source).
     */
    void requireSpecs(Expr.Call c) {
        String fn = c.fn();
        if (spec && specs.size() != 1)
            throw new ShapeError("program", c.span(), fn + "(...) takes its spec as the last argument, one string (e.g. "
                    + (fn.equals("softmax") ? Softmax.EXAMPLE : fn + "(a, \"ij=>ji\")") + ")");
        if (!spec && !specs.isEmpty() && !DynamicLogic.OPS.contains(fn))
            throw new ShapeError("program", specs.getFirst().span(), fn + "(...) takes no spec string");
    }
}
