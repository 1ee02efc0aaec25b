package org.shapeforge.onnx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymDomain;
import org.shapeforge.term.sym.SymSize;

/**
 * An axis read through the solver's one symbolic truth ({@link SolvedForm#symbolicSizes()}, issue
 * 31): a term σ⋆ binds (through its chain) to a dynamic dimension or to a variable the solver
 * determines as a function of the dynamic dimensions is that {@link SymSize} — {@code height},
 * {@code (samples + 1) // 2}, {@code batch * 192} — with each runtime size ({@link Emitter#define},
 * a dynamic name to the solver) replaced by its defining expression over the dim_params. A
 * variable that residual size relations tie to a dynamic dimension without determining it has no
 * symbolic value and no number: {@link #undetermined} says so (the closed model's number holds for
 * one binding of the dynamic dimensions only). Immutable once built.
 */
final class SymbolicReading {
    private final Set<String> dynamic;
    private final Map<String, SymSize> sizes;
    private final Map<String, Dim> bindings;
    private final Map<String, SymSize> runtime = new HashMap<>();
    private final Set<String> dependent = new HashSet<>();
    /** Variables the input's constraints give one value in every solution ({@link #forced}). */
    private Set<String> forced = Set.of();
    /** Whether closing set a dynamic dimension to a number (a solver defect): then no closed number is forced. */
    private final boolean closedDynamic;

    private SymbolicReading(Set<String> dynamic, SolvedForm s, Map<String, Dim> model, Map<String, SizeExpr> runtimeSizes, Set<String> pinned) {
        this.dynamic = Set.copyOf(dynamic);
        this.sizes = s == null ? Map.of() : s.symbolicSizes().sizes();
        this.bindings = s == null ? Map.of() : s.dimBindings();
        this.closedDynamic = s != null && dynamic.stream().anyMatch(n -> !runtimeSizes.containsKey(n) && model.containsKey(n) && !pinned.contains(n));
        for (String v : runtimeSizes.keySet()) resolveRuntime(v, runtimeSizes, new HashSet<>());
    }

    /**
     * The reading of the solved form of {@code s} (none: only dim_params and runtime sizes read
     * symbolically), for the problem whose constraints are {@code input}.
     */
    static SymbolicReading of(Outcome.Sat s, Set<String> dynamic, Map<String, SizeExpr> runtime, List<Constraint> input) {
        SolvedForm sf = s.solved().orElse(null);
        SymbolicReading out = new SymbolicReading(dynamic, sf, s.model().dims(), runtime, pinned(input, dynamic));
        if (sf != null && !dynamic.isEmpty()) {
            out.link(input);
            out.forced = forced(input);
        }
        return out;
    }

    /**
     * The dynamic dimensions the input's equalities alone (of axes, of literal rows axis by axis, of
     * an axis's size with a number's) make equal to a number: an
     * unknown extent (seed 004) that a later op fixes, as ssdlite's padded channel axis that the
     * first convolution's weight makes 3. Its number holds in every solution, so closing giving it
     * that number is no guess ({@link #closedDynamic}).
     */
    private static Set<String> pinned(List<Constraint> input, Set<String> dynamic) {
        Map<Dim, Dim> parent = new HashMap<>();
        UnaryOperator<Dim> find = d -> {
            Dim r = d;
            for (Dim p; !(p = parent.getOrDefault(r, r)).equals(r); ) r = p;
            for (Dim p; !(p = parent.getOrDefault(d, d)).equals(d); d = p) parent.put(d, r); // no recursion: long chains of a large model
            return r;
        };
        List<Dim[]> equal = new ArrayList<>();
        for (Constraint c : input)
            switch (c) {
                case Constraint.DimEq(Dim l, Dim r, var sp) -> equal.add(new Dim[] {l, r});
                case Constraint.RowEq(Row.Closed(List<Dim> ll, List<Dim> lt), Row.Closed(List<Dim> rl, List<Dim> rt), var sp)
                        when ll.size() == rl.size() && lt.size() == rt.size() -> { // two literal rows of one shape: axis by axis
                    for (int i = 0; i < ll.size(); i++) equal.add(new Dim[] {ll.get(i), rl.get(i)});
                    for (int i = 0; i < lt.size(); i++) equal.add(new Dim[] {lt.get(i), rt.get(i)});
                }
                case Constraint.SizeRel(SizeExpr.Size(Dim l), Constraint.Rel rel, SizeExpr.Size(Dim r), var sp)
                        when rel == Constraint.Rel.EQ && (l.isGround() || r.isGround()) -> equal.add(new Dim[] {l, r}); // its number, whatever its basis
                case Constraint.SizeRel(SizeExpr.Size(Dim l), Constraint.Rel rel, SizeExpr.Lit(long k), var sp)
                        when rel == Constraint.Rel.EQ && k >= 1 -> equal.add(new Dim[] {l, Emitter.size(k)}); // a declared number: size(y) == 3
                case Constraint.SizeRel(SizeExpr.Lit(long k), Constraint.Rel rel, SizeExpr.Size(Dim r), var sp)
                        when rel == Constraint.Rel.EQ && k >= 1 -> equal.add(new Dim[] {Emitter.size(k), r});
                default -> { }
            }
        for (Dim[] e : equal) {
            Dim a = find.apply(e[0]), b = find.apply(e[1]);
            if (a.equals(b)) continue;
            if (a.isGround()) parent.put(b, a); // a class's root is its number where it has one
            else parent.put(a, b);
        }
        Set<String> out = new HashSet<>();
        for (String v : dynamic) if (find.apply(Dim.var(v)).isGround()) out.add(v);
        return out;
    }

    /**
     * The variables whose value the input's constraints alone fix, to a fixpoint: a range of one
     * value ({@code size(rem) in 1..1}), an equality of an axis with a fixed one, and a size
     * equality in which every variable but one is fixed and that one occurs once, under sums,
     * differences and literal factors only (so the equation has one solution for it). A
     * squeeze-excitation's 1×1 convolution after a global pool is 1 so, although its broadcasting
     * {@code Mul} links it to a dynamic spatial axis ({@link #link}).
     */
    private static Set<String> forced(List<Constraint> input) {
        Set<String> out = new HashSet<>();
        for (boolean grew = true; grew; ) {
            grew = false;
            for (Constraint c : input) {
                List<SizeExpr[]> eqs = new ArrayList<>();
                switch (c) {
                    case Constraint.SizeIn(SizeExpr.Size(Dim d), long lo, long hi, var sp) when lo == hi && d instanceof Dim.Var(String v, _) -> {
                        grew |= out.add(v);
                        continue;
                    }
                    case Constraint.DimEq(Dim l, Dim r, var sp) -> eqs.add(new SizeExpr[] {new SizeExpr.Size(l), new SizeExpr.Size(r)});
                    case Constraint.SizeRel(SizeExpr l, Constraint.Rel rel, SizeExpr r, var sp) when rel == Constraint.Rel.EQ -> eqs.add(new SizeExpr[] {l, r});
                    default -> { }
                }
                for (SizeExpr[] e : eqs) {
                    Set<String> vs = new HashSet<>();
                    SizeVars.vars(e[0], vs);
                    SizeVars.vars(e[1], vs);
                    vs.removeAll(out);
                    if (vs.size() != 1) continue;
                    String v = vs.iterator().next();
                    if (occurrences(e[0], v, out) + occurrences(e[1], v, out) == 1) grew |= out.add(v);
                }
            }
        }
        return out;
    }

    /** How often {@code v} occurs in {@code e}, or 2 (not solvable for it) under a Mod or a product of two unfixed terms. */
    private static int occurrences(SizeExpr e, String v, Set<String> fixed) {
        return switch (e) {
            case SizeExpr.Lit l -> 0;
            case SizeExpr.Size(Dim d) -> {
                Set<String> vs = new HashSet<>();
                SizeVars.dimVars(d, vs);
                yield !vs.contains(v) ? 0 : d instanceof Dim.Var ? 1 : 2;
            }
            case SizeExpr.Add(SizeExpr a, SizeExpr b) -> occurrences(a, v, fixed) + occurrences(b, v, fixed);
            case SizeExpr.Sub(SizeExpr a, SizeExpr b) -> occurrences(a, v, fixed) + occurrences(b, v, fixed);
            case SizeExpr.Mul(SizeExpr a, SizeExpr b) -> {
                int n = occurrences(a, v, fixed) + occurrences(b, v, fixed);
                SizeExpr other = occurrences(a, v, fixed) > 0 ? b : a;
                yield n == 0 ? 0 : other instanceof SizeExpr.Lit(long k) && k != 0 ? n : 2;
            }
            default -> {
                Set<String> vs = new HashSet<>();
                SizeVars.vars(e, vs);
                yield vs.contains(v) ? 2 : 0;
            }
        };
    }

    /**
     * The variables the input's constraints connect (transitively) to a dynamic dimension: a size
     * relation links all its variables, a dimension (in)equality its two sides, a row (in)equality
     * of literal rows each pair of axes it aligns (so a channel axis is not linked to the batch
     * axis beside it).
     */
    private void link(List<Constraint> input) {
        Map<String, Set<String>> links = new HashMap<>();
        for (Constraint c : input) {
            switch (c) {
                case Constraint.SizeRel r -> {
                    Set<String> vs = new HashSet<>();
                    SizeVars.vars(r, vs);
                    join(links, vs);
                }
                case Constraint.DimEq(Dim l, Dim r, var sp) -> pair(links, l, r);
                case Constraint.DimLe(Dim l, Dim r, var sp) -> pair(links, l, r);
                case Constraint.RowEq(Row l, Row r, var sp) -> rows(links, l, r);
                case Constraint.RowLe(Row l, Row r, var sp) -> rows(links, l, r);
                case Constraint.RowLeOne(Row l, Row r, var sp) -> rows(links, l, r);
                default -> { } // ranges, totals, likely values: no axis's size from another's here
            }
        }
        ArrayDeque<String> todo = new ArrayDeque<>(dynamic);
        Set<String> seen = new HashSet<>(dynamic);
        while (!todo.isEmpty())
            for (String w : links.getOrDefault(todo.poll(), Set.of()))
                if (seen.add(w)) todo.add(w);
        seen.removeAll(dynamic);
        dependent.addAll(seen);
    }

    private static void rows(Map<String, Set<String>> links, Row l, Row r) {
        if (!(l instanceof Row.Closed(List<Dim> ll, List<Dim> lt)) || !(r instanceof Row.Closed(List<Dim> rl, List<Dim> rt))) return;
        for (int i = 0; i < Math.min(ll.size(), rl.size()); i++) pair(links, ll.get(i), rl.get(i));
        for (int i = 1; i <= Math.min(lt.size(), rt.size()); i++) pair(links, lt.get(lt.size() - i), rt.get(rt.size() - i));
    }

    private static void pair(Map<String, Set<String>> links, Dim a, Dim b) {
        Set<String> vs = new HashSet<>();
        SizeVars.dimVars(a, vs);
        SizeVars.dimVars(b, vs);
        join(links, vs);
    }

    private static void join(Map<String, Set<String>> links, Set<String> vs) {
        for (String v : vs) links.computeIfAbsent(v, k -> new HashSet<>()).addAll(vs);
    }

    private Optional<SymSize> resolveRuntime(String v, Map<String, SizeExpr> defs, Set<String> visiting) {
        if (runtime.containsKey(v)) return Optional.of(runtime.get(v));
        if (!visiting.add(v)) return Optional.empty(); // a cycle defines nothing
        Optional<SymSize> r = convert(defs.get(v), defs, visiting);
        r.ifPresent(x -> runtime.put(v, x));
        return r;
    }

    /** {@code e} as a normal form over the dim_params, when every variable it mentions reads as one. */
    private Optional<SymSize> convert(SizeExpr e, Map<String, SizeExpr> defs, Set<String> visiting) {
        try {
            return switch (e) {
                case SizeExpr.Lit(long k) -> Optional.of(SymSize.constant(k));
                case SizeExpr.Size(Dim d) -> d instanceof Dim.Var(String w, _) && defs.containsKey(w)
                        ? resolveRuntime(w, defs, visiting) : symbolic(d);
                case SizeExpr.Add(SizeExpr a, SizeExpr b) -> both(a, b, defs, visiting).map(p -> p[0].plus(p[1]));
                case SizeExpr.Sub(SizeExpr a, SizeExpr b) -> both(a, b, defs, visiting).map(p -> p[0].minus(p[1]));
                case SizeExpr.Mul(SizeExpr a, SizeExpr b) -> both(a, b, defs, visiting).map(p -> p[0].times(p[1]));
                case SizeExpr.Mod(SizeExpr a, long m) -> convert(a, defs, visiting).map(x -> x.mod(m));
            };
        } catch (ArithmeticException ex) { // SymOverflow included
            return Optional.empty();
        }
    }

    private Optional<SymSize[]> both(SizeExpr a, SizeExpr b, Map<String, SizeExpr> defs, Set<String> visiting) {
        Optional<SymSize> x = convert(a, defs, visiting);
        Optional<SymSize> y = convert(b, defs, visiting);
        return x.isPresent() && y.isPresent() ? Optional.of(new SymSize[] {x.get(), y.get()}) : Optional.empty();
    }

    /**
     * The size of axis {@code d} as a function of the dim_params, when the solver determines it
     * (σ⋆'s chain ends at a dynamic dimension or a variable of {@code symbolicSizes}) or it is a
     * literal; empty for a term the solver leaves open.
     */
    Optional<SymSize> symbolic(Dim d) {
        for (int i = 0; i < 64; i++) {
            switch (d) {
                case Dim.Atom(long k, var basis) -> { return Optional.of(SymSize.constant(k)); }
                case Dim.Unit u -> { return Optional.of(SymSize.constant(1)); }
                case Dim.Var(String v, _) -> {
                    if (runtime.containsKey(v)) return Optional.of(runtime.get(v));
                    if (dynamic.contains(v)) return Optional.of(SymSize.name(v));
                    SymSize s = sizes.get(v);
                    if (s != null) return substituted(s);
                    Dim next = bindings.get(v);
                    if (next == null) return Optional.empty();
                    d = next;
                }
                default -> { return Optional.empty(); }
            }
        }
        return Optional.empty();
    }

    private Optional<SymSize> substituted(SymSize s) {
        try {
            return Optional.of(s.substitute(runtime));
        } catch (ArithmeticException ex) { // SymOverflow included
            return Optional.empty();
        }
    }

    /**
     * The solver's domain conditions ({@link SolvedForm#symbolicSizes()}) over the dim_params, each
     * runtime size replaced by its defining expression, simplified and sorted ({@link SymDomain}):
     * the symbolic shapes hold exactly where these hold. A condition that still names anything but
     * a dim_param after the replacement is left out (never printed with an internal name).
     */
    List<SymCondition> domain(Outcome.Sat s) {
        if (s.solved().isEmpty()) return List.of();
        List<SymCondition> out = new ArrayList<>();
        for (SymCondition c : s.solved().get().symbolicSizes().conditions()) {
            Optional<SymSize> l = substituted(c.left()), r = substituted(c.right());
            if (l.isEmpty() || r.isEmpty()) continue;
            Set<String> names = new HashSet<>(l.get().vars());
            names.addAll(r.get().vars());
            if (names.stream().allMatch(n -> dynamic.contains(n) && !runtime.containsKey(n))) out.add(new SymCondition(l.get(), c.rel(), r.get()));
        }
        return SymDomain.simplify(out);
    }

    /** Whether {@code d} mentions a dim_param or a runtime size, or a variable the solver ties to one. */
    boolean dependsOnDynamic(Dim d) {
        Optional<SymSize> s = symbolic(d);
        if (s.isPresent()) return s.get().asConstant().isEmpty();
        Set<String> vs = new HashSet<>();
        SizeVars.dimVars(d, vs);
        for (String v : vs)
            if (dynamic.contains(v) || sizes.containsKey(v) || dependent.contains(v)) return true;
        return false;
    }

    /**
     * Whether {@code d} is a variable the constraints tie to a dynamic dimension without the
     * solver determining it (symbolically), or any variable σ⋆ leaves open when closing set a dynamic
     * dimension to a number (a solver defect, {@code /tmp/solver-defects}): its closed number holds
     * for one binding only, never to be printed.
     */
    boolean undetermined(Dim d) {
        if (symbolic(d).isPresent()) return false;
        for (int i = 0; i < 64 && d instanceof Dim.Var(String v, _) && bindings.get(v) instanceof Dim next; i++)
            d = next; // σ⋆'s chain: an axis bound to an undetermined one is undetermined
        if (closedDynamic && !d.isGround()) return true; // its closed number holds where closing pinned a dim_param only
        Set<String> vs = new HashSet<>();
        SizeVars.dimVars(d, vs);
        if (!vs.isEmpty() && forced.containsAll(vs)) return false; // linked, but its number holds in every solution
        for (String v : vs) if (dependent.contains(v)) return true;
        return false;
    }
}
