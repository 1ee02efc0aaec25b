package org.shapeforge.program.dynamic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Label;
import org.shapeforge.program.RuntimeDim;
import org.shapeforge.program.Shape;
import org.shapeforge.program.Solution;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * Every named tensor's shape as extent metadata, with {@code dynamic} dimensions kept symbolic
 * (issues 17, 31): a {@code dynamic} variable (or one of its equal-dim class) is the
 * {@link ExtentExpr.InputAxis} of the class's representative; a variable whose size the native
 * solver determined as a function of the dynamic dims is that function, read from the solver's one
 * symbolic truth {@link SolvedForm#symbolicSizes()} ({@code (h + 1) // 2 - 1} for a strided valid
 * convolution, {@code n * 4} for a size equation), never re-derived here; otherwise a dimension is
 * read from the solved form σ⋆ (Def. 5.3, non-ground bindings), a residual dimension equation
 * ({@code φ = n ^ 3}: a sum) or a residual cap (γ↑), and last from the closed value (Def. 6.1).
 * Concatenations are sums, affine axes use {@link Sizes#affineInput} over {@link ExtentArith}; a
 * {@code truncate}d axis makes the extent an {@code UpperBound}; a {@code flatten}ed axis is the
 * product of its factors. The solver's domain conditions are {@link #requires}. All extents of a
 * program without {@code dynamic} are exact constants, equal to {@link Inference#shapes()}.
 */
public final class SymbolicShapes {
    private final Set<String> dynamic;
    private final Map<String, ExtentExpr.InputAxis> firstUse = new LinkedHashMap<>();
    private final Assignment model;
    private final Optional<SolvedForm> solved;
    private final Map<String, RuntimeDim> runtimeDims;
    private DimClasses classes = new DimClasses(List.of());
    /** The first residual cap of each bare row variable ({@link #rowTop}), built on first use. */
    private Map<String, Row> rowTops;
    /** Whether the extent being read passed through a truncated axis (it is then only an upper bound). */
    private boolean bounded;

    private SymbolicShapes(Inference inf, Solution.Solved s) {
        this.dynamic = dynamicNames(inf);
        this.model = s.model();
        this.solved = s.solved();
        this.runtimeDims = inf.generated().runtimeDims();
        this.classes = classes(inf);
        inf.generated().tensors().forEach(this::noteUses);
    }

    /**
     * The {@code dynamic} dimension names of a program, in declaration order: the input sizes a user
     * binds, not the axes an operation sizes at run time ({@code truncate}, {@code flatten}: {@link RuntimeDim}).
     */
    public static Set<String> dynamicNames(Inference inf) {
        Set<String> out = new LinkedHashSet<>();
        for (Declaration d : inf.generated().declarations())
            if (d.kind() == Declaration.Provenance.DYNAMIC)
                d.vars().stream().filter(v -> !v.row() && !inf.generated().runtimeDims().containsKey(v.name()))
                        .forEach(v -> out.add(v.name()));
        return out;
    }

    /** Every named tensor's symbolic shape, in definition order; empty unless inference succeeded. */
    public static Map<String, SymbolicShape> of(Inference inf) {
        Map<String, SymbolicShape> out = new LinkedHashMap<>();
        if (!(inf.solution() instanceof Solution.Solved s)) return out;
        SymbolicShapes sy = new SymbolicShapes(inf, s);
        inf.generated().tensors().forEach((name, sh) -> out.put(name, sy.shape(sh)));
        return out;
    }

    /** The equal-dim classes of the program's dynamic dimensions; empty unless inference succeeded. */
    public static DimClasses classes(Inference inf) {
        if (!(inf.solution() instanceof Solution.Solved s)) return new DimClasses(List.of());
        return DimClasses.build(dynamicNames(inf), s.solved().map(SolvedForm::dimBindings).orElse(Map.of()));
    }

    /**
     * Every captured label ({@code capture b, r}) as an extent, in capture order; empty unless solved:
     * a dimension label is its axis's extent ({@code n}), a row label the product of its axes'
     * extents (an upper bound if any is one, unknown if any is).
     */
    public static Map<String, ShapeExtent> labels(Inference inf) {
        Map<String, ShapeExtent> out = new LinkedHashMap<>();
        if (!(inf.solution() instanceof Solution.Solved s)) return out;
        SymbolicShapes sy = new SymbolicShapes(inf, s);
        inf.generated().labels().forEach((n, l) -> out.put(n, switch (l) {
            case Label.DimLabel d -> sy.extent(d.var());
            case Label.RowLabel r -> {
                ExtentExpr prod = ExtentExpr.of(1);
                boolean upper = false;
                ShapeExtent total = null;
                for (ShapeExtent e : sy.row(Row.var(r.rowVar()), 0))
                    switch (e) {
                        case ShapeExtent.Exact(var x) -> prod = ExtentArith.INSTANCE.mul(prod, x);
                        case ShapeExtent.UpperBound(var x) -> {
                            prod = ExtentArith.INSTANCE.mul(prod, x);
                            upper = true;
                        }
                        case ShapeExtent.Unknown u -> total = u;
                    }
                yield total != null ? total : upper ? new ShapeExtent.UpperBound(prod) : new ShapeExtent.Exact(prod);
            }
        }));
        return out;
    }

    /** The symbolic shape of any tensor's row terms (an intermediate's too); empty unless solved. */
    public static Optional<SymbolicShape> of(Inference inf, Shape sh) {
        return reader(inf).map(r -> r.apply(sh));
    }

    /**
     * A reader of the symbolic shapes of many row terms of one solved program (the classes and
     * first uses are computed once, not per tensor; a shape read before is not read again: a
     * tensor is the result of one operation and an operand of others); empty unless solved. Not
     * thread-safe.
     */
    public static Optional<Function<Shape, SymbolicShape>> reader(Inference inf) {
        if (!(inf.solution() instanceof Solution.Solved s)) return Optional.empty();
        SymbolicShapes sy = new SymbolicShapes(inf, s);
        Map<Shape, SymbolicShape> read = new HashMap<>();
        return Optional.of(sh -> read.computeIfAbsent(sh, sy::shape));
    }

    private void noteUses(String tensor, Shape sh) {
        int axis = 0;
        for (Kind k : List.of(Kind.BATCH, Kind.INPUT, Kind.OUTPUT))
            if (sh.row(k) instanceof Row.Closed c)
                for (Dim d : c.flat()) {
                    if (d instanceof Dim.Var(String v, _) && dynamic.contains(v) && !firstUse.containsKey(v))
                        firstUse.put(v, new ExtentExpr.InputAxis(v, tensor, axis));
                    axis++;
                }
    }

    private SymbolicShape shape(Shape sh) {
        return new SymbolicShape(row(sh.batch(), 0), row(sh.input(), 0), row(sh.output(), 0));
    }

    private List<ShapeExtent> row(Row r, int depth) {
        if (depth > 10_000) throw new IllegalStateException("cyclic row bindings");
        List<ShapeExtent> out = new ArrayList<>();
        switch (r) {
            case Row.Closed c -> c.flat().forEach(d -> out.add(extent(d)));
            case Row.Rigid g -> g.axes().forEach(d -> out.add(extent(d)));
            case Row.Open o -> {
                o.lead().forEach(d -> out.add(extent(d)));
                Row v = solved.map(f -> f.rowBindings().get(o.var())).orElse(null);
                if (v == null) v = rowTop(o.var());
                if (v == null) v = model.rows().get(o.var());
                if (v == null) v = Row.literal(List.of()); // uncapped: closes to no axes (Def. 6.1)
                out.addAll(row(v, depth + 1));
                o.trail().forEach(d -> out.add(extent(d)));
            }
        }
        return out;
    }

    /**
     * γ↑ symbolically (Prop. 5.4): an unsolved variable whose only residual constraints cap it from
     * above takes its cap — under broadcasting the result axis is the operand's, {@code n}, not the
     * value {@code n} happens to be closed to.
     */
    private Dim dimTop(String v) {
        if (solved.isEmpty()) return null;
        for (var c : solved.get().residual())
            if (c instanceof Constraint.DimLe(Dim.Var(String l, _), Dim upper, var sp) && l.equals(v))
                return upper;
        return null;
    }

    /**
     * A residual equation {@code v = t} (or {@code t = v}) the solver kept rather than bound — a
     * deferred concatenation such as {@code φ = n ^ 3}: {@code v} is {@code t} in every solution, so
     * its extent is {@code t}'s ({@code n+3}), not the value {@code n} happened to be closed to. Read
     * before the closed model (an equation is exact; the model is one instance).
     */
    private Dim dimEquation(String v) {
        if (solved.isEmpty()) return null;
        Dim.Var me = new Dim.Var(v);
        for (var c : solved.get().residual())
            if (c instanceof Constraint.DimEq(Dim l, Dim r, var sp)) {
                if (l.equals(me) && !mentions(r, v)) return r;
                if (r.equals(me) && !mentions(l, v)) return l;
            }
        return null;
    }

    private static boolean mentions(Dim d, String v) {
        return switch (d) {
            case Dim.Var(String w, _) -> w.equals(v);
            case Dim.Concat c -> c.parts().stream().anyMatch(p -> mentions(p, v));
            case Dim.Affine a -> mentions(a.over(), v) || a.kernel().map(k -> mentions(k, v)).orElse(false);
            default -> false;
        };
    }

    /**
     * γ↑ of a row variable: the upper side of its first residual cap {@code <v> ≤ R} (a bare
     * variable below), read from an index of the residual built once per reader — a scan per row
     * was quadratic in the program (issue 30: 40% of the lowering check at 10^5 constraints).
     */
    private Row rowTop(String v) {
        if (solved.isEmpty()) return null;
        if (rowTops == null) {
            rowTops = new HashMap<>();
            for (var c : solved.get().residual())
                if (c instanceof Constraint.RowLe(Row.Open(var lead, String l, var trail, _), Row upper, var sp)
                        && lead.isEmpty() && trail.isEmpty())
                    rowTops.putIfAbsent(l, upper);
        }
        return rowTops.get(v);
    }

    /**
     * The extent of an axis term: {@code Exact} unless it passes through a truncated axis, then
     * {@code UpperBound} of the same expression with the truncated axis read as its bound (sums,
     * products and the affine formula are monotone in every size); {@code Unknown} if unreadable.
     */
    private ShapeExtent extent(Dim d) {
        bounded = false;
        Optional<ExtentExpr> e = expr(d, 0);
        if (e.isEmpty()) return new ShapeExtent.Unknown();
        return bounded ? new ShapeExtent.UpperBound(e.get()) : new ShapeExtent.Exact(e.get());
    }

    /**
     * A dynamic dim as an extent: its class's forced size if the constraints force one, else the
     * input axis of the class's representative (every member of an equal-dim class prints as it).
     */
    private ExtentExpr dynamicName(String v) {
        var cl = classes.of(v);
        if (cl.isPresent() && cl.get().value().isPresent()) return ExtentExpr.of(cl.get().value().getAsLong());
        String r = cl.map(DimClasses.EqClass::representative).orElse(v);
        return firstUse.getOrDefault(r, new ExtentExpr.InputAxis(r, "", 0));
    }

    /**
     * The solver's symbolic size of {@code v} ({@link SolvedForm#symbolicSizes()}, issue 31) as an
     * extent over the program's dynamic dims; empty when the solver determined none, or when it
     * mentions a name that is not a dynamic dim of the program (never printed as an internal name).
     */
    private Optional<ExtentExpr> symbolicSize(String v) {
        SymSize s = solved.map(f -> f.symbolicSizes().sizes().get(v)).orElse(null);
        if (s == null || !dynamic.containsAll(s.vars())) return Optional.empty();
        return Optional.of(SymExtents.extent(s, this::dynamicName));
    }

    /**
     * The solver's domain conditions on the dynamic dims ({@link SolvedForm#symbolicSizes()}: a
     * derived size is at least 1, a division is exact), each name read as its class's representative
     * (or forced size), in the solver's order; a condition that becomes trivially true is left out.
     * Empty unless inference succeeded.
     */
    public static List<SymCondition> requires(Inference inf) {
        if (!(inf.solution() instanceof Solution.Solved s) || s.solved().isEmpty()) return List.of();
        SymbolicShapes sy = new SymbolicShapes(inf, s);
        Map<String, SymSize> names = new TreeMap<>();
        for (String d : sy.dynamic) names.put(d, SymExtents.sym(sy.dynamicName(d)).orElse(SymSize.name(d)));
        List<SymCondition> out = new ArrayList<>();
        for (SymCondition c : s.solved().get().symbolicSizes().conditions()) {
            SymCondition r = new SymCondition(c.left().substitute(names), c.rel(), c.right().substitute(names));
            if (!r.trivial() && out.stream().noneMatch(r::sameAs)) out.add(r);
        }
        return out;
    }

    private Optional<ExtentExpr> expr(Dim d, int depth) {
        if (depth > 10_000) return Optional.empty();
        return switch (d) {
            case Dim.Unit u -> Optional.of(ExtentExpr.of(1));
            case Dim.Atom a -> Optional.of(ExtentExpr.of(a.size()));
            case Dim.Var(String v, _) when runtimeDims.containsKey(v) -> switch (runtimeDims.get(v)) {
                case RuntimeDim.Truncated t -> { // seed 004: an upper bound, never upgraded
                    bounded = true;
                    yield expr(t.source(), depth + 1);
                }
                case RuntimeDim.Flattened f -> {
                    ExtentExpr prod = ExtentExpr.of(1);
                    for (Dim.Var x : f.factors()) {
                        Optional<ExtentExpr> e = expr(x, depth + 1);
                        if (e.isEmpty()) yield Optional.empty();
                        prod = ExtentArith.INSTANCE.mul(prod, e.get());
                    }
                    yield Optional.of(prod);
                }
            };
            case Dim.Var(String v, _) when dynamic.contains(v) -> Optional.of(dynamicName(v));
            case Dim.Var(String v, _) when classes.ofInternal(v).isPresent() -> Optional.of(dynamicName(classes.aliases().get(v))); // φ = m prints as m
            case Dim.Var(String v, _) when symbolicSize(v).isPresent() -> symbolicSize(v);
            case Dim.Var(String v, _) -> {
                Dim b = solved.map(f -> f.dimBindings().get(v)).orElse(null);
                if (b == null) b = dimEquation(v);
                if (b == null) b = dimTop(v);
                if (b == null) b = model.dims().get(v);
                yield b == null ? Optional.empty() : expr(b, depth + 1);
            }
            case Dim.Concat c -> {
                ExtentExpr sum = ExtentExpr.of(0);
                for (Dim p : c.parts()) {
                    Optional<ExtentExpr> e = expr(p, depth + 1);
                    if (e.isEmpty()) yield Optional.empty();
                    sum = ExtentArith.INSTANCE.add(sum, e.get());
                }
                yield Optional.of(sum);
            }
            case Dim.Affine a -> {
                Optional<ExtentExpr> o = expr(a.over(), depth + 1);
                Optional<ExtentExpr> k = a.kernel().isPresent() ? expr(a.kernel().get(), depth + 1) : Optional.of(ExtentExpr.of(1));
                yield o.isEmpty() || k.isEmpty() ? Optional.empty()
                        : Optional.of(Sizes.affineInput(a, o.get(), k.get(), ExtentArith.INSTANCE));
            }
        };
    }
}
