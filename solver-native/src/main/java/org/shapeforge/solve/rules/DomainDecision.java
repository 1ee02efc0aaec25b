package org.shapeforge.solve.rules;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.solve.size.LinearConstraint;
import org.shapeforge.solve.size.LinearExpr;
import org.shapeforge.solve.size.LinearResult;
import org.shapeforge.solve.size.LinearSolver;
import org.shapeforge.term.sym.SymAtom;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * Decides the domain of a symbolic answer: whether some binding of the dynamic dimensions (sizes
 * {@code ≥ 1}) satisfies every domain condition, and if so which bindings the soundness guard
 * checks the answer at. The conditions ({@code sh - 197 * batch == 0}, {@code (samples + 76) // 512
 * >= 1}, {@code n % 4 == 0}) are a linear integer problem once each floor division is an
 * auxiliary ({@link DomainSystem}); it is decided by the native solver's own {@link LinearSolver}
 * (exact elimination and gcd refutation, exact bound propagation, then ojAlgo's MIP for a
 * least-material model), chosen over a new procedure because it already certifies what ojAlgo's
 * floating point says: every model is re-checked exactly. No value is sampled from a fixed list.
 *
 * <p>Every witness is re-checked here too, exactly, against the original conditions (long
 * arithmetic, overflow a failure). Products of two dynamic dims are relaxed to free auxiliaries:
 * a relaxation without models refutes the conditions; a relaxed model that fails the exact check
 * has one factor of each product fixed at its value there and is solved again (then linear in
 * the other factor) — a failure after that is {@link Decision.Undecided}, never a refutation.
 * Before that, the positive factors of each product condition are divided out
 * ({@link DomainFactoring}, an equivalence under the other conditions), so that
 * {@code (f − 1)·(sh − 4·batch) == 0} with {@code f − 1 >= 1} is solved as the linear
 * {@code sh == 4·batch}; the witness is still checked against the conditions as given.
 */
final class DomainDecision {
    private DomainDecision() {}

    /** The answer: bindings inside the domain, a proof that it is empty, or neither. */
    sealed interface Decision {
        /** Bindings of every dynamic name, each satisfying every condition (checked exactly), in the order found. */
        record Witnesses(List<Map<String, Long>> bindings) implements Decision {
            public Witnesses {
                bindings = List.copyOf(bindings);
            }
        }

        /** No binding satisfies the conditions: {@code reason} names the ones that conflict. */
        record Empty(String reason) implements Decision {}

        /** Neither a witness nor a refutation was found. */
        record Undecided(String reason) implements Decision {}
    }

    /**
     * Up to {@code count} bindings of {@code names} inside the domain of {@code conditions} (with
     * {@code derived}'s values {@code ≥ 0}) that also satisfy {@code own} (the input's own
     * relations among the dynamic dims, not printed as the domain). Bindings with every name at one
     * value come first where the domain has them (they satisfy any broadcast order among the dynamic
     * dims too): the least-material one, then each next one strictly above the last in every name
     * where that is possible, else in their sum; only where no such binding exists, the same series
     * without that preference.
     */
    static Decision decide(List<SymCondition> conditions, Iterable<SymSize> derived, Set<String> names, List<SymCondition> own, int count) {
        return decide(conditions, derived, names, own, count, Set.of());
    }

    /** As {@link #decide(List, Iterable, Set, List, int)}, the names in {@code zeroable} (discardable) ranging from 0 (Def. 1.1). */
    static Decision decide(List<SymCondition> conditions, Iterable<SymSize> derived, Set<String> names, List<SymCondition> own, int count,
            Set<String> zeroable) {
        List<SymCondition> all = new ArrayList<>(conditions);
        for (SymSize d : derived) all.add(Symbols.atLeast(d, 0));
        all.addAll(own);
        all.sort(Comparator.comparing(SymCondition::toString)); // the system does not depend on derivation order
        TreeSet<String> ns = new TreeSet<>(names);
        for (SymCondition c : all) {
            ns.addAll(c.left().vars());
            ns.addAll(c.right().vars());
        }
        Conditions conds = new Conditions(all, DomainFactoring.simplify(all, zeroable));
        List<LinearConstraint> equal = new ArrayList<>();
        for (String n : ns)
            if (!n.equals(ns.first())) equal.add(LinearConstraint.eq(LinearExpr.var(n), LinearExpr.var(ns.first()), n + " = " + ns.first()));
        if (!equal.isEmpty() && witness(conds, ns, equal, zeroable) instanceof Decision.Witnesses(List<Map<String, Long>> w))
            return new Decision.Witnesses(series(conds, ns, equal, w.getFirst(), count, zeroable));
        return switch (witness(conds, ns, List.of(), zeroable)) {
            case Decision.Witnesses(List<Map<String, Long>> w) -> new Decision.Witnesses(series(conds, ns, List.of(), w.getFirst(), count, zeroable));
            case Decision.Empty e -> e;
            case Decision.Undecided u -> u;
        };
    }

    /** {@link #decide}'s series from {@code first}, every binding also satisfying {@code base}. */
    private static List<Map<String, Long>> series(Conditions all, Set<String> ns, List<LinearConstraint> base,
            Map<String, Long> first, int count, Set<String> zeroable) {
        List<Map<String, Long>> out = new ArrayList<>(List.of(first));
        while (out.size() < count) {
            Map<String, Long> last = out.getLast();
            List<LinearConstraint> above = new ArrayList<>(base);
            for (String n : ns) above.add(LinearConstraint.of(LinearExpr.var(n), Rel.GT, LinearExpr.of(last.get(n)), n + " above " + last.get(n)));
            Decision next = witness(all, ns, above, zeroable);
            if (!(next instanceof Decision.Witnesses)) {
                LinearExpr sum = LinearExpr.ZERO, at = LinearExpr.ZERO;
                for (String n : ns) {
                    sum = sum.plus(LinearExpr.var(n));
                    at = at.plus(LinearExpr.of(last.get(n)));
                }
                List<LinearConstraint> larger = new ArrayList<>(base);
                larger.add(LinearConstraint.of(sum, Rel.GT, at, "a larger binding than " + last));
                next = witness(all, ns, larger, zeroable);
            }
            if (!(next instanceof Decision.Witnesses(List<Map<String, Long>> w))) break;
            out.add(w.getFirst());
        }
        return out;
    }

    /** One binding inside the conditions and {@code extra}, or why there is none. */
    private static Decision witness(Conditions conditions, Set<String> names, List<LinearConstraint> extra, Set<String> zeroable) {
        Map<String, Long> fixed = new TreeMap<>();
        for (int round = 0; round <= names.size(); round++) {
            List<SymCondition> cs = round == 0 ? conditions.solved() : substituted(conditions.solved(), fixed);
            Set<String> free = new TreeSet<>(names);
            free.removeAll(fixed.keySet());
            DomainSystem sys = DomainSystem.of(cs, free, zeroable);
            List<LinearConstraint> ex = extra.stream().map(c -> fix(c, fixed)).toList();
            switch (LinearSolver.solve(sys.system(ex), Map.of())) {
                case LinearResult.Unsat u -> {
                    if (round == 0) return new Decision.Empty(u.reason());
                    return new Decision.Undecided("with a factor of each product fixed at " + fixed + ": " + u.reason());
                }
                case LinearResult.Unknown u -> { return new Decision.Undecided(u.reason()); }
                case LinearResult.Sat s -> {
                    Map<String, Long> b = new TreeMap<>(fixed);
                    for (String n : free) b.put(n, s.model().getOrDefault(n, 1L));
                    if (holds(conditions.given(), b) && extra.stream().allMatch(c -> c.holds(b))) return new Decision.Witnesses(List.of(b));
                    if (!sys.relaxed()) // a linear model the exact check rejects: a defect of the solver below, not a proof
                        return new Decision.Undecided("the linear solver's model " + b + " fails the exact re-check");
                    int before = fixed.size();
                    for (SymSize.Mono m : sys.products().values())
                        for (SymAtom a : m.atoms())
                            if (a instanceof SymAtom.Name(String n) && !fixed.containsKey(n)) {
                                fixed.put(n, b.get(n));
                                break;
                            }
                    if (fixed.size() == before)
                        return new Decision.Undecided("a product of the dynamic dimensions has no factor left to fix (" + b + ")");
                }
            }
        }
        return new Decision.Undecided("no binding found with the products' factors fixed at " + fixed);
    }

    /** The conditions as given (every witness is checked against these) and as solved (their positive factors divided out, an equivalence). */
    private record Conditions(List<SymCondition> given, List<SymCondition> solved) {}

    private static List<SymCondition> substituted(List<SymCondition> cs, Map<String, Long> fixed) {
        Map<String, SymSize> at = new TreeMap<>();
        fixed.forEach((n, v) -> at.put(n, SymSize.constant(v)));
        return cs.stream().map(c -> new SymCondition(c.left().substitute(at), c.rel(), c.right().substitute(at))).toList();
    }

    private static LinearConstraint fix(LinearConstraint c, Map<String, Long> fixed) {
        return new LinearConstraint(c.expr().substitute(fixed), c.rel(), c.label());
    }

    /** The exact check: every condition holds at {@code b} (an overflow is a failure). */
    static boolean holds(List<SymCondition> conditions, Map<String, Long> b) {
        return SymCondition.allHold(conditions, b);
    }
}
