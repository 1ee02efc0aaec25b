package org.shapeforge.lang;

import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.Constraint.TotalNum;
import org.shapeforge.lang.Expectation.Verdict;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Generators of arbitrary ASTs of the {@code .shc} language: every dimension form (unit, atoms
 * 0 and 1:default, tagged atoms, variables including keyword-named ones, nested Concat, every
 * Affine variant), every row shape, every constraint kind, declarations and expectations.
 */
final class ShcArbitraries {
    private ShcArbitraries() {}

    static final List<String> KEYWORDS = List.of("affine", "stride", "kernel", "dilation", "padding", "offset",
            "same", "valid", "total", "exact", "size", "in", "likely", "leaf", "param", "discardable", "dynamic",
            "expect", "closed", "entails", "principal", "yes", "no", "native", "complete", "flat", "marked",
            "rigid", "content", "sat", "unsat", "unknown", "fail", "policy", "semantic", "default");

    static Arbitrary<String> dimNames() {
        Arbitrary<String> plain = Combinators.combine(Arbitraries.chars().range('a', 'z'),
                Arbitraries.strings().withChars("abcxyz019_'").ofMaxLength(3)).as((c, s) -> c + s);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, plain), net.jqwik.api.Tuple.of(1, Arbitraries.of(KEYWORDS)));
    }

    static Arbitrary<String> rowNames() {
        Arbitrary<String> plain = Combinators.combine(Arbitraries.of('r', 'S', '_', 'x'),
                Arbitraries.strings().withChars("rs12_'Q").ofMaxLength(3)).as((c, s) -> c + s);
        return Arbitraries.oneOf(plain, Arbitraries.of(KEYWORDS));
    }

    static Arbitrary<Dim> groundDims() {
        return Arbitraries.oneOf(
                Arbitraries.just(Dim.unit()),
                Arbitraries.longs().between(0, 1L << 40).map(Dim.Atom::new),
                Arbitraries.of(0L, 1L, 2L, 7L).map(Dim.Atom::new),
                Combinators.combine(Arbitraries.longs().between(0, 100),
                        Arbitraries.oneOf(dimNames(), Arbitraries.of("rgb", "Basis", "_t"))).as(Dim.Atom::new));
    }

    static Arbitrary<Dim> dims() {
        return dims(3);
    }

    static Arbitrary<Dim> dims(int depth) {
        Arbitrary<Dim> leaf = Arbitraries.oneOf(groundDims(), dimNames().map(Dim.Var::new));
        if (depth == 0) return leaf;
        Arbitrary<Dim> sub = Arbitraries.lazy(() -> dims(depth - 1));
        Arbitrary<Dim> concat = sub.list().ofMinSize(2).ofMaxSize(3).map(Dim.Concat::new);
        Arbitrary<Dim> strided = Combinators.combine(sub, Arbitraries.integers().between(1, 5),
                Arbitraries.integers().between(0, 4)).as((o, s, f) -> new Dim.Affine(o, s, Optional.empty(), 1, false, f % s));
        Arbitrary<Dim> conv = Combinators.combine(sub, Arbitraries.integers().between(1, 5), sub,
                Arbitraries.integers().between(1, 3), Arbitraries.of(true, false), Arbitraries.integers().between(0, 4))
                .as((o, s, k, d, p, f) -> new Dim.Affine(o, s, Optional.of(k), d, p, f % s));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(5, leaf), net.jqwik.api.Tuple.of(1, concat),
                net.jqwik.api.Tuple.of(1, strided), net.jqwik.api.Tuple.of(1, conv));
    }

    static Arbitrary<List<Dim>> dimLists() {
        return dims(2).list().ofMaxSize(3);
    }

    static Arbitrary<Row> rows() {
        return Arbitraries.oneOf(
                dimLists().map(Row::literal),
                Combinators.combine(dimLists(), dimLists()).as(Row.Closed::new),
                Combinators.combine(dimLists(), rowNames(), dimLists()).as(Row.Open::new),
                dimLists().map(Row.Rigid::new));
    }

    static Arbitrary<Row> groundRows() {
        Arbitrary<List<Dim>> ground = groundDims().list().ofMaxSize(3);
        return Arbitraries.oneOf(Combinators.combine(ground, ground).as(Row.Closed::new), ground.map(Row.Rigid::new));
    }

    static Arbitrary<SizeExpr> sizeExprs(int depth) {
        Arbitrary<SizeExpr> leaf = Arbitraries.oneOf(
                Arbitraries.longs().map(SizeExpr.Lit::new),
                Arbitraries.longs().between(0, 20).map(SizeExpr.Lit::new),
                dims(1).map(SizeExpr.Size::new));
        if (depth == 0) return leaf;
        Arbitrary<SizeExpr> sub = Arbitraries.lazy(() -> sizeExprs(depth - 1));
        return Arbitraries.oneOf(leaf,
                Combinators.combine(sub, sub).as(SizeExpr.Add::new),
                Combinators.combine(sub, sub).as(SizeExpr.Sub::new),
                Combinators.combine(sub, sub).as(SizeExpr.Mul::new),
                Combinators.combine(sub, Arbitraries.longs().between(1, Long.MAX_VALUE)).as(SizeExpr.Mod::new));
    }

    static boolean isBareNatural(SizeExpr e) {
        return e instanceof SizeExpr.Lit(var v) && v >= 0;
    }

    static Arbitrary<Constraint> constraints() {
        Span n = Span.NONE;
        Arbitrary<Long> naturals = Arbitraries.longs().between(0, Long.MAX_VALUE);
        Arbitrary<Long> positives = Arbitraries.longs().between(1, 1 << 20);
        Arbitrary<TotalNum> nums = Arbitraries.oneOf(naturals.map(TotalNum.NumElems::new),
                Combinators.combine(positives, dimNames().map(Dim.Var::new), positives).as(TotalNum.StridedVar::new));
        Arbitrary<SizeExpr> exprs = sizeExprs(3);
        return Arbitraries.oneOf(
                Combinators.combine(dims(), dims()).as((l, r) -> new Constraint.DimEq(l, r, n)),
                Combinators.combine(dims(), dims()).as((l, r) -> new Constraint.DimLe(l, r, n)),
                Combinators.combine(rows(), rows()).as((l, r) -> new Constraint.RowEq(l, r, n)),
                Combinators.combine(rows(), rows()).as((l, r) -> new Constraint.RowLe(l, r, n)),
                Combinators.combine(rows(), rows()).as((l, r) -> new Constraint.RowLeOne(l, r, n)),
                Combinators.combine(rows().list().ofMinSize(1).ofMaxSize(3), nums, dims(1).list().ofMaxSize(2))
                        .as((rs, num, by) -> new Constraint.Total(rs, num, by, n)),
                Combinators.combine(rows().list().ofMinSize(1).ofMaxSize(3), dimLists())
                        .as((rs, axes) -> new Constraint.Exact(rs, axes, n)),
                Combinators.combine(exprs, Arbitraries.of(Rel.class), exprs)
                        .filter((l, r, e) -> !(r == Rel.LE && isBareNatural(l) && isBareNatural(e)))
                        .as((l, r, e) -> new Constraint.SizeRel(l, r, e, n)),
                Combinators.combine(exprs, Arbitraries.longs(), Arbitraries.longs())
                        .as((e, a, b) -> new Constraint.SizeIn(e, Math.min(a, b), Math.max(a, b), n)),
                Combinators.combine(dims(), Arbitraries.longs().list().ofMaxSize(3))
                        .as((d, vs) -> new Constraint.Likely(d, vs, n)));
    }

    static Arbitrary<Statement> declarations() {
        Arbitrary<Declaration.VarRef> refs = Arbitraries.oneOf(
                dimNames().map(s -> new Declaration.VarRef(s, false)),
                rowNames().map(s -> new Declaration.VarRef(s, true)));
        return Combinators.combine(Arbitraries.of(Declaration.Provenance.class), refs.list().ofMinSize(1).ofMaxSize(3))
                .as((k, vs) -> new Declaration(k, vs, Span.NONE));
    }

    static Arbitrary<Statement> expectations() {
        Span n = Span.NONE;
        Arbitrary<Optional<String>> texts = Arbitraries.strings().withChars("ab \"\\#;:<>x").ofMaxLength(8).optional();
        Arbitrary<Verdict> verdicts = Arbitraries.oneOf(
                Arbitraries.of(new Verdict.Sat(), new Verdict.Unsat(), new Verdict.Unknown()),
                Combinators.combine(Arbitraries.of("policy", "semantic").optional(), texts).as(Verdict.Fail::new));
        Arbitrary<Constraint> closed = Arbitraries.oneOf(
                Combinators.combine(dimNames(), dims()).as((v, d) -> new Constraint.DimEq(new Dim.Var(v), d, n)),
                Combinators.combine(rowNames(), rows()).as((v, r) -> new Constraint.RowEq(Row.var(v), r, n)));
        return Arbitraries.oneOf(
                Combinators.combine(Arbitraries.of(Expectation.Engine.class), verdicts)
                        .as((e, v) -> new Expectation.ExpectVerdict(e, v, n)),
                closed.map(c -> new Expectation.ExpectClosed(c, n)),
                constraints().map(c -> new Expectation.ExpectEntails(c, n)),
                Arbitraries.of(true, false).map(b -> new Expectation.ExpectPrincipal(b, n)));
    }

    static Arbitrary<Problem> problems() {
        Arbitrary<Statement> statements = Arbitraries.oneOf(constraints().map(c -> c), declarations(), expectations());
        return statements.list().ofMaxSize(6).map(ss -> new Problem("gen.shc", ss));
    }
}
