package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * One integer linear program through ojalgo's {@link ExpressionsBasedModel}: the {@code ≥ 0}
 * forms, finite variable bounds, minimise the sum of the sizes. ojalgo computes in doubles, so
 * its answer is only a candidate: a model is rounded and handed back for the exact re-check
 * ({@code stack.md}: "round and re-check exactly"); coefficients beyond 2^50 are refused rather
 * than rounded.
 */
final class Ilp {
    static final BigInteger EXACT_DOUBLE = BigInteger.ONE.shiftLeft(50);
    static final long TIME_LIMIT_MS = 3_000;

    private Ilp() {}

    /*
     * ojalgo's own switch (read once in OjAlgoUtils' static initialiser, before its first use):
     * without it ojalgo prints a "hardware profile" notice on System.out whenever it does not know
     * the machine, which corrupts the CLI's stdout (--json). A user's explicit setting wins.
     */
    static {
        if (System.getProperty("shut.up.ojAlgo") == null) System.setProperty("shut.up.ojAlgo", "true");
    }

    sealed interface Answer {
        record Model(Map<String, Long> values) implements Answer {}

        record Infeasible() implements Answer {}

        record Failed(String why) implements Answer {}
    }

    /** {@code relax}: solve the LP relaxation instead (only its infeasibility is used). */
    static Answer solve(List<Bounds.Form> forms, Map<String, Interval> bounds, Set<String> sizes, boolean relax) {
        for (Bounds.Form f : forms) {
            if (f.expr().constant().abs().compareTo(EXACT_DOUBLE) > 0
                    || f.expr().coeffs().values().stream().anyMatch(c -> c.abs().compareTo(EXACT_DOUBLE) > 0))
                return new Answer.Failed("coefficient beyond 2^50 in " + f.label());
        }
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        model.options.time_abort = TIME_LIMIT_MS;
        TreeMap<String, Variable> vars = new TreeMap<>();
        List<String> order = new ArrayList<>();
        for (var e : bounds.entrySet()) {
            Variable v = model.addVariable(e.getKey()).integer(!relax);
            if (e.getValue().lo() != null) v.lower(e.getValue().lo());
            if (e.getValue().hi() != null) v.upper(e.getValue().hi());
            if (sizes.contains(e.getKey())) v.weight(1);
            vars.put(e.getKey(), v);
            order.add(e.getKey());
        }
        int n = 0;
        for (Bounds.Form f : forms) {
            Expression x = model.addExpression("c" + n++);
            f.expr().coeffs().forEach((name, c) -> x.set(vars.get(name), c));
            x.lower(f.expr().constant().negate());
        }
        Optimisation.Result r = model.minimise();
        Optimisation.State s = r.getState();
        if (s == Optimisation.State.INFEASIBLE) return new Answer.Infeasible();
        if (!s.isFeasible()) return new Answer.Failed("ILP ended " + s);
        TreeMap<String, Long> values = new TreeMap<>();
        for (int i = 0; i < order.size(); i++) {
            double d = r.doubleValue(i);
            if (!Double.isFinite(d) || Math.abs(d) > 0x1p62) return new Answer.Failed("ILP value " + d + " for " + order.get(i));
            values.put(order.get(i), Math.round(d));
        }
        return new Answer.Model(values);
    }
}
