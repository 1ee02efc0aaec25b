package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.semantics.Grounding;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.semantics.Undefined;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;

/**
 * Reading a model that has no solved form (a Z3 fallback, {@code import --verified}) of a graph
 * with {@code dim_param}s: Z3's model gives every dynamic dimension a number (batch = 1), so a
 * size read off it holds for that batch only. An axis is printed as its model number only when
 * the number is forced (the problem plus {@code size(axis) != n} is unsat), as a dim_param's name
 * when it is forced equal to it, else as {@link InferredDim.Undetermined} (never a number it is
 * not forced to be, never an internal variable's name). Each question is one call of
 * {@code checker} (with {@code timeoutMs}), at most {@code budget} calls in all; past it an axis
 * prints as undetermined.
 */
final class ForcedSizes {
    private final Imported im;
    private final Outcome.Sat model;
    private final ShapeSolver checker;
    private final long timeoutMs;
    private int budget;
    private final Map<Dim, InferredDim> cache = new HashMap<>();

    ForcedSizes(Imported im, Outcome.Sat model, ShapeSolver checker, long timeoutMs, int budget) {
        this.im = im;
        this.model = model;
        this.checker = checker;
        this.timeoutMs = timeoutMs;
        this.budget = budget;
    }

    /** Axis {@code d} as far as it is forced. */
    InferredDim dim(Dim d) {
        if (d.isGround()) return InferredDim.of(d);
        if (d instanceof Dim.Var(String name, _) && im.dynamic().contains(name)) return InferredDim.named(name);
        return cache.computeIfAbsent(d, this::decide);
    }

    private InferredDim decide(Dim d) {
        Optional<Long> n = number(d);
        if (n.isPresent() && unsat(new Constraint.SizeRel(new SizeExpr.Size(d), Constraint.Rel.NE, new SizeExpr.Lit(n.get()), Span.NONE)))
            return new InferredDim.Known(n.get());
        for (String p : im.dynamic()) {
            if (im.runtime().containsKey(p)) continue;
            if (unsat(new Constraint.SizeRel(new SizeExpr.Size(d), Constraint.Rel.NE, new SizeExpr.Size(Dim.var(p)), Span.NONE)))
                return InferredDim.named(p);
        }
        return InferredDim.UNDETERMINED; // neither forced nor a dim_param: no internal variable's name (issue 31)
    }

    private Optional<Long> number(Dim d) {
        try {
            Dim g = Grounding.dim(d, model.model());
            return g.isGround() ? Optional.of(Sizes.size(g)) : Optional.empty();
        } catch (Undefined e) {
            return Optional.empty();
        }
    }

    private boolean unsat(Constraint extra) {
        if (budget <= 0) return false;
        budget--;
        List<Statement> st = new ArrayList<>(im.problem().statements());
        st.add(extra);
        return checker.solve(new Problem(im.file(), st), SolveOptions.defaults().withTimeoutMs(timeoutMs)) instanceof Outcome.Unsat;
    }
}
