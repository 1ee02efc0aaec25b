package org.shapeforge.cli.dynamic;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.OpKind;
import org.shapeforge.program.Shape;
import org.shapeforge.program.dynamic.ShapeExtent;
import org.shapeforge.program.dynamic.SymbolicShape;
import org.shapeforge.program.dynamic.SymbolicShapes;
import org.shapeforge.term.sym.SymCondition;

/**
 * The domain of a symbolic inference, evaluated at a binding: every domain condition
 * ({@link SymbolicShapes#requires}) holds, and every pointwise operand broadcasts to its result
 * there — each axis of the operand's symbolic shape, aligned from the right within its row, equals
 * the result's axis or is 1. A binding where something is violated lies outside the domain: the
 * specialised program may refuse it; one inside must infer.
 */
final class SymbolicDomain {
    private SymbolicDomain() {}

    /** The first condition violated at {@code env}, for people; empty when {@code env} lies inside the domain. */
    static Optional<String> violated(Inference sym, Map<String, Long> env) {
        for (SymCondition q : SymbolicShapes.requires(sym)) if (!q.holds(env)) return Optional.of(q.toString());
        Function<Shape, SymbolicShape> read = SymbolicShapes.reader(sym).orElseThrow();
        for (Generated.OpNode op : sym.generated().operations()) {
            if (op.kind() != OpKind.POINTWISE) continue;
            SymbolicShape r = read.apply(op.lhs());
            for (Shape operand : op.operands()) {
                SymbolicShape a = read.apply(operand);
                if (!broadcasts(a.batch(), r.batch(), env) || !broadcasts(a.input(), r.input(), env)
                        || !broadcasts(a.output(), r.output(), env))
                    return Optional.of(op.result() + " = " + r.printed() + " from an operand " + a.printed());
            }
        }
        return Optional.empty();
    }

    /** Whether row {@code a} broadcasts to row {@code r} at {@code env}; an axis that does not evaluate there is taken to broadcast. */
    private static boolean broadcasts(List<ShapeExtent> a, List<ShapeExtent> r, Map<String, Long> env) {
        if (a.size() > r.size()) return false;
        for (int k = 1; k <= a.size(); k++) {
            Optional<Long> av = value(a.get(a.size() - k), env), rv = value(r.get(r.size() - k), env);
            if (av.isPresent() && rv.isPresent() && av.get() != 1 && !av.get().equals(rv.get())) return false;
        }
        return true;
    }

    private static Optional<Long> value(ShapeExtent e, Map<String, Long> env) {
        return e instanceof ShapeExtent.Exact(var x) ? x.eval(env) : Optional.empty();
    }
}
