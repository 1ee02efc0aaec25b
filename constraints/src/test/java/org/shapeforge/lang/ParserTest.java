package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.Constraint.TotalNum;
import org.shapeforge.lang.Declaration.Provenance;
import org.shapeforge.lang.Declaration.VarRef;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** Every construct of {@code language.md} parses to the exact AST it denotes. */
class ParserTest {
    static final Span N = Span.NONE;

    static Dim v(String n) {
        return new Dim.Var(n);
    }

    static Dim a(long n) {
        return new Dim.Atom(n);
    }

    static Constraint c(String text) {
        return Spans.erase(Parser.parseConstraint(text));
    }

    static Statement st(String text) {
        List<Statement> s = Parser.parse("t.shc", text).statements();
        assertEquals(1, s.size(), text);
        return Spans.erase(s.getFirst());
    }

    @Test
    void dimensionsFollowTheTableOfLanguageMd() {
        assertEquals(Dim.unit(), Parser.parseDim("1"));
        assertEquals(a(7), Parser.parseDim("7"));
        assertEquals(a(0), Parser.parseDim("0"));
        assertEquals(new Dim.Atom(7, "rgb"), Parser.parseDim("7:rgb"));
        assertEquals(new Dim.Atom(1, "rgb"), Parser.parseDim("1:rgb"));
        assertEquals(new Dim.Atom(1, "default"), Parser.parseDim("1:default"));
        assertEquals(a(7), Parser.parseDim("7:default"));
        for (String n : List.of("a", "k2", "hidden", "o", "k", "v", "d1", "in", "leaf", "size", "affine", "x'"))
            assertEquals(v(n), Parser.parseDim(n), n);
    }

    @Test
    void concatChainsAreOneRecordAndParenthesesNest() {
        assertEquals(new Dim.Concat(List.of(v("a"), v("b"), a(3))), Parser.parseDim("a ^ b ^ 3"));
        assertEquals(new Dim.Concat(List.of(v("a"), new Dim.Concat(List.of(v("b"), a(3))))),
                Parser.parseDim("a ^ (b ^ 3)"));
        assertEquals(v("a"), Parser.parseDim("((a))"));
    }

    @Test
    void affineTakesKeywordArgumentsInAnyOrder() {
        assertEquals(Dim.Affine.strided(v("o"), 2), Parser.parseDim("affine(o, stride=2)"));
        assertEquals(Dim.Affine.conv(v("o"), 2, v("k"), 1, false),
                Parser.parseDim("affine(o, stride=2, kernel=k, dilation=1)"));
        assertEquals(Dim.Affine.conv(v("o"), 2, v("k"), 1, false), Parser.parseDim("affine(o, kernel=k, stride=2)"));
        assertEquals(Dim.Affine.conv(v("o"), 2, v("k"), 3, true),
                Parser.parseDim("affine(o, padding=same, dilation=3, kernel=k, stride=2)"));
        assertEquals(Dim.Affine.conv(v("o"), 1, a(3), 1, false),
                Parser.parseDim("affine(o, stride=1, kernel=3, padding=valid)"));
        assertEquals(new Dim.Affine(v("o"), 2, Optional.empty(), 1, false, 1),
                Parser.parseDim("affine(o, stride=2, offset=1)"));
        assertEquals(Dim.Affine.conv(v("o"), 1, v("same"), 1, false), Parser.parseDim("affine(o, stride=1, kernel=same)"));
        assertEquals(Dim.Affine.strided(new Dim.Concat(List.of(v("a"), v("b"))), 2),
                Parser.parseDim("affine(a ^ b, stride=2)"));
    }

    @Test
    void rowsOfEveryShape() {
        assertEquals(Row.literal(List.of(a(3), v("a"))), Parser.parseRow("[3, a]"));
        assertEquals(Row.empty(), Parser.parseRow("[]"));
        assertEquals(new Row.Closed(List.of(a(3)), List.of(v("a"), a(5))), Parser.parseRow("[3] <> [a, 5]"));
        assertEquals(new Row.Closed(List.of(a(3)), List.of()), Parser.parseRow("[3] <>"));
        assertEquals(new Row.Closed(List.of(), List.of(a(5))), Parser.parseRow("<> [5]"));
        assertEquals(Row.empty(), Parser.parseRow("<>"));
        assertEquals(new Row.Open(List.of(a(3)), "r", List.of(a(5))), Parser.parseRow("[3] <r> [5]"));
        assertEquals(Row.var("r"), Parser.parseRow("<r>"));
        assertEquals(new Row.Open(List.of(), "R_1", List.of(a(5))), Parser.parseRow("<R_1> [5]"));
        assertEquals(new Row.Open(List.of(a(3)), "r", List.of()), Parser.parseRow("[3]<r>"));
        assertEquals(new Row.Rigid(List.of(a(3), a(5))), Parser.parseRow("![3, 5]"));
        assertEquals(new Row.Rigid(List.of()), Parser.parseRow("![]"));
    }

    @Test
    void dimensionAndRowConstraints() {
        assertEquals(new Constraint.DimEq(v("d1"), v("d2"), N), c("d1 = d2"));
        assertEquals(new Constraint.DimLe(v("d1"), v("d2"), N), c("d1 <= d2"));
        assertEquals(new Constraint.DimLe(v("a"), Dim.unit(), N), c("a <= 1"));
        assertEquals(new Constraint.DimLe(a(3), Dim.unit(), N), c("3 <= 1"));
        Row r = Row.var("r");
        Row lit = Row.literal(List.of(a(3), a(5)));
        assertEquals(new Constraint.RowEq(r, lit, N), c("<r> ~ [3, 5]"));
        assertEquals(new Constraint.RowLe(lit, r, N), c("[3, 5] <= <r>"));
        assertEquals(new Constraint.RowLeOne(lit, r, N), c("[3, 5] <=1 <r>"));
        assertEquals(new Constraint.RowLeOne(lit, r, N), c("[3, 5] <= 1 <r>"));
        assertEquals(new Constraint.RowLe(new Row.Closed(List.of(a(3)), List.of()), Row.literal(List.of(a(5))), N),
                c("[3] <> <= [5]"));
        assertEquals(new Constraint.RowLe(r, Row.literal(List.of(Dim.unit())), N), c("<r> <= [1]"));
    }

    @Test
    void totalAndExact() {
        Row r = Row.var("r");
        assertEquals(new Constraint.Total(List.of(r, Row.literal(List.of(a(4)))), new TotalNum.NumElems(64), List.of(), N),
                c("total(<r>, [4]) = 64"));
        assertEquals(new Constraint.Total(List.of(r), new TotalNum.StridedVar(64, new Dim.Var("v"), 1), List.of(), N),
                c("total(<r>) = 64 * v"));
        assertEquals(new Constraint.Total(List.of(r), new TotalNum.StridedVar(64, new Dim.Var("v"), 2), List.of(), N),
                c("total(<r>) = 64 * v / 2"));
        assertEquals(new Constraint.Total(List.of(r), new TotalNum.StridedVar(64, new Dim.Var("v"), 1),
                List.of(v("d1"), v("d2")), N), c("total(<r>) = 64 * v / {d1, d2}"));
        assertEquals(new Constraint.Total(List.of(r), new TotalNum.NumElems(64), List.of(v("d")), N),
                c("total(<r>) = 64 / {d}"));
        assertEquals(new Constraint.Exact(List.of(r, Row.var("s")), List.of(v("a"), a(3), v("b")), N),
                c("exact(<r>, <s>) = [a, 3, b]"));
    }

    static SizeExpr sz(String n) {
        return new SizeExpr.Size(v(n));
    }

    static SizeExpr lit(long n) {
        return new SizeExpr.Lit(n);
    }

    @Test
    void sizePredicates() {
        assertEquals(new Constraint.SizeRel(sz("a"), Rel.GE, lit(3), N), c("size(a) >= 3"));
        assertEquals(new Constraint.SizeRel(new SizeExpr.Mod(sz("a"), 4), Rel.EQ, lit(0), N), c("size(a) % 4 == 0"));
        assertEquals(new Constraint.SizeIn(sz("a"), 1, 512, N), c("size(a) in 1..512"));
        assertEquals(new Constraint.SizeIn(sz("in"), -2, 5, N), c("size(in) in -2..5"));
        assertEquals(new Constraint.SizeRel(sz("a"), Rel.LT, sz("b"), N), c("size(a) < size(b)"));
        assertEquals(new Constraint.SizeRel(sz("a"), Rel.EQ, new SizeExpr.Mul(sz("b"), sz("c")), N),
                c("size(a) == size(b) * size(c)"));
        assertEquals(new Constraint.SizeRel(new SizeExpr.Mul(sz("a"), sz("b")), Rel.EQ,
                new SizeExpr.Mul(sz("c"), sz("d")), N), c("size(a) * size(b) == size(c) * size(d)"));
        assertEquals(new Constraint.SizeRel(sz("a"), Rel.EQ,
                new SizeExpr.Add(new SizeExpr.Mul(lit(2), sz("b")), lit(1)), N), c("size(a) == 2 * size(b) + 1"));
        assertEquals(new Constraint.SizeRel(sz("a"), Rel.NE, lit(3), N), c("size(a) != 3"));
        assertEquals(new Constraint.SizeRel(sz("a"), Rel.LE, lit(3), N), c("size(a) <= 3"));
        assertEquals(new Constraint.SizeRel(lit(3), Rel.LE, sz("a"), N), c("3 <= size(a)"));
        assertEquals(new Constraint.SizeRel(sz("a"), Rel.GT, lit(3), N), c("size(a) > 3"));
    }

    @Test
    void sizeExpressionsHaveTheUsualPrecedenceAndAssociateLeft() {
        SizeExpr a = sz("a"), b = sz("b"), cc = sz("c");
        assertEquals(new SizeExpr.Sub(new SizeExpr.Sub(a, b), cc), ((Constraint.SizeRel) c("size(a) - size(b) - size(c) == 0")).left());
        assertEquals(new SizeExpr.Sub(a, new SizeExpr.Sub(b, cc)), ((Constraint.SizeRel) c("size(a) - (size(b) - size(c)) == 0")).left());
        assertEquals(new SizeExpr.Add(a, new SizeExpr.Mul(b, cc)), ((Constraint.SizeRel) c("size(a) + size(b) * size(c) == 0")).left());
        assertEquals(new SizeExpr.Mul(new SizeExpr.Mod(a, 4), b), ((Constraint.SizeRel) c("size(a) % 4 * size(b) == 0")).left());
        assertEquals(new SizeExpr.Mod(new SizeExpr.Mul(a, b), 4), ((Constraint.SizeRel) c("size(a) * size(b) % 4 == 0")).left());
        assertEquals(new SizeExpr.Mul(new SizeExpr.Add(a, b), lit(-2)), ((Constraint.SizeRel) c("(size(a) + size(b)) * -2 == 0")).left());
    }

    @Test
    void likely() {
        assertEquals(new Constraint.Likely(v("a"), List.of(32L, 64L), N), c("likely(a) = {32, 64}"));
    }

    @Test
    void declarations() {
        assertEquals(new Declaration(Provenance.LEAF, List.of(new VarRef("a", false), new VarRef("r", true)), N),
                st("leaf a, <r>"));
        assertEquals(new Declaration(Provenance.PARAM, List.of(new VarRef("w", false), new VarRef("p", true)), N),
                st("param w, <p>"));
        assertEquals(new Declaration(Provenance.DISCARDABLE, List.of(new VarRef("b", false)), N), st("discardable b"));
        assertEquals(new Declaration(Provenance.DYNAMIC, List.of(new VarRef("n", false)), N), st("dynamic n"));
        assertEquals(new Constraint.DimEq(v("leaf"), a(3), N), st("leaf = 3"));
    }

    @Test
    void expectations() {
        var sat = new Expectation.Verdict.Sat();
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.NATIVE, sat, N), st("expect native: sat"));
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.COMPLETE, sat, N), st("expect complete: sat"));
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.NATIVE,
                new Expectation.Verdict.Fail(Optional.empty(), Optional.empty()), N), st("expect native: fail"));
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.NATIVE,
                new Expectation.Verdict.Fail(Optional.of("policy"), Optional.empty()), N), st("expect native: fail policy"));
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.NATIVE,
                new Expectation.Verdict.Fail(Optional.of("semantic"), Optional.empty()), N), st("expect native: fail semantic"));
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.NATIVE,
                new Expectation.Verdict.Fail(Optional.empty(), Optional.of("rank cycle")), N), st("expect native: fail \"rank cycle\""));
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.NATIVE,
                new Expectation.Verdict.Fail(Optional.of("policy"), Optional.of("a \"q\" \\ b")), N),
                st("expect native: fail policy \"a \\\"q\\\" \\\\ b\""));
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.FLAT, sat, N), st("expect flat: sat"));
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.MARKED, new Expectation.Verdict.Unsat(), N),
                st("expect marked: unsat"));
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.RIGID, new Expectation.Verdict.Unknown(), N),
                st("expect rigid: unknown"));
        assertEquals(new Expectation.ExpectVerdict(Expectation.Engine.CONTENT, sat, N), st("expect content: sat"));
        assertEquals(new Expectation.ExpectClosed(new Constraint.DimEq(v("a"), a(3), N), N), st("expect closed a = 3"));
        assertEquals(new Expectation.ExpectClosed(new Constraint.RowEq(Row.var("r"),
                Row.literal(List.of(a(3), a(5))), N), N), st("expect closed <r> ~ [3, 5]"));
        assertEquals(new Expectation.ExpectEntails(new Constraint.DimEq(v("a"), v("b"), N), N), st("expect entails a = b"));
        assertEquals(new Expectation.ExpectEntails(new Constraint.RowLe(Row.var("r"), Row.empty(), N), N),
                st("expect entails <r> <= []"));
        assertEquals(new Expectation.ExpectPrincipal(true, N), st("expect principal: yes"));
        assertEquals(new Expectation.ExpectPrincipal(false, N), st("expect principal: no"));
    }

    @Test
    void statementsAreSeparatedByNewlinesOrSemicolonsAndCarryTheirSpans() {
        Problem p = Parser.parse("f.shc", "# head\n\n  a = 3 ; b <= 1 # tail\r\n<r> ~ []\n\n");
        assertEquals(List.of(new Span("f.shc", 3, 3), new Span("f.shc", 3, 11), new Span("f.shc", 4, 1)),
                p.statements().stream().map(Statement::span).toList());
        assertEquals(List.of(), Parser.parse("e.shc", "\n# nothing\n;;\n").statements());
    }

    @Test
    void assignmentsWithAndWithoutSpaces() {
        var expected = org.shapeforge.term.Assignment.empty().withDim("a", a(3))
                .withRow("r", new Row.Closed(List.of(a(3)), List.of(a(5))));
        assertEquals(expected, Parser.parseAssignment("a=3, <r>=[3]<>[5]"));
        assertEquals(expected, Parser.parseAssignment(" a = 3 , <r> = [3] <> [5] "));
        assertEquals(org.shapeforge.term.Assignment.empty(), Parser.parseAssignment(""));
        assertEquals(org.shapeforge.term.Assignment.empty().withRow("r", new Row.Rigid(List.of(a(3)))),
                Parser.parseAssignment("<r>=![3]"));
    }
}
