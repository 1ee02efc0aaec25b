package org.shapeforge.solve.rules;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.solve.size.LinearConstraint;
import org.shapeforge.solve.size.LinearExpr;
import org.shapeforge.solve.size.LinearSystem;
import org.shapeforge.term.sym.SymAtom;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * The domain conditions of a symbolic answer as a linear integer system ({@link LinearSystem}),
 * exactly where the conditions are linear: every dynamic name is a size ({@code ≥ 1}); a floor
 * division {@code q = p // k} is an auxiliary with {@code k·q <= p <= k·q + k - 1} (exact over the
 * integers); a remainder {@code p % k} is {@code p - k·q} of the same auxiliary. A monomial of two
 * or more atoms ({@code src_len * batch}) is an unconstrained auxiliary: the system is then a
 * <em>relaxation</em> ({@link #relaxed}), whose infeasibility refutes the conditions but whose
 * models must be re-checked. Auxiliaries are named after the atom's printed form, so the system
 * does not depend on the order the conditions were derived in. Immutable once built.
 */
final class DomainSystem {
    private final List<LinearConstraint> constraints = new ArrayList<>();
    private final Set<String> auxiliary = new TreeSet<>();
    private final Set<String> zeroable = new TreeSet<>();
    private final Map<String, SymSize.Mono> products = new TreeMap<>();

    private DomainSystem() {}

    /** The system of {@code conditions} (each {@code label}led by its printed form) over {@code names} (all sizes). */
    static DomainSystem of(List<SymCondition> conditions, Set<String> names) {
        return of(conditions, names, Set.of());
    }

    /**
     * As {@link #of(List, Set)}, where the names in {@code zeroable} (discardable variables) are
     * sizes {@code >= 0} and the others {@code >= 1} (Def. 1.1).
     */
    static DomainSystem of(List<SymCondition> conditions, Set<String> names, Set<String> zeroable) {
        DomainSystem s = new DomainSystem();
        s.zeroable.addAll(zeroable);
        for (String n : names) {
            long lower = zeroable.contains(n) ? 0 : 1;
            s.constraints.add(LinearConstraint.of(LinearExpr.var(n), Rel.GE, LinearExpr.of(lower), "size(" + n + ") >= " + lower));
        }
        for (SymCondition c : conditions)
            s.constraints.add(new LinearConstraint(s.lin(c.left().minus(c.right())), c.rel(), c.toString()));
        return s;
    }

    /** The system with {@code extra} added. */
    LinearSystem system(List<LinearConstraint> extra) {
        List<LinearConstraint> all = new ArrayList<>(constraints);
        all.addAll(extra);
        return new LinearSystem(all, zeroable, auxiliary);
    }

    /** Whether a product of atoms was relaxed to a free auxiliary. */
    boolean relaxed() {
        return !products.isEmpty();
    }

    /** The relaxed monomials, by auxiliary name (sorted). */
    Map<String, SymSize.Mono> products() {
        return Collections.unmodifiableMap(products);
    }

    private LinearExpr lin(SymSize s) {
        LinearExpr out = LinearExpr.ZERO;
        for (var t : s.terms().entrySet()) {
            List<SymAtom> atoms = t.getKey().atoms();
            BigInteger c = BigInteger.valueOf(t.getValue());
            LinearExpr m = switch (atoms.size()) {
                case 0 -> LinearExpr.of(1);
                case 1 -> atom(atoms.getFirst());
                default -> product(t.getKey());
            };
            out = out.plus(m.times(c));
        }
        return out;
    }

    private LinearExpr atom(SymAtom a) {
        return switch (a) {
            case SymAtom.Name(String n) -> LinearExpr.var(n);
            case SymAtom.Div(SymSize num, long k) -> LinearExpr.var(quotient(num, k));
            case SymAtom.Mod(SymSize num, long k) -> lin(num).minus(LinearExpr.var(quotient(num, k)).times(BigInteger.valueOf(k)));
        };
    }

    /** The auxiliary {@code q = num // k}, made once with its two bounds. */
    private String quotient(SymSize num, long k) {
        String q = "%q(" + new SymAtom.Div(num, k).show() + ")";
        if (auxiliary.add(q)) {
            LinearExpr p = lin(num), kq = LinearExpr.var(q).times(BigInteger.valueOf(k));
            String label = q.substring(3, q.length() - 1);
            constraints.add(LinearConstraint.of(kq, Rel.LE, p, label + " (floor division, from below)"));
            constraints.add(LinearConstraint.of(p, Rel.LE, kq.plus(k - 1), label + " (floor division, from above)"));
        }
        return q;
    }

    private LinearExpr product(SymSize.Mono m) {
        StringBuilder b = new StringBuilder("%p(");
        for (int i = 0; i < m.atoms().size(); i++) b.append(i > 0 ? " * " : "").append(m.atoms().get(i).show());
        String p = b.append(')').toString();
        auxiliary.add(p);
        products.put(p, m);
        return LinearExpr.var(p);
    }
}
