package org.shapeforge.solve.close;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.rules.EngineView;
import org.shapeforge.solve.rules.Residual;
import org.shapeforge.solve.rules.Symbols;
import org.shapeforge.solve.size.LinearConstraint;
import org.shapeforge.solve.size.LinearExpr;
import org.shapeforge.solve.size.Monomial;
import org.shapeforge.solve.size.Polynomial;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * Stage 5's symbolic half (issue 31), before any numeric size is guessed: the residual linear
 * system is read with the dynamic dimensions (and the symbols derived so far) as symbols, and an
 * equation that determines one other unknown {@code v} as a function of them gives v that value:
 * <ul>
 *   <li>{@code ±v + S = 0}: {@code v = ∓S};
 *   <li>{@code k·v + S = 0}, k ≥ 2: {@code v = -S / k} when every coefficient divides, else
 *       {@code v = (-S) // k} with the condition {@code (-S) % k == 0};
 *   <li>{@code k·v + r + S = 0} with r's range {@code lo..hi}, {@code hi - lo + 1 == k} (the floor
 *       remainder of a strided convolution or pooling): {@code v = (E - lo) // k} and
 *       {@code r = (E - lo) % k + lo}, {@code E = -S};
 *   <li>{@code k·v - r + S = 0} likewise (the remainder on the other side, as ONNX pooling with
 *       {@code ceil_mode} is emitted: {@code size(x) + size(r) + 1 == 2 * size(y) + 2}):
 *       {@code v = (E + hi) // k}, {@code r = hi - (E + hi) % k}.
 * </ul>
 * A value that is a constant binds v to it; one that is a single symbol binds v to that symbol as
 * a dimension equality (the dynamic dim stays the representative); one equal to an earlier
 * derived symbol's value binds v to that symbol; any other makes v a derived symbol
 * ({@link Symbols}), never closed to a number, with the condition that its value is a size. The
 * values are entailed by the constraints (each is the unique solution of its equation), so they
 * depend neither on the order of the constraints nor on the names; the bindings are policy steps
 * (the basis), re-solved to a fixpoint like every commitment.
 */
final class SymbolicStage {
    private final EngineView view;
    private final BiConsumer<Fact, Why> commit;

    SymbolicStage(EngineView view, BiConsumer<Fact, Why> commit) {
        this.view = view;
        this.commit = commit;
    }

    /** One derivation; true when something was derived or bound (the caller re-runs the forced sizes and this). */
    boolean step() {
        Residual res = Residual.of(view.sizes());
        List<LinearConstraint> cs = res.system().constraints();
        Map<String, long[]> range = ranges(cs);
        Symbols sy = view.sizes().symbols();
        for (LinearConstraint c : cs) {
            if (c.rel() != Rel.EQ || c.expr().variables().stream().anyMatch(v -> v.startsWith("%"))) continue;
            List<String> unknown = new ArrayList<>();
            LinearExpr symbolic = LinearExpr.of(c.expr().constant());
            for (var e : c.expr().coeffs().entrySet()) {
                if (view.sizes().isSymbol(e.getKey())) symbolic = symbolic.plus(LinearExpr.var(e.getKey()).times(e.getValue()));
                else unknown.add(e.getKey());
            }
            if (unknown.isEmpty() || symbolic.variables().isEmpty()) continue; // numbers only: the numeric stages' business
            SymSize s;
            try {
                s = sy.of(symbolic);
            } catch (ArithmeticException overflow) {
                continue;
            }
            if (unknown.size() == 1) {
                String v = unknown.getFirst();
                return assignSolution(v, c.expr().coeff(v).longValueExact(), s, res.why());
            }
            if (unknown.size() == 2) {
                for (int i = 0; i < 2; i++) {
                    String v = unknown.get(i), r = unknown.get(1 - i);
                    BigInteger av = c.expr().coeff(v), ar = c.expr().coeff(r);
                    long k = av.abs().longValueExact();
                    long[] lr = range.get(r);
                    if (k < 2 || lr == null || ar.abs().compareTo(BigInteger.ONE) != 0 || lr[1] - lr[0] + 1 != k) continue;
                    SymSize big = s.times(av.signum() > 0 ? -1 : 1); // k·v + t·r = E, t = ±1
                    if (ar.signum() == av.signum()) { // t = +1: k·v + (r - lo) = E - lo
                        SymSize e = big.plus(-lr[0]);
                        if (!assign(v, e.floorDiv(k), List.of(), res.why())) continue;
                        assign(r, e.mod(k).plus(lr[0]), List.of(), res.why());
                    } else { // t = -1 (a ceil-mode pool): k·v + (hi - r) = E + hi
                        SymSize e = big.plus(lr[1]);
                        if (!assign(v, e.floorDiv(k), List.of(), res.why())) continue;
                        assign(r, e.mod(k).times(-1).plus(lr[1]), List.of(), res.why());
                    }
                    return true;
                }
            }
        }
        for (var p : view.sizes().residualProductEquations()) {
            // a product equation with one unknown, alone and of degree 1 in its monomial: a·v + S = 0
            List<String> unknown = p.variables().stream().filter(v -> !view.sizes().isSymbol(v)).toList();
            if (unknown.size() != 1) continue;
            String v = unknown.getFirst();
            var mono = Monomial.of(v);
            if (!p.terms().containsKey(mono) || p.terms().keySet().stream().filter(m -> m.factors().contains(v)).count() != 1) continue;
            long a = p.terms().get(mono).longValueExact();
            var restTerms = new TreeMap<>(p.terms());
            restTerms.remove(mono);
            SymSize s;
            try {
                s = sy.of(new Polynomial(restTerms));
            } catch (ArithmeticException overflow) {
                continue;
            }
            if (s.vars().isEmpty()) continue; // numbers only: the numeric stages' business
            if (assignSolution(v, a, s, Why.NONE)) return true;
        }
        return broadcast();
    }

    /**
     * Assigns {@code v} the solution of {@code a·v + s = 0}: {@code e = ∓s} divided by {@code |a|},
     * exactly where it divides, else its floor with the divisibility {@code e mod |a| = 0} as a
     * domain condition; whether the assignment was made ({@link #assign}).
     */
    private boolean assignSolution(String v, long a, SymSize s, Why why) {
        SymSize e = s.times(a > 0 ? -1 : 1); // |a|·v = e
        long k = Math.abs(a);
        List<SymCondition> conds = new ArrayList<>();
        SymSize value;
        if (k == 1 || e.divisibleBy(k)) value = e.exactDiv(k);
        else {
            value = e.floorDiv(k);
            conds.add(new SymCondition(e.mod(k), Rel.EQ, SymSize.constant(0)));
        }
        return assign(v, value, conds, why);
    }

    /**
     * A variable below symbols only closes to that symbol, before any numeric guess: {@code d ⊑ s}
     * with {@code s} a dynamic or derived symbol admits {@code s = d} or {@code s = 1}, and the
     * symbol is never pinned to the unit, so {@code d = s} is the one reading (NumPy's broadcast
     * result). Below several symbols whose values are provably equal ({@link SymSize#provablyEquals})
     * the same holds with any of them (a dynamic one first, then the least name: the value is the
     * same). Below symbols with different values, or with a cap, it stays for the later stages. Without
     * this here, the numeric guess of stage 5 closed {@code d} to 1 and so the dynamic dim above it
     * ({@code dynamic height; [d] <= [height]} followed by a stride-2 convolution on d closed
     * {@code height = 1}: torchvision's resnet18 with dynamic height and width printed every spatial
     * axis as 1), or closed a derived symbol to 1 and left a domain condition pinning the dynamic dim.
     * Interleaved with the derivations above to a fixpoint (the caller's loop), so a floor division
     * on d downstream resolves symbolically. One commitment per call; true when one was made.
     */
    private boolean broadcast() {
        var store = view.store();
        Symbols sy = view.sizes().symbols();
        for (int i = 0, n = store.registeredDims(); i < n; i++) {
            int slot = store.registeredDim(i);
            String v = store.dimName(slot);
            if (store.dimBound(slot) || view.sizes().isSymbol(v) || store.cap(slot) != null) continue;
            Set<String> above = view.sizes().symbolsAbove(v);
            if (above.isEmpty()) continue;
            String pick = null;
            SymSize value = null;
            boolean equal = true;
            for (String u : above) { // sorted: dynamic ones (not derived) first, then by name
                SymSize val = sy.value(u);
                if (value == null) {
                    pick = u;
                    value = val;
                } else if (!value.provablyEquals(val)) {
                    equal = false;
                    break;
                }
            }
            if (!equal) {
                // u ⊑ ... : each symbol above v is v or 1, so every one that the domain keeps from 1 (a U-Net's
                // skip h beside its upsampled 8 * (h // 8)) is v: v is the first, and they are equal where the answer holds
                List<String> big = above.stream().filter(u -> sy.excludes(sy.value(u), 1)).toList();
                if (big.isEmpty()) continue;
                pick = big.getFirst();
                for (String u : big)
                    if (!sy.value(u).provablyEquals(sy.value(pick)))
                        sy.require(new SymCondition(sy.value(u), Rel.EQ, sy.value(pick)), Why.GUESS);
            }
            commit.accept(new Fact.DimEq(new Dim.Var(v), new Dim.Var(pick)), Why.GUESS);
            return true;
        }
        return false;
    }

    /** Gives v its value (see the class comment); false when v is no longer an unbound non-symbol. */
    private boolean assign(String v, SymSize value, List<SymCondition> conds, Why why) {
        if (!(view.dim(new Dim.Var(v), new Trace(Why.NONE, false)) instanceof Dim.Var rep) || !rep.name().equals(v)
                || view.sizes().isSymbol(v))
            return false;
        Why w = Why.GUESS.and(why);
        var constant = value.asConstant();
        if (constant.isPresent()) {
            if (constant.get() < 0) return false; // left to the numeric stages, which report it
            commit.accept(new Fact.DimEq(new Dim.Var(v), Sizes.ofSize(constant.get(), Dim.DEFAULT_BASIS)), w);
            return true;
        }
        var name = value.asName();
        if (name.isPresent()) {
            commit.accept(new Fact.DimEq(new Dim.Var(v), new Dim.Var(name.get())), w);
            return true;
        }
        Symbols sy = view.sizes().symbols();
        for (var d : sy.derived().entrySet())
            if (d.getValue().provablyEquals(value)) {
                commit.accept(new Fact.DimEq(new Dim.Var(v), new Dim.Var(d.getKey())), w);
                return true;
            }
        List<SymCondition> all = new ArrayList<>(conds);
        all.add(Symbols.atLeast(value, view.sizes().isDiscardable(v) ? 0 : 1));
        sy.derive(v, value, all, w);
        return true;
    }

    /** The ranges {@code lo..hi} of variables bounded on both sides by single-variable inequalities. */
    private static Map<String, long[]> ranges(List<LinearConstraint> cs) {
        Map<String, long[]> out = new HashMap<>();
        for (LinearConstraint c : cs) {
            if (c.expr().variables().size() != 1 || c.rel() == Rel.NE || c.rel() == Rel.EQ) continue;
            String v = c.expr().variables().iterator().next();
            if (v.startsWith("%")) continue;
            BigInteger a = c.expr().coeff(v), b = c.expr().constant();
            if (!a.abs().equals(BigInteger.ONE)) continue;
            // a·v + b rel 0
            long bound = b.negate().multiply(a).longValueExact(); // v rel' bound
            boolean upper = switch (c.rel()) {
                case LE, LT -> a.signum() > 0;
                default -> a.signum() < 0;
            };
            boolean strict = c.rel() == Rel.LT || c.rel() == Rel.GT;
            long[] r = out.computeIfAbsent(v, x -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE});
            if (upper) r[1] = Math.min(r[1], strict ? bound - 1 : bound);
            else r[0] = Math.max(r[0], strict ? bound + 1 : bound);
        }
        out.values().removeIf(r -> r[0] == Long.MIN_VALUE || r[1] == Long.MAX_VALUE);
        return out;
    }
}
