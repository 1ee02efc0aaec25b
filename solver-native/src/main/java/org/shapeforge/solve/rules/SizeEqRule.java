package org.shapeforge.solve.rules;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.size.AffineSolver;
import org.shapeforge.solve.size.ConcatSolver;
import org.shapeforge.solve.size.SizeResult;
import org.shapeforge.solve.size.SizeTranslator;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;

/**
 * Equations and orders with a Concat or Affine side (seed 000, "Concatenation", "Affine indexing
 * and convolutions"). Sums resolve once their parts are known; one unknown left is solved
 * exactly ({@link ConcatSolver}, {@link AffineSolver}: every formula is {@link Sizes}'); two or
 * more stay residual until closing's least-material linear solution (never OCANNL's
 * oldest-variable pairing). Once both sides are ground the equation is an ordinary DE fact, so
 * bases are judged by the core rules.
 */
final class SizeEqRule {
    private final SizeRules sr;

    SizeEqRule(SizeRules sr) {
        this.sr = sr;
    }

    boolean step(SizeItem it, SizeItem.Eq e) {
        it.sum = null;
        Trace t = new Trace(it.why, false);
        Dim l = sr.deep(e.left(), t), r = sr.deep(e.right(), t);
        if (!SizeTerms.compound(l) && !SizeTerms.compound(r)) {
            it.alive = false;
            sr.cx.emit(new Fact.DimEq(l, r), t.why());
            return false;
        }
        Set<String> vs = new LinkedHashSet<>();
        SizeTerms.vars(l, vs);
        SizeTerms.vars(r, vs);
        Map<String, Long> known = sr.known(vs, t);
        SizeResult res;
        if (l instanceof Dim.Affine a && !(r instanceof Dim.Concat)) res = AffineSolver.solve(r, a, known);
        else if (r instanceof Dim.Affine a && !(l instanceof Dim.Concat)) res = AffineSolver.solve(l, a, known);
        else res = ConcatSolver.solve(l, r, known, sr.discardable);
        return switch (res) {
            case SizeResult.Holds h -> false;
            case SizeResult.Residual x -> {
                it.residual = x.why();
                if (!(l instanceof Dim.Affine) && !(r instanceof Dim.Affine) && !SizeTerms.hasAffine(e.left())
                        && !SizeTerms.hasAffine(e.right()))
                    it.sum = new SumState(SizeTranslator.size(l).minus(SizeTranslator.size(r)).substitute(known));
                yield false;
            }
            case SizeResult.Failed f -> throw Contradiction.fail(f.message(), t.why());
            case SizeResult.Solved s -> solved(l, r, s.values(), t);
        };
    }

    /**
     * For an item with a {@link SumState}: folds in the variables that woke it and answers whether
     * two or more unknowns are still left (the equation stays residual, nothing to do); else the
     * caller runs the full {@link #step}. Each folded variable costs O(log n), so closing's
     * one-by-one bindings of an n-part sum cost O(n log n) in all, not O(n²).
     */
    boolean stillOpen(SizeItem it) {
        SumState s = it.sum;
        for (String v : s.drain()) {
            BigInteger c = s.coeffs.remove(v);
            if (c == null) continue; // already folded
            Dim d = sr.cx.subst().dim(new Dim.Var(v), new Trace(Why.NONE, false));
            for (var term : SizeTranslator.size(d).coeffs().entrySet()) {
                String w = term.getKey();
                if (sr.sizes.get(w) != null) continue; // a known size: a constant, irrelevant to the count
                BigInteger m = s.coeffs.merge(w, c.multiply(term.getValue()), BigInteger::add);
                if (m.signum() == 0) s.coeffs.remove(w);
                if (it.newDimWatch(w)) sr.cx.store().watchDim(w, it);
            }
        }
        if (s.coeffs.size() >= 2) {
            it.residual = null; // SumState.reason() says it, with today's unknowns
            return true;
        }
        return false;
    }

    /**
     * One size determined: bind the variable when exactly one basis makes the equation hold
     * (a semantic step), else record the size and leave the basis to closing.
     */
    private boolean solved(Dim l, Dim r, Map<String, Long> values, Trace t) {
        boolean changed = false;
        for (var v : values.entrySet()) {
            String x = v.getKey();
            long n = v.getValue();
            List<Dim> cands = new ArrayList<>();
            cands.add(Sizes.ofSize(n, Dim.DEFAULT_BASIS));
            Set<String> bases = new LinkedHashSet<>();
            bases(l, bases);
            bases(r, bases);
            for (String b : bases) cands.add(new Dim.Atom(n, b));
            List<Dim> ok = new ArrayList<>();
            boolean decidable = true;
            for (Dim c : cands) {
                Optional<Dim> gl = ground(l, x, c), gr = ground(r, x, c);
                if (gl == null || gr == null) decidable = false;
                else if (gl.isPresent() && gl.equals(gr)) ok.add(c);
            }
            if (decidable && ok.isEmpty())
                throw Contradiction.fail("basis mismatch: no basis for " + x + " (size " + n + ") makes " + Show.dim(l)
                        + " = " + Show.dim(r), t.why());
            if (decidable && ok.size() == 1 && n != 1) sr.cx.emit(new Fact.DimEq(new Dim.Var(x), ok.getFirst()), t.why());
            else changed |= sr.record(x, n, t.why());
        }
        return changed;
    }

    /**
     * The ground value with {@code x := c}; null when other variables remain; empty when no
     * dimension results (a basis conflict, a negative or overflowing size).
     */
    private static Optional<Dim> ground(Dim d, String x, Dim c) {
        try {
            Optional<Dim> g = Sizes.ground(d, n -> n.equals(x) ? c : null);
            return g.isPresent() ? g : null;
        } catch (Sizes.BasisConflict | IllegalArgumentException | ArithmeticException e) {
            return Optional.empty();
        }
    }

    private static void bases(Dim d, Set<String> out) {
        switch (d) {
            case Dim.Atom a when !a.hasDefaultBasis() -> out.add(a.basis());
            case Dim.Concat c -> c.parts().forEach(p -> bases(p, out));
            case Dim.Affine a -> {
                bases(a.over(), out);
                a.kernel().ifPresent(k -> bases(k, out));
            }
            default -> {}
        }
    }

    /** {@code lo ⊑ up} with a compound lower side: decided once that side is ground. */
    boolean step(SizeItem it, SizeItem.Le e) {
        Trace t = new Trace(it.why, false);
        Dim lo = sr.deep(e.lower(), t), up = sr.deep(e.upper(), t);
        if (!SizeTerms.compound(lo)) {
            it.alive = false;
            sr.cx.emit(new Fact.DimLe(lo, up), t.why());
        } else if (up instanceof Dim.Unit) {
            it.alive = false;
        } else if (up instanceof Dim.Atom || SizeTerms.compound(up)) {
            it.alive = false;
            sr.cx.emit(new Fact.DimEq(lo, up), t.why());
        } else {
            it.residual = "broadcast order " + Show.dim(lo) + " <= " + Show.dim(up) + " waits for the sizes of " + Show.dim(lo);
        }
        return false;
    }
}
