package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.shapeforge.lang.Constraint.Rel;

/**
 * Decides a {@link LinearSystem} (issue 4: "decide the linear-integer part with a real
 * solver"). Each {@code !=} is split into its two strict sides (at most
 * {@link #MAX_DISEQUALITIES}, so at most 64 branches); each branch is narrowed by exact interval
 * propagation ({@link Bounds}) and handed to ojalgo's ILP ({@link Ilp}). Nothing ojalgo says is
 * trusted as is:
 * <ul>
 *   <li>a model is rounded and re-checked exactly against every constraint; a failure is
 *       {@code Unknown}, never {@code Sat};
 *   <li>infeasibility is certified by exhaustive enumeration when the propagated domains hold at
 *       most {@link #ENUMERATION_LIMIT} points; above that the ILP's infeasibility is trusted —
 *       the one floating-point judgement left, said in the reason;
 *   <li>sizes with no derivable upper bound are capped at {@link #CAP} (2^24: ojalgo 55.2 was
 *       seen to call {@code a + b = c + 3} infeasible under a cap of 2^31); infeasibility under
 *       the cap is {@code Unsat} only if the uncapped LP relaxation is infeasible too, else
 *       {@code Unknown};
 *   <li>equalities are first refuted exactly where {@link Equalities} can (unit elimination and
 *       the gcd test), the case where branch and bound would search longest.
 * </ul>
 * Objective (the closing policy of issue 4, "the least-material solution"): the preferred
 * values are fixed greedily, in the map's iteration order, each kept when the system stays
 * satisfiable; among the remaining models, one minimising the sum of the sizes (auxiliaries
 * unweighted). Minimality is the ILP's claim and is not re-checked; satisfaction is.
 */
public final class LinearSolver {
    public static final long CAP = 1L << 24;
    public static final int MAX_DISEQUALITIES = 6;
    public static final long ENUMERATION_LIMIT = 100_000;

    private LinearSolver() {}

    public static LinearResult solve(LinearSystem sys, Map<String, Long> preferred) {
        LinearResult r = decide(sys);
        if (!(r instanceof LinearResult.Sat) || preferred.isEmpty()) return r;
        LinearSystem all = sys;
        for (var p : preferred.entrySet()) all = fix(all, p.getKey(), p.getValue());
        LinearResult allFixed = decide(all);
        if (allFixed instanceof LinearResult.Sat) return allFixed;
        LinearSystem cur = sys;
        for (var p : preferred.entrySet()) {
            LinearSystem trial = fix(cur, p.getKey(), p.getValue());
            if (trial == cur) continue;
            LinearResult t = decide(trial);
            if (t instanceof LinearResult.Sat) {
                cur = trial;
                r = t;
            }
        }
        return r;
    }

    /** Whether {@code sys} entails {@code c}: {@code sys ∧ ¬c} unsatisfiable. */
    public static LinearEntailment entails(LinearSystem sys, LinearConstraint c) {
        return switch (decide(sys.with(c.negation()))) {
            case LinearResult.Unsat u -> new LinearEntailment.Entailed(u.reason());
            case LinearResult.Sat s -> new LinearEntailment.NotEntailed(s.model());
            case LinearResult.Unknown u -> new LinearEntailment.Undetermined(u.reason());
        };
    }

    private static LinearSystem fix(LinearSystem sys, String v, long value) {
        if (!sys.variables().contains(v)) return sys;
        return sys.with(LinearConstraint.eq(LinearExpr.var(v), LinearExpr.of(value), "preferred " + v + " = " + value));
    }

    /** Satisfiability with a least-material model, over all branches of the disequalities. */
    static LinearResult decide(LinearSystem sys) {
        List<Bounds.Form> base = new ArrayList<>();
        List<LinearConstraint> ne = new ArrayList<>();
        for (LinearConstraint c : sys.constraints()) {
            if (c.rel() == Rel.NE) ne.add(c);
            for (LinearExpr e : c.asNonNegative()) base.add(new Bounds.Form(e, c.label()));
        }
        String what = labels(sys);
        var refuted = Equalities.refute(sys);
        if (refuted.isPresent())
            return new LinearResult.Unsat("size predicates: no integer solution to " + what + " (" + refuted.get() + ")");
        if (ne.size() > MAX_DISEQUALITIES)
            return new LinearResult.Unknown("size predicates: " + ne.size() + " disequalities exceed the "
                    + MAX_DISEQUALITIES + " this solver branches on, in " + what);
        Map<String, Long> best = null;
        BigInteger bestCost = null;
        List<String> unknown = new ArrayList<>();
        List<String> proofs = new ArrayList<>();
        for (int mask = 0; mask < 1 << ne.size(); mask++) {
            List<Bounds.Form> forms = new ArrayList<>(base);
            for (int j = 0; j < ne.size(); j++) {
                LinearExpr e = ne.get(j).expr();
                LinearExpr side = (mask >> j & 1) == 1 ? e : e.negate();
                forms.add(new Bounds.Form(side.minus(LinearExpr.of(1)), ne.get(j).label()));
            }
            switch (Branch.solve(sys, forms)) {
                case Branch.Answer.Model(Map<String, Long> m) -> {
                    BigInteger cost = cost(sys, m);
                    if (best == null || cost.compareTo(bestCost) < 0) {
                        best = m;
                        bestCost = cost;
                    }
                }
                case Branch.Answer.Infeasible(String how) -> proofs.add(how);
                case Branch.Answer.Undecided(String why) -> unknown.add(why);
            }
        }
        if (best != null) return new LinearResult.Sat(sizesOnly(sys, best));
        if (!unknown.isEmpty()) return new LinearResult.Unknown("size predicates: " + unknown.getFirst() + ", in " + what);
        String how = ne.isEmpty() ? proofs.getFirst() : "in each of the " + proofs.size() + " branches of !=: " + proofs.getFirst();
        return new LinearResult.Unsat("size predicates: no integer solution to " + what + " (" + how + ")");
    }

    /** The sizes exact interval propagation pins to one value (empty on a refutation too). */
    public static Map<String, Long> forced(LinearSystem sys) {
        List<Bounds.Form> forms = new ArrayList<>();
        for (LinearConstraint c : sys.constraints())
            for (LinearExpr e : c.asNonNegative()) forms.add(new Bounds.Form(e, c.label()));
        TreeMap<String, Long> out = new TreeMap<>();
        if (Bounds.propagate(forms, Branch.initial(sys)) instanceof Bounds.Outcome.Narrowed(Map<String, Interval> iv)) {
            iv.forEach((v, i) -> {
                if (sys.isSize(v) && i.finite() && i.lo().equals(i.hi()) && i.lo().bitLength() < 63) out.put(v, i.lo().longValueExact());
            });
        }
        return out;
    }

    private static BigInteger cost(LinearSystem sys, Map<String, Long> m) {
        BigInteger sum = BigInteger.ZERO;
        for (var e : m.entrySet()) if (sys.isSize(e.getKey())) sum = sum.add(BigInteger.valueOf(e.getValue()));
        return sum;
    }

    private static Map<String, Long> sizesOnly(LinearSystem sys, Map<String, Long> m) {
        TreeMap<String, Long> out = new TreeMap<>();
        m.forEach((k, v) -> {
            if (sys.isSize(k)) out.put(k, v);
        });
        return out;
    }

    private static String labels(LinearSystem sys) {
        LinkedHashSet<String> ls = new LinkedHashSet<>();
        for (LinearConstraint c : sys.constraints()) ls.add(c.label());
        return String.join(" ∧ ", ls);
    }
}
