package org.shapeforge.program.dynamic;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Shape;
import org.shapeforge.program.Solution;
import org.shapeforge.program.spec.Kind;

/**
 * Seed 004's contract at the stages after inference (issue 31): projection inference and the
 * per-operation code generator index every axis of every operation with a constant extent (they
 * work at closed sizes; the symbolic-size kernels of {@code codegen/…/symbolic} are not wired in),
 * so an axis whose extent is symbolic (a {@code dynamic} dim not bound with {@code --bind}), only an
 * {@code UpperBound} (a {@code truncate}d axis, or anything computed through one) or {@code Unknown}
 * cannot be taken. The first such axis, in operation order (result before operands, batch, input,
 * output, left to right), is refused with the structured {@link ExtentError} — the operation, the
 * field ({@code result b[0]}, {@code operand 2 o[1]}), the observed guarantee and the extent —
 * instead of failing inside the later stage, and a dynamic dim is never lowered at a size it was
 * not bound to.
 */
public final class LoweringCheck {
    private LoweringCheck() {}

    /** What the later stage is: named in the message ({@code projections}, {@code code generation}). */
    public enum Stage {
        PROJECTIONS("projections"), CODEGEN("code generation");

        public final String text;

        Stage(String text) {
            this.text = text;
        }
    }

    /** The first axis the stage cannot take; empty when every extent is an exact constant or inference did not succeed. */
    public static Optional<ExtentCheck.Refusal> first(Inference inf, Stage stage) {
        if (!(inf.solution() instanceof Solution.Solved)) return Optional.empty();
        Function<Shape, SymbolicShape> read = SymbolicShapes.reader(inf).orElseThrow();
        for (Generated.OpNode op : inf.generated().operations()) {
            Optional<ExtentError> e = inexact(op.origin().operation(), "result", read.apply(op.lhs()));
            for (int i = 0; e.isEmpty() && i < op.operands().size(); i++)
                e = inexact(op.origin().operation(), "operand " + (i + 1), read.apply(op.operands().get(i)));
            if (e.isPresent())
                return Optional.of(new ExtentCheck.Refusal(stage.text + ": " + e.get().op() + ": " + e.get().field()
                        + " requires a constant extent, but it is " + e.get().observed() + " (" + e.get().extent() + ")"
                        + (e.get().observed().equals("symbolic") ? "; bind the dynamic dims (--bind NAME=SIZE)"
                                : "; an upper bound is never used as a shape"), e, op.origin()));
        }
        return Optional.empty();
    }

    private static Optional<ExtentError> inexact(String op, String what, SymbolicShape s) {
        for (Kind k : Kind.values()) {
            List<ShapeExtent> row = switch (k) {
                case BATCH -> s.batch();
                case INPUT -> s.input();
                case OUTPUT -> s.output();
            };
            for (int j = 0; j < row.size(); j++)
                if (!(row.get(j) instanceof ShapeExtent.Exact(var x) && !x.symbolic()))
                    return Optional.of(new ExtentError(op, what + " " + k.letter + "[" + j + "]", row.get(j).guarantee(),
                            row.get(j).printed()));
        }
        return Optional.empty();
    }
}
