package org.shapeforge.oracle.gen;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Generated inputs for the differential fuzzer and the properties, deterministic per seed. Knobs:
 * the {@link Fragment}s, and the shape family, drawn per case:
 * <ul>
 *   <li>{@code random}: 1–7 constraints over a small shared pool of variables (a–e, r1–r3),
 *       so that they interact;</li>
 *   <li>{@code planted}: core constraints built around a planted solution ({@link PlantedGen});</li>
 *   <li>{@code near-unsat}: a template that sits at the edge of satisfiability — rotations
 *       {@code [x]<r> ~ <r>[y]}, shifted flanks {@code [x]<r> <= <r>[y]}, caps on both sides of a
 *       variable, rank cycles, Remark 2.11's placement-discriminating pair, two leaves over a common
 *       lower variable (issue 10's order defect) — plus a few random constraints;</li>
 *   <li>{@code sizes}: sizes 0, 1 and huge (Def. 1.1: 0 only for discardables);</li>
 *   <li>{@code long-row}: rows past the SMT rank bound (65–140 axes).</li>
 * </ul>
 * Atoms carry bases sometimes ({@code 3:rgb}, {@code 4:x}); affine kernels get their own bases.
 * Each case is printed and parsed back, so its statements carry real spans.
 */
public final class CaseGen {
    private final SplittableRandom rnd;
    private final Set<Fragment> fragments;

    private CaseGen(long seed, Set<Fragment> fragments) {
        this.rnd = new SplittableRandom(seed);
        this.fragments = Set.copyOf(fragments);
    }

    /** The case of {@code seed} over {@code fragments}. */
    public static Case generate(long seed, Set<Fragment> fragments) {
        return new CaseGen(seed, fragments).build(seed);
    }

    /** Seed of case {@code i} of a campaign with seed {@code s} (SplitMix64 mixing: independent streams). */
    public static long caseSeed(long s, long i) {
        long z = s * 0x9E3779B97F4A7C15L + i + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private Case build(long seed) {
        int k = rnd.nextInt(100);
        List<Statement> st = new ArrayList<>();
        Optional<Assignment> planted = Optional.empty();
        String shape;
        if (k < 50) {
            shape = "random";
            int n = 1 + rnd.nextInt(7);
            for (int i = 0; i < n; i++) st.add(constraint());
        } else if (k < 70) {
            shape = "planted";
            PlantedGen.Planted p = PlantedGen.generate(rnd.nextLong(), 2 + rnd.nextInt(6), 2, false);
            st.addAll(p.constraints());
            planted = Optional.of(p.model());
        } else if (k < 93) {
            shape = "near-unsat";
            st.addAll(nearUnsat());
            int extra = rnd.nextInt(3);
            for (int i = 0; i < extra; i++) st.add(constraint());
        } else if (k < 98) {
            shape = "sizes";
            st.addAll(sizes());
        } else {
            shape = "long-row";
            st.addAll(longRow());
        }
        if (fragments.contains(Fragment.DECLARATIONS) && rnd.nextInt(100) < 40) st.addAll(declarations(st, planted.isPresent()));
        String text = Printer.print(new Problem("gen", st));
        Problem p = Parser.parse("case-" + Long.toUnsignedString(seed, 36) + ".shc", text);
        return new Case(seed, shape, p, planted);
    }

    // ----- terms -----

    private String dimVar() {
        return String.valueOf("abcde".charAt(rnd.nextInt(5)));
    }

    private Dim atom() {
        int k = rnd.nextInt(20);
        if (k < 5) return Dim.atom(2);
        if (k < 10) return Dim.atom(3);
        if (k < 13) return Dim.atom(5);
        if (k < 14) return Dim.atom(4);
        if (k < 16) return new Dim.Atom(3, "rgb");
        if (k < 17) return new Dim.Atom(4, "x");
        return Dim.unit();
    }

    private Dim dim() {
        return rnd.nextInt(10) < 4 ? atom() : Dim.var(dimVar());
    }

    private List<Dim> flank(int max) {
        int n = rnd.nextInt(max + 1);
        List<Dim> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(dim());
        return out;
    }

    private Row row() {
        List<Dim> l = flank(2), t = flank(2);
        if (rnd.nextInt(10) < 7) return new Row.Open(l, "r" + (1 + rnd.nextInt(3)), t);
        return new Row.Closed(l, t);
    }

    private Row openRow(String v) {
        return new Row.Open(flank(1), v, flank(1));
    }

    // ----- constraints -----

    private Constraint constraint() {
        List<Integer> kinds = new ArrayList<>(List.of(0, 0, 0, 1, 1, 1));
        if (fragments.contains(Fragment.TOTAL)) kinds.add(2);
        if (fragments.contains(Fragment.CONCAT)) kinds.add(3);
        if (fragments.contains(Fragment.AFFINE)) kinds.add(4);
        if (fragments.contains(Fragment.PREDICATES)) kinds.add(5);
        return switch (kinds.get(rnd.nextInt(kinds.size()))) {
            case 0 -> rnd.nextInt(3) == 0 ? new Constraint.DimEq(dim(), dim(), Span.NONE) : new Constraint.DimLe(dim(), dim(), Span.NONE);
            case 1 -> rnd.nextBoolean() ? new Constraint.RowEq(row(), row(), Span.NONE) : new Constraint.RowLe(row(), row(), Span.NONE);
            case 2 -> total();
            case 3 -> new Constraint.DimEq(dim(), new Dim.Concat(List.of(dim(), dim())), Span.NONE);
            case 4 -> new Constraint.DimEq(dim(), affine(), Span.NONE);
            default -> predicate();
        };
    }

    private Constraint total() {
        long[] ns = {1, 2, 6, 12, 15, 16, 30, 64, 7};
        List<Row> rows = new ArrayList<>(List.of(row()));
        if (rnd.nextInt(4) == 0) rows.add(row());
        return new Constraint.Total(rows, new Constraint.TotalNum.NumElems(ns[rnd.nextInt(ns.length)]), List.of(), Span.NONE);
    }

    private Dim affine() {
        int stride = 1 + rnd.nextInt(3);
        Dim over = dim();
        return switch (rnd.nextInt(3)) {
            case 0 -> new Dim.Affine(over, stride, Optional.empty(), 1, false, 0);
            case 1 -> new Dim.Affine(over, stride, Optional.of(rnd.nextInt(4) == 0 ? new Dim.Atom(3, "y") : dim()), 1 + rnd.nextInt(2), false, 0);
            default -> new Dim.Affine(over, stride, Optional.of(dim()), 1, true, 0);
        };
    }

    private Constraint predicate() {
        SizeExpr a = new SizeExpr.Size(Dim.var(dimVar()));
        return switch (rnd.nextInt(4)) {
            case 0 -> new Constraint.SizeRel(a, Constraint.Rel.GE, new SizeExpr.Lit(2 + rnd.nextInt(4)), Span.NONE);
            case 1 -> new Constraint.SizeRel(new SizeExpr.Mod(a, 2 + rnd.nextInt(3)), Constraint.Rel.EQ, new SizeExpr.Lit(0), Span.NONE);
            case 2 -> {
                long lo = 1 + rnd.nextInt(5);
                yield new Constraint.SizeIn(a, lo, lo + rnd.nextInt(6), Span.NONE);
            }
            default -> new Constraint.SizeRel(a, rnd.nextBoolean() ? Constraint.Rel.LT : Constraint.Rel.NE,
                    new SizeExpr.Size(Dim.var(dimVar())), Span.NONE);
        };
    }

    // ----- shape families -----

    private List<Statement> nearUnsat() {
        Dim x = atom(), y = rnd.nextInt(3) == 0 ? x : atom();
        List<Statement> out = new ArrayList<>();
        switch (rnd.nextInt(7)) {
            case 0 -> out.add(new Constraint.RowEq(new Row.Open(List.of(x), "r1", List.of()), new Row.Open(List.of(), "r1", List.of(y)), Span.NONE));
            case 1 -> out.add(new Constraint.RowLe(new Row.Open(List.of(x), "r1", List.of()), new Row.Open(List.of(), "r1", List.of(y)), Span.NONE));
            case 2 -> { // caps on both sides
                out.add(new Constraint.DimLe(x, Dim.var("a"), Span.NONE));
                out.add(new Constraint.DimLe(y, Dim.var("b"), Span.NONE));
                out.add(new Constraint.DimLe(Dim.var(rnd.nextBoolean() ? "a" : "c"), Dim.var("b"), Span.NONE));
            }
            case 3 -> { // rank cycle, sometimes broken
                out.add(new Constraint.RowLe(new Row.Open(List.of(), "r1", List.of()), new Row.Open(flank(1), "r2", List.of()), Span.NONE));
                out.add(new Constraint.RowLe(new Row.Open(List.of(), "r2", List.of()), new Row.Open(flank(1), "r1", List.of()), Span.NONE));
            }
            case 4 -> { // Remark 2.11
                out.add(new Constraint.RowEq(new Row.Open(List.of(), "r1", List.of()), new Row.Closed(List.of(), List.of(x, y)), Span.NONE));
                out.add(new Constraint.RowLe(new Row.Closed(List.of(x), List.of(atom(), y)), new Row.Open(List.of(), "r1", List.of()), Span.NONE));
            }
            case 5 -> { // two leaves with caps over a common lower variable (issue 10)
                out.add(new Constraint.DimLe(x, Dim.var("a"), Span.NONE));
                out.add(new Constraint.DimLe(y, Dim.var("b"), Span.NONE));
                out.add(new Constraint.DimLe(Dim.var("c"), Dim.var("a"), Span.NONE));
                out.add(new Constraint.DimLe(Dim.var("c"), Dim.var("b"), Span.NONE));
                if (fragments.contains(Fragment.DECLARATIONS))
                    out.add(new Declaration(Declaration.Provenance.LEAF,
                            List.of(new Declaration.VarRef("a", false), new Declaration.VarRef("b", false)), Span.NONE));
            }
            default -> { // shifted flanks through an equality
                out.add(new Constraint.RowEq(new Row.Open(List.of(x), "r1", List.of()), new Row.Open(List.of(), "r2", List.of(y)), Span.NONE));
                out.add(new Constraint.RowLe(openRow("r2"), openRow("r1"), Span.NONE));
            }
        }
        return out;
    }

    private List<Statement> sizes() {
        Dim zero = new Dim.Atom(0), huge = Dim.atom(rnd.nextBoolean() ? 4_294_967_311L : 1_000_000_007L);
        List<Statement> out = new ArrayList<>();
        switch (rnd.nextInt(5)) {
            case 0 -> out.add(new Constraint.DimEq(Dim.var("a"), zero, Span.NONE));
            case 1 -> out.add(new Constraint.RowEq(new Row.Open(List.of(), "r1", List.of()), new Row.Closed(List.of(), List.of(zero, Dim.atom(4))), Span.NONE));
            case 2 -> out.add(new Constraint.DimLe(Dim.var("a"), zero, Span.NONE));
            case 3 -> out.add(new Constraint.DimEq(Dim.var("a"), huge, Span.NONE));
            default -> out.add(new Constraint.DimEq(Dim.var("a"), Dim.unit(), Span.NONE));
        }
        if (rnd.nextBoolean() && fragments.contains(Fragment.DECLARATIONS))
            out.add(new Declaration(Declaration.Provenance.DISCARDABLE, List.of(new Declaration.VarRef("a", false)), Span.NONE));
        int extra = rnd.nextInt(3);
        for (int i = 0; i < extra; i++) out.add(constraint());
        return out;
    }

    private List<Statement> longRow() {
        int n = 65 + rnd.nextInt(76);
        List<Dim> axes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) axes.add(Dim.atom(2));
        List<Statement> out = new ArrayList<>();
        out.add(new Constraint.RowEq(new Row.Open(List.of(), "r1", List.of()), new Row.Closed(List.of(), axes), Span.NONE));
        out.add(new Constraint.RowLe(new Row.Open(List.of(), "r1", List.of()), new Row.Open(List.of(), "r2", List.of()), Span.NONE));
        if (rnd.nextBoolean()) out.add(constraint());
        return out;
    }

    /** One or two declarations over variables the constraints use. */
    private List<Statement> declarations(List<Statement> st, boolean planted) {
        Set<String> dims = new LinkedHashSet<>(), rows = new LinkedHashSet<>();
        String text = Printer.print(new Problem("gen", st));
        for (String v : List.of("a", "b", "c", "d", "e")) if (text.matches("(?s).*\\b" + v + "\\b.*")) dims.add(v);
        for (String v : List.of("r1", "r2", "r3")) if (text.contains("<" + v + ">")) rows.add(v);
        List<Declaration.VarRef> pool = new ArrayList<>();
        dims.forEach(v -> pool.add(new Declaration.VarRef(v, false)));
        rows.forEach(v -> pool.add(new Declaration.VarRef(v, true)));
        if (pool.isEmpty()) return List.of();
        List<Statement> out = new ArrayList<>();
        int n = 1 + rnd.nextInt(2);
        Set<String> used = new LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
            int k = rnd.nextInt(20);
            Declaration.Provenance kind = k < 12 ? Declaration.Provenance.LEAF : k < 16 ? Declaration.Provenance.DISCARDABLE
                    : k < 18 ? Declaration.Provenance.DYNAMIC : Declaration.Provenance.PARAM;
            List<Declaration.VarRef> vs = new ArrayList<>();
            int m = 1 + rnd.nextInt(Math.min(2, pool.size()));
            for (int j = 0; j < m; j++) {
                Declaration.VarRef v = pool.get(rnd.nextInt(pool.size()));
                if (used.add(v.toString()) && !(kind == Declaration.Provenance.DYNAMIC && v.row())) vs.add(v);
            }
            if (!vs.isEmpty()) out.add(new Declaration(kind, vs, Span.NONE));
        }
        return out;
    }
}
