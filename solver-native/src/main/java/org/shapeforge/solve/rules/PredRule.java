package org.shapeforge.solve.rules;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.size.LinearConstraint;
import org.shapeforge.solve.size.LinearExpr;
import org.shapeforge.solve.size.LinearResult;
import org.shapeforge.solve.size.LinearSolver;
import org.shapeforge.solve.size.LinearSystem;
import org.shapeforge.solve.size.ProductConstraint;
import org.shapeforge.solve.size.ProductSolver;
import org.shapeforge.solve.size.SizeResult;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.term.Dim;

/**
 * Size predicates (seed 002's shape distribution constraints, {@code language.md}): At_least_dim,
 * ranges, divisibility, orders, mul_eq, group_mul_eq, affine equalities. Staging solves a linear
 * equation with one size left and a product with one factor left (exact division and root);
 * once every size is known the predicate is decided exactly by {@link LinearSolver} (its
 * remainders are auxiliaries) and {@link ProductSolver}. The conjunction of what remains is
 * decided at closing ({@code close.SizeStage}).
 */
final class PredRule {
    private final SizeRules sr;

    PredRule(SizeRules sr) {
        this.sr = sr;
    }

    boolean step(SizeItem it, SizeItem.Pred p) {
        Trace t = new Trace(it.why, false);
        Map<String, Long> known = new HashMap<>();
        List<LinearConstraint> lin = new ArrayList<>();
        for (LinearConstraint c : p.linear()) lin.add(new LinearConstraint(resolve(c.expr(), known, t), c.rel(), c.label()));
        boolean changed = false, open = false;
        for (LinearConstraint c : lin) {
            Set<String> vs = c.expr().variables();
            if (vs.stream().anyMatch(v -> !v.startsWith("%"))) open = true;
            if (c.rel() == Rel.EQ && vs.size() == 1 && !vs.iterator().next().startsWith("%")) {
                String x = vs.iterator().next();
                BigInteger k = c.expr().coeff(x), rest = c.expr().constant().negate();
                if (rest.mod(k.abs()).signum() != 0)
                    throw Contradiction.fail("size predicate: " + c.label() + " needs " + k + "·" + x + " = " + rest
                            + ", not an integer", t.why());
                BigInteger value = rest.divide(k);
                if (value.bitLength() > 63)
                    throw new Unsupported("not supported natively: size predicate " + c.label() + " needs " + x + " = "
                            + value + ", beyond the largest size 2^63 - 1");
                changed |= sr.record(x, value.longValueExact(), t.why());
            }
        }
        for (ProductConstraint q : p.products()) {
            for (var side : List.of(q.left(), q.right()))
                for (var m : side.terms().keySet())
                    for (String v : m.factors()) resolve(LinearExpr.var(v), known, t);
            switch (ProductSolver.solve(q, known, sr.discardable)) {
                case SizeResult.Holds h -> {}
                case SizeResult.Residual x -> {
                    it.residual = x.why();
                    open = true;
                }
                case SizeResult.Failed f -> throw Contradiction.fail(f.message(), t.why());
                case SizeResult.Solved s -> {
                    // a remainder auxiliary (%r…) is no dimension: it may be 0, and the linear system decides it
                    for (var e : s.values().entrySet())
                        if (!e.getKey().startsWith("%")) changed |= sr.record(rep(e.getKey(), t), e.getValue(), t.why());
                    open = true;
                }
            }
        }
        if (open || changed) return changed;
        switch (LinearSolver.solve(new LinearSystem(lin, sr.discardable, sr.translator.auxiliary()), Map.of())) {
            case LinearResult.Sat s -> it.alive = false;
            case LinearResult.Unsat u -> throw Contradiction.fail(u.reason(), t.why());
            case LinearResult.Unknown u -> throw new Unsupported("not supported natively: " + u.reason());
        }
        return false;
    }

    /**
     * The message of a product inequality still underdetermined (stage 5 does not guess sizes
     * for it: guessing 1 would violate it), or null.
     */
    String openInequality(SizeItem it, SizeItem.Pred p) {
        Trace t = new Trace(it.why, false);
        Map<String, Long> known = new HashMap<>();
        for (ProductConstraint q : p.products()) {
            if (q.rel() == Rel.EQ) continue;
            for (var side : List.of(q.left(), q.right()))
                for (var m : side.terms().keySet())
                    for (String v : m.factors()) resolve(LinearExpr.var(v), known, t);
            if (ProductSolver.solve(q, known, sr.discardable) instanceof SizeResult.Residual r) return r.why();
        }
        return null;
    }

    /** The form with known sizes substituted and bound variables renamed to their representatives. */
    LinearExpr resolve(LinearExpr e, Map<String, Long> known, Trace t) {
        LinearExpr out = e;
        for (String v : e.variables()) {
            if (v.startsWith("%")) continue;
            Dim d = sr.cx.subst().dim(new Dim.Var(v), t);
            if (d.isGround()) {
                known.put(v, Sizes.size(d));
                out = out.substitute(Map.of(v, Sizes.size(d)));
            } else {
                String w = ((Dim.Var) d).name();
                SizeRules.Known k = sr.sizes.get(w);
                if (k != null) {
                    t.add(k.why());
                    known.put(v, k.size());
                    out = out.substitute(Map.of(v, k.size()));
                } else if (!w.equals(v)) {
                    out = out.replace(v, LinearExpr.var(w));
                }
            }
        }
        return out;
    }

    private String rep(String v, Trace t) {
        return sr.cx.subst().dim(new Dim.Var(v), t) instanceof Dim.Var w ? w.name() : v;
    }
}
