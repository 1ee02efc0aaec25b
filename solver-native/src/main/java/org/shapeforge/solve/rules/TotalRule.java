package org.shapeforge.solve.rules;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint.TotalNum;
import org.shapeforge.lang.Constraint;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.size.SizeResult;
import org.shapeforge.solve.size.SizeTranslator;
import org.shapeforge.solve.size.TotalElems;
import org.shapeforge.solve.store.Subst;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Total_elems (seed 000, "Preventing Premature Guessing with Total_elems"): over the
 * concatenated rows, no broadcasting. Once every row is closed the cross-multiplied monomial
 * equation goes to {@link TotalElems}: checked, solved for a single unknown (an axis, a divided_by
 * size or the Strided_var), failed with the numbers, or left residual ("underdetermined product").
 * Rows still open wait for stage 5's heuristics ({@code close.SizeStage}).
 */
final class TotalRule {
    private final SizeRules sr;

    TotalRule(SizeRules sr) {
        this.sr = sr;
    }

    boolean step(SizeItem it, SizeItem.Total total) {
        Trace t = new Trace(it.why, false);
        SizeResult res = evaluate(total.c(), null, null, t);
        return switch (res) {
            case SizeResult.Holds h -> {
                it.alive = false;
                yield false;
            }
            case SizeResult.Residual x -> {
                it.residual = x.why();
                yield false;
            }
            case SizeResult.Failed f -> throw Contradiction.fail(f.message(), t.why());
            case SizeResult.Solved s -> {
                boolean changed = false;
                for (var e : s.values().entrySet()) changed |= sr.record(e.getKey(), e.getValue(), t.why());
                yield changed;
            }
        };
    }

    /**
     * The constraint under σ, with the row variable {@code rho} (if not null) read as
     * {@code value}: residual while a row is open.
     */
    SizeResult evaluate(Constraint.Total c, String rho, Row value, Trace t) {
        List<Row> rows = new ArrayList<>();
        List<Dim> axes = new ArrayList<>();
        boolean open = false;
        for (Row r : c.rows()) {
            Row s = sr.cx.subst().row(r, t);
            if (rho != null && s instanceof Row.Open o && o.var().equals(rho))
                s = Subst.splice(o.lead(), value, o.trail());
            rows.add(s);
            open |= s.isOpen();
            for (Dim d : s.flat()) axes.add(sr.deep(d, t));
        }
        StringBuilder text = new StringBuilder();
        for (Row r : rows) text.append(text.isEmpty() ? "" : " ").append(Show.row(r));
        if (open) {
            SizeResult partial = divisibility(c, axes, text.toString(), t);
            return partial != null ? partial : new SizeResult.Residual("Total_elems: rows " + text + " are not yet known");
        }
        List<Dim> div = c.dividedBy().stream().map(d -> sr.deep(d, t)).toList();
        Set<String> vs = SizeTerms.vars(axes);
        vs.addAll(SizeTerms.vars(div));
        TotalNum num = c.numerator();
        Map<String, Long> known;
        if (num instanceof TotalNum.StridedVar s) {
            Dim v = sr.deep(s.var(), t);
            if (v instanceof Dim.Var w) {
                num = new TotalNum.StridedVar(s.coeff(), w, s.denom());
                vs.add(w.name());
                known = sr.known(vs, t);
            } else {
                known = new HashMap<>(sr.known(vs, t));
                known.put(s.var().name(), Sizes.size(v));
            }
        } else {
            known = sr.known(vs, t);
        }
        return TotalElems.solve(axes, num, div, known, sr.discardable, text.toString());
    }

    /**
     * With rows still open, a Num_elems {@code n > 0} must still be divisible by the product of
     * the sizes already known (axes and divided_by): every unknown factor is a positive integer.
     * Null when nothing can be said (a Strided_var, a discardable factor, an unknown divisor).
     */
    private SizeResult divisibility(Constraint.Total c, List<Dim> axes, String text, Trace t) {
        if (!(c.numerator() instanceof TotalNum.NumElems(long n)) || n == 0) return null;
        BigInteger k = BigInteger.ONE;
        List<Dim> all = new ArrayList<>(axes);
        for (Dim d : c.dividedBy()) all.add(sr.deep(d, t));
        Map<String, Long> known = sr.known(SizeTerms.vars(all), t);
        for (Dim d : all) {
            var e = SizeTranslator.size(d).substitute(known);
            if (e.isConstant()) k = k.multiply(e.constant());
            else if (e.variables().stream().anyMatch(sr.discardable::contains)) return null;
        }
        if (k.signum() == 0) return new SizeResult.Failed("Total_elems: " + n + " ≠ 0 (rows " + text + ")");
        BigInteger nn = BigInteger.valueOf(n);
        return nn.mod(k).signum() == 0 ? null
                : new SizeResult.Failed("Total_elems: " + n + " not divisible by " + k + " (rows " + text + ")");
    }

    /**
     * The divided_by variables of a live Total_elems whose Strided_var numerator is {@code v}
     * (unbound), or null when {@code v} is no such numerator ({@code has_uniq_constr_unless}).
     */
    Set<String> unlessSet(String v) {
        Set<String> out = null;
        // at a fixpoint a live Total_elems watches its numerator's representative: v's watchers suffice
        for (var x : sr.cx.store().dimWatchers(v)) {
            if (!(x instanceof SizeItem it) || !it.alive) continue;
            if (!(it.body instanceof SizeItem.Total(Constraint.Total c))) continue;
            if (!(c.numerator() instanceof TotalNum.StridedVar s) || c.dividedBy().isEmpty()) continue;
            Trace t = new Trace(it.why, false);
            if (!(sr.deep(s.var(), t) instanceof Dim.Var w) || !w.name().equals(v)) continue;
            if (out == null) out = new LinkedHashSet<>();
            for (Dim d : c.dividedBy())
                if (sr.deep(d, t) instanceof Dim.Var u) out.add(u.name());
        }
        return out;
    }
}
