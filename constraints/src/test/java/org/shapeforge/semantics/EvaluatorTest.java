package org.shapeforge.semantics;

import org.shapeforge.term.Assignment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** The evaluator on the witnesses' ground instances, per semantics. */
class EvaluatorTest {
    static final Span S = Span.NONE;

    static Dim n(long k) {
        return Dim.atom(k);
    }

    static Row.Closed lit(Dim... ds) {
        return Row.literal(List.of(ds));
    }

    static Row.Closed row(List<Dim> lead, List<Dim> trail) {
        return new Row.Closed(lead, trail);
    }

    static Row.Open open(List<Dim> lead, String v, List<Dim> trail) {
        return new Row.Open(lead, v, trail);
    }

    static Judgement judge(Constraint c, Assignment a, Semantics s) {
        return Evaluator.evaluate(List.of(c), a, s).getFirst();
    }

    static void assertTruth(Truth want, Constraint c, Assignment a, Semantics s) {
        Judgement j = judge(c, a, s);
        assertEquals(want, j.truth(), () -> s + ": " + c + " -> " + j.detail());
    }

    // w01 (Remark 2.11): <r> ~ [3, 5]; [3] <> [9, 5] <= <r>
    static final Constraint W01_EQ = new Constraint.RowEq(Row.var("r"), lit(n(3), n(5)), S);
    static final Constraint W01_LE = new Constraint.RowLe(row(List.of(n(3)), List.of(n(9), n(5))), Row.var("r"), S);
    static final Assignment R_3_5 = Assignment.empty().withRow("r", row(List.of(n(3)), List.of(n(5))));

    @Test
    void w01BothHoldUnderFlatWithSplitValue() {
        assertTrue(Evaluator.holdsAll(List.of(W01_EQ, W01_LE), R_3_5, Semantics.FLAT));
        assertTrue(Evaluator.holdsAll(List.of(W01_EQ, W01_LE), R_3_5, Semantics.CONTENT));
    }

    @Test
    void w01EqualityFailsUnderMarked() {
        Judgement j = judge(W01_EQ, R_3_5, Semantics.MARKED);
        assertEquals(Truth.FAILS, j.truth());
        assertTrue(j.detail().contains("marked identity"), j.detail());
        assertTruth(Truth.HOLDS, W01_LE, R_3_5, Semantics.MARKED);
    }

    @Test
    void w01MarkedFrontValueFailsTheInequality() {
        Assignment front = Assignment.empty().withRow("r", lit(n(3), n(5)));
        assertTruth(Truth.HOLDS, W01_EQ, front, Semantics.MARKED);
        Judgement j = judge(W01_LE, front, Semantics.MARKED);
        assertEquals(Truth.FAILS, j.truth());
        assertTrue(j.detail().contains("9 not ⊑ 3"), j.detail());
    }

    @Test
    void w01InequalityFailsUnderRigidByClauseD() {
        for (Row v : List.<Row>of(row(List.of(n(3)), List.of(n(5))), lit(n(3), n(5)),
                new Row.Rigid(List.of(n(3), n(5))), Row.empty())) {
            Assignment a = Assignment.empty().withRow("r", v);
            Judgement j = judge(W01_LE, a, Semantics.RIGID);
            assertEquals(Truth.FAILS, j.truth(), j.detail());
            assertTrue(j.detail().contains("clause (d)"), j.detail());
        }
        assertTruth(Truth.HOLDS, W01_EQ, R_3_5, Semantics.RIGID);
    }

    @Test
    void shiftedClosedInequalityFailsFlankFitUnderFlatButHoldsUnderContent() {
        // w16: [3] <> <= [3]
        Row.Closed lower = row(List.of(n(3)), List.of());
        Constraint c = new Constraint.RowLe(lower, lit(n(3)), S);
        Judgement flat = judge(c, Assignment.empty(), Semantics.FLAT);
        assertEquals(Truth.FAILS, flat.truth());
        assertTrue(flat.detail().startsWith("flank-fit fails: |r|=1 > |r'|=0"), flat.detail());
        assertTruth(Truth.HOLDS, c, Assignment.empty(), Semantics.CONTENT);
        assertTruth(Truth.HOLDS, new Constraint.RowLeOne(lower, lit(n(3)), S), Assignment.empty(), Semantics.FLAT);
    }

    @Test
    void shiftedClosedInequalityWithClashFailsEverywhere() {
        // w15: [3] <> <= [5]
        Constraint c = new Constraint.RowLe(row(List.of(n(3)), List.of()), lit(n(5)), S);
        for (Semantics s : Semantics.values()) assertTruth(Truth.FAILS, c, Assignment.empty(), s);
    }

    @Test
    void rigidUpperFailsByClauseDUnderEveryOrderReadingTheMarkedOrder() {
        // w30: [5] <> [3] <= ![3]
        Constraint c = new Constraint.RowLe(row(List.of(n(5)), List.of(n(3))), new Row.Rigid(List.of(n(3))), S);
        for (Semantics s : List.of(Semantics.RIGID, Semantics.FLAT, Semantics.MARKED)) {
            Judgement j = judge(c, Assignment.empty(), s);
            assertEquals(Truth.FAILS, j.truth());
            assertTrue(j.detail().contains("clause (d)"), j.detail());
        }
        // rigid below marked: clause (c)
        Constraint c2 = new Constraint.RowLe(new Row.Rigid(List.of(n(5), n(3))), lit(n(3)), S);
        assertTruth(Truth.HOLDS, c2, Assignment.empty(), Semantics.RIGID);
    }

    @Test
    void w18DeficitNeedsRankFourInTheMarkedOrder() {
        // [3] <r> [4] <= [3, 5, 4]
        Constraint c = new Constraint.RowLe(open(List.of(n(3)), "r", List.of(n(4))), lit(n(3), n(5), n(4)), S);
        // r = [3, 5] (front marker): [3]◇[3,5,4] vs [1,3,5,4] by Def. 2.3 - holds.
        assertTruth(Truth.HOLDS, c, Assignment.empty().withRow("r", lit(n(3), n(5))), Semantics.FLAT);
        // Rank-3 values fail flank-fit in the marked order, whatever their marker ...
        for (Row v : List.of(lit(n(5)), row(List.of(n(5)), List.of()))) {
            Judgement j = judge(c, Assignment.empty().withRow("r", v), Semantics.FLAT);
            assertEquals(Truth.FAILS, j.truth(), j.detail());
            assertTrue(j.detail().startsWith("flank-fit fails: |r|=3 > |r'|="), j.detail());
            // ... but satisfy the one-shot order (Remark 2.15(ii)'s witness).
            assertTruth(Truth.HOLDS, c, Assignment.empty().withRow("r", v), Semantics.CONTENT);
        }
        // Marker inside the value: [3, 3] <> [5, 4] fails trailing flank-fit.
        assertTruth(Truth.FAILS, c, Assignment.empty().withRow("r", row(List.of(n(3)), List.of(n(5)))), Semantics.FLAT);
    }

    @Test
    void w31ContentReadingAcceptsWhatFlankFitRejects() {
        // [3] <r> <= <r> [1]
        Constraint c = new Constraint.RowLe(open(List.of(n(3)), "r", List.of()),
                open(List.of(), "r", List.of(Dim.unit())), S);
        Assignment empty = Assignment.empty().withRow("r", Row.empty());
        assertTruth(Truth.HOLDS, c, empty, Semantics.CONTENT);
        for (Row v : List.of(Row.empty(), lit(n(2)), row(List.of(n(2)), List.of())))
            assertTruth(Truth.FAILS, c, Assignment.empty().withRow("r", v), Semantics.FLAT);
    }

    @Test
    void rigidSemanticsGroundsOpenTermsToRigidRows() {
        Assignment a = R_3_5;
        Row g = Grounding.row(open(List.of(n(2)), "r", List.of(n(7))), a, Semantics.RIGID);
        assertEquals(new Row.Rigid(List.of(n(2), n(3), n(5), n(7))), g);
        Row f = Grounding.row(open(List.of(n(2)), "r", List.of(n(7))), a, Semantics.FLAT);
        assertEquals(row(List.of(n(2), n(3)), List.of(n(5), n(7))), f);
        assertEquals(lit(n(3)), Grounding.row(lit(n(3)), a, Semantics.RIGID));
    }

    @Test
    void rigidValueUnderNonRigidSemanticsIsUndefined() {
        Assignment a = Assignment.empty().withRow("r", new Row.Rigid(List.of(n(3), n(5))));
        for (Semantics s : List.of(Semantics.FLAT, Semantics.MARKED, Semantics.CONTENT)) {
            Judgement j = judge(W01_EQ, a, s);
            assertEquals(Truth.UNDEFINED, j.truth());
            assertTrue(j.detail().contains("rigid value"), j.detail());
        }
        assertTruth(Truth.HOLDS, W01_EQ, a, Semantics.RIGID);
    }

    @Test
    void unassignedVariablesAreUndefined() {
        Judgement j = judge(W01_EQ, Assignment.empty(), Semantics.FLAT);
        assertEquals(Truth.UNDEFINED, j.truth());
        assertTrue(j.detail().contains("<r>"), j.detail());
        Judgement d = judge(new Constraint.DimEq(Dim.var("a"), n(3), S), Assignment.empty(), Semantics.FLAT);
        assertEquals(Truth.UNDEFINED, d.truth());
        assertTrue(d.detail().contains("a is unassigned"), d.detail());
        assertFalse(Evaluator.holdsAll(List.of(W01_EQ), Assignment.empty(), Semantics.FLAT));
    }

    @Test
    void dimensionConstraintsAreIdentityAndBroadcastOrder() {
        Assignment a = Assignment.empty();
        assertTruth(Truth.HOLDS, new Constraint.DimLe(n(3), Dim.unit(), S), a, Semantics.FLAT);
        assertTruth(Truth.FAILS, new Constraint.DimLe(Dim.unit(), n(3), S), a, Semantics.FLAT);
        assertTruth(Truth.FAILS, new Constraint.DimLe(n(3), n(5), S), a, Semantics.FLAT);
        assertTruth(Truth.FAILS, new Constraint.DimLe(new Dim.Atom(3, "rgb"), n(3), S), a, Semantics.FLAT);
        // 1_default is an atom, distinct from the unit 1∅.
        assertTruth(Truth.FAILS, new Constraint.DimEq(new Dim.Atom(1), Dim.unit(), S), a, Semantics.FLAT);
        assertTruth(Truth.HOLDS, new Constraint.DimLe(new Dim.Atom(1), Dim.unit(), S), a, Semantics.FLAT);
        assertTruth(Truth.FAILS, new Constraint.DimLe(Dim.unit(), new Dim.Atom(1), S), a, Semantics.FLAT);
    }

    @Test
    void concatAndAffineSizesAndBases() {
        Dim cat = new Dim.Concat(List.of(Dim.var("a"), Dim.var("b")));
        Assignment plain = new Assignment(Map.of("a", n(3), "b", n(4)), Map.of());
        assertTruth(Truth.HOLDS, new Constraint.DimEq(cat, n(7), S), plain, Semantics.FLAT);
        assertTruth(Truth.FAILS, new Constraint.DimEq(cat, n(8), S), plain, Semantics.FLAT);
        Assignment tagged = new Assignment(Map.of("a", new Dim.Atom(3, "rgb"), "b", n(4)), Map.of());
        assertTruth(Truth.HOLDS, new Constraint.DimEq(cat, new Dim.Atom(7, "rgb"), S), tagged, Semantics.FLAT);
        assertTruth(Truth.FAILS, new Constraint.DimEq(cat, n(7), S), tagged, Semantics.FLAT);
        Assignment clash = new Assignment(Map.of("a", new Dim.Atom(3, "rgb"), "b", new Dim.Atom(4, "x")), Map.of());
        Judgement j = judge(new Constraint.DimEq(cat, n(7), S), clash, Semantics.FLAT);
        assertEquals(Truth.UNDEFINED, j.truth());
        assertTrue(j.detail().contains("basis conflict"), j.detail());
        // A sum of size 1 with the default basis is the unit.
        Assignment zeroOne = new Assignment(Map.of("a", n(0), "b", new Dim.Atom(1)), Map.of());
        assertTruth(Truth.HOLDS, new Constraint.DimEq(cat, Dim.unit(), S), zeroOne, Semantics.FLAT);

        Dim o = Dim.var("o"), k = Dim.var("k");
        Assignment ok = new Assignment(Map.of("o", n(5), "k", n(3)), Map.of());
        assertTruth(Truth.HOLDS, new Constraint.DimEq(Dim.Affine.conv(o, 2, k, 1, false), n(11), S), ok, Semantics.FLAT);
        assertTruth(Truth.HOLDS, new Constraint.DimEq(Dim.Affine.conv(o, 2, k, 1, true), n(10), S), ok, Semantics.FLAT);
        assertTruth(Truth.HOLDS, new Constraint.DimEq(Dim.Affine.strided(o, 3), n(15), S), ok, Semantics.FLAT);
        assertTruth(Truth.HOLDS, new Constraint.DimEq(Dim.Affine.conv(o, 1, k, 2, false), n(9), S), ok, Semantics.FLAT);
    }

    @Test
    void overflowIsUndefined() {
        Dim cat = new Dim.Concat(List.of(n(Long.MAX_VALUE), n(2)));
        Judgement j = judge(new Constraint.DimEq(cat, n(3), S), Assignment.empty(), Semantics.FLAT);
        assertEquals(Truth.UNDEFINED, j.truth());
        assertTrue(j.detail().contains("overflow"), j.detail());
    }

    @Test
    void totalElemsCrossMultipliesExactly() {
        Assignment a = new Assignment(Map.of("v", n(5), "d", n(2)),
                Map.of("r", row(List.of(n(2)), List.of(n(6), n(6)))));
        Constraint ok = new Constraint.Total(List.of(Row.var("r")),
                new Constraint.TotalNum.NumElems(72), List.of(), S);
        assertTruth(Truth.HOLDS, ok, a, Semantics.FLAT);
        Constraint bad = new Constraint.Total(List.of(Row.var("r"), lit(n(1))),
                new Constraint.TotalNum.NumElems(70), List.of(), S);
        Judgement j = judge(bad, a, Semantics.FLAT);
        assertEquals(Truth.FAILS, j.truth());
        assertEquals("Total_elems: 72 != 70", j.detail());
        // 72 = 144·v/10 with v = 5? 144·5/10 = 72: holds; with divided_by d=2: 144·5/10/2 = 36: fails.
        var strided = new Constraint.TotalNum.StridedVar(144, new Dim.Var("v"), 10);
        assertTruth(Truth.HOLDS, new Constraint.Total(List.of(Row.var("r")), strided, List.of(), S), a, Semantics.FLAT);
        Judgement div = judge(new Constraint.Total(List.of(Row.var("r")), strided, List.of(Dim.var("d")), S), a, Semantics.FLAT);
        assertEquals(Truth.FAILS, div.truth());
        assertEquals("Total_elems: 72 != 144 · 5 / 10 / (2)", div.detail());
        // Non-integral quotient never rounds: 73·5/10 is 36.5.
        var odd = new Constraint.TotalNum.StridedVar(73, new Dim.Var("v"), 10);
        assertTruth(Truth.FAILS, new Constraint.Total(List.of(lit(n(36))), odd, List.of(), S), a, Semantics.FLAT);
        Assignment zero = a.withDim("d", n(0));
        assertTruth(Truth.UNDEFINED, new Constraint.Total(List.of(lit()), strided, List.of(Dim.var("d")), S), zero,
                Semantics.FLAT);
    }

    @Test
    void exactComparesConcatenatedAxes() {
        Assignment a = new Assignment(Map.of("a", n(2)), Map.of("r", row(List.of(n(2)), List.of(n(3)))));
        assertTruth(Truth.HOLDS, new Constraint.Exact(List.of(Row.var("r"), lit(n(4))),
                List.of(Dim.var("a"), n(3), n(4)), S), a, Semantics.FLAT);
        Judgement j = judge(new Constraint.Exact(List.of(Row.var("r")), List.of(n(2), Dim.unit()), S), a,
                Semantics.FLAT);
        assertEquals(Truth.FAILS, j.truth());
        assertTrue(j.detail().contains("axis 1 is 3, expected 1"), j.detail());
    }

    @Test
    void sizePredicatesUseExactNonNegativeArithmetic() {
        Assignment a = new Assignment(Map.of("a", new Dim.Atom(3, "rgb"), "b", n(8)), Map.of());
        var sa = new org.shapeforge.lang.SizeExpr.Size(Dim.var("a"));
        var sb = new org.shapeforge.lang.SizeExpr.Size(Dim.var("b"));
        var lit = (java.util.function.LongFunction<org.shapeforge.lang.SizeExpr>) org.shapeforge.lang.SizeExpr.Lit::new;
        // (size(a) - 10) % 4 == 1: -7 mod 4 = 1
        var mod = new org.shapeforge.lang.SizeExpr.Mod(new org.shapeforge.lang.SizeExpr.Sub(sa, lit.apply(10)), 4);
        assertTruth(Truth.HOLDS, new Constraint.SizeRel(mod, Constraint.Rel.EQ, lit.apply(1), S), a, Semantics.FLAT);
        assertTruth(Truth.FAILS, new Constraint.SizeRel(sb, Constraint.Rel.LT, sa, S), a, Semantics.FLAT);
        var twoAPlus2 = new org.shapeforge.lang.SizeExpr.Add(new org.shapeforge.lang.SizeExpr.Mul(lit.apply(2), sa), lit.apply(2));
        assertTruth(Truth.HOLDS, new Constraint.SizeRel(sb, Constraint.Rel.EQ, twoAPlus2, S), a, Semantics.FLAT);
        assertTruth(Truth.HOLDS, new Constraint.SizeIn(sb, 1, 8, S), a, Semantics.FLAT);
        assertTruth(Truth.FAILS, new Constraint.SizeIn(sb, 9, 512, S), a, Semantics.FLAT);
        assertTruth(Truth.UNDEFINED, new Constraint.SizeIn(new org.shapeforge.lang.SizeExpr.Size(Dim.var("c")), 1, 8, S),
                a, Semantics.FLAT);
        assertTruth(Truth.HOLDS, new Constraint.Likely(Dim.var("c"), List.of(32L), S), a, Semantics.FLAT);
    }

    @Test
    void marksAreInvisibleToFlatButNotToMarked() {
        Constraint c = new Constraint.RowEq(row(List.of(n(3)), List.of(n(4))), lit(n(3), n(4)), S);
        assertTruth(Truth.HOLDS, c, Assignment.empty(), Semantics.FLAT);
        assertTruth(Truth.HOLDS, c, Assignment.empty(), Semantics.RIGID);
        assertTruth(Truth.HOLDS, c, Assignment.empty(), Semantics.CONTENT);
        assertTruth(Truth.FAILS, c, Assignment.empty(), Semantics.MARKED);
        Constraint rigidEq = new Constraint.RowEq(new Row.Rigid(List.of(n(3), n(4))), lit(n(3), n(4)), S);
        assertTruth(Truth.FAILS, rigidEq, Assignment.empty(), Semantics.MARKED);
        assertTruth(Truth.HOLDS, rigidEq, Assignment.empty(), Semantics.FLAT);
        assertEquals(Optional.empty(), RowOrder.whyNot(lit(n(3), n(4)), lit(n(3), n(4))));
    }
}
