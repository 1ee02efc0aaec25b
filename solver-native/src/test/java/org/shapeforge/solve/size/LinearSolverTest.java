package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.term.Dim;

class LinearSolverTest {
    static final Span AT = null;

    static SizeExpr size(String v) {
        return new SizeExpr.Size(new Dim.Var(v));
    }

    static LinearExpr x(String v) {
        return LinearExpr.var(v);
    }

    static LinearExpr n(long k) {
        return LinearExpr.of(k);
    }

    @Test
    void w29_multipleOfFourAndOfThreeInOneToTenIsUnsat() {
        SizeTranslator t = new SizeTranslator()
                .add(new Constraint.SizeRel(new SizeExpr.Mod(size("a"), 4), Rel.EQ, new SizeExpr.Lit(0), AT), "size(a) % 4 == 0")
                .add(new Constraint.SizeIn(size("a"), 1, 10, AT), "size(a) in 1..10")
                .add(new Constraint.DimEq(new Dim.Var("a"), Dim.Affine.strided(new Dim.Var("o"), 3), AT), "a = affine(o, stride=3)");
        var r = assertInstanceOf(LinearResult.Unsat.class, LinearSolver.solve(t.system(Set.of()), Map.of()));
        assertTrue(r.reason().startsWith("size predicates: no integer solution to size(a) % 4 == 0 ∧ size(a) in 1..10 ∧ a = affine(o, stride=3)"),
                r.reason());
    }

    @Test
    void multipleOfFourAndOfThreeUpToTwelveIsTwelve() {
        SizeTranslator t = new SizeTranslator()
                .add(new Constraint.SizeRel(new SizeExpr.Mod(size("a"), 4), Rel.EQ, new SizeExpr.Lit(0), AT), "size(a) % 4 == 0")
                .add(new Constraint.SizeIn(size("a"), 1, 12, AT), "size(a) in 1..12")
                .add(new Constraint.DimEq(new Dim.Var("a"), Dim.Affine.strided(new Dim.Var("o"), 3), AT), "a = affine(o, stride=3)");
        assertEquals(new LinearResult.Sat(Map.of("a", 12L, "o", 4L)), LinearSolver.solve(t.system(Set.of()), Map.of()));
    }

    @Test
    void leastMaterialModelOfAnUnderdeterminedSum() {
        var sys = LinearSystem.of(List.of(LinearConstraint.eq(x("a").plus(x("b")), x("c").plus(n(3)), "a ^ b = c ^ 3")));
        var sat = assertInstanceOf(LinearResult.Sat.class, LinearSolver.solve(sys, Map.of()));
        assertEquals(1L, sat.model().get("c"));
        assertEquals(4L, sat.model().get("a") + sat.model().get("b"));
    }

    @Test
    void preferredValuesAreKeptWhenFeasibleInOrder() {
        var sys = LinearSystem.of(List.of(LinearConstraint.eq(x("a").plus(x("b")), n(10), "a ^ b = 10")));
        var pref = new LinkedHashMap<String, Long>();
        pref.put("a", 32L);
        pref.put("b", 4L);
        assertEquals(new LinearResult.Sat(Map.of("a", 6L, "b", 4L)), LinearSolver.solve(sys, pref));
    }

    @Test
    void disequalitiesBranch() {
        var sys = LinearSystem.of(List.of(
                new LinearConstraint(x("a").minus(n(1)), Rel.NE, "size(a) != 1"),
                new LinearConstraint(x("a").minus(n(2)), Rel.NE, "size(a) != 2"),
                LinearConstraint.of(x("a"), Rel.LE, n(3), "size(a) <= 3")));
        assertEquals(new LinearResult.Sat(Map.of("a", 3L)), LinearSolver.solve(sys, Map.of()));
        var none = sys.with(new LinearConstraint(x("a").minus(n(3)), Rel.NE, "size(a) != 3"));
        assertInstanceOf(LinearResult.Unsat.class, LinearSolver.solve(none, Map.of()));
    }

    @Test
    void discardablesMayBeZero() {
        var sys = new LinearSystem(List.of(LinearConstraint.eq(x("a").plus(x("b")), n(5), "a ^ b = 5"),
                LinearConstraint.of(x("b"), Rel.GE, n(5), "size(b) >= 5")), Set.of("a"), Set.of());
        assertEquals(new LinearResult.Sat(Map.of("a", 0L, "b", 5L)), LinearSolver.solve(sys, Map.of()));
        assertInstanceOf(LinearResult.Unsat.class, LinearSolver.solve(LinearSystem.of(sys.constraints()), Map.of()));
    }

    @Test
    void unboundedInfeasibilityIsRefutedByTheRelaxation() {
        var sys = LinearSystem.of(List.of(LinearConstraint.of(x("a"), Rel.GE, x("b").plus(n(1)), "a > b"),
                LinearConstraint.of(x("b"), Rel.GE, x("a"), "b >= a")));
        assertInstanceOf(LinearResult.Unsat.class, LinearSolver.solve(sys, Map.of()));
    }

    @Test
    void entailmentOfAConcatSolution() {
        var sys = LinearSystem.of(List.of(LinearConstraint.eq(n(7), x("a").plus(n(3)), "7 = a ^ 3")));
        assertInstanceOf(LinearEntailment.Entailed.class,
                LinearSolver.entails(sys, LinearConstraint.eq(x("a"), n(4), "a = 4")));
        var ne = assertInstanceOf(LinearEntailment.NotEntailed.class,
                LinearSolver.entails(LinearSystem.of(List.of(LinearConstraint.of(x("a"), Rel.LE, n(9), "a <= 9"))),
                        LinearConstraint.eq(x("a"), n(4), "a = 4")));
        assertTrue(ne.counterexample().get("a") != 4);
    }

    @Test
    void productsAreReportedApart() {
        SizeTranslator t = new SizeTranslator().add(new Constraint.SizeRel(size("a"), Rel.EQ,
                new SizeExpr.Mul(size("b"), size("c")), AT), "size(a) == size(b) * size(c)");
        assertEquals(0, t.linear().size());
        assertEquals(1, t.products().size());
        assertTrue(t.products().getFirst().holds(Map.of("a", 6L, "b", 2L, "c", 3L)));
    }

    @Test
    void divisibilityConflictAtLargeSizesIsRefutedExactly() {
        SizeTranslator t = new SizeTranslator()
                .add(new Constraint.SizeRel(new SizeExpr.Mod(size("a"), 6), Rel.EQ, new SizeExpr.Lit(0), AT), "size(a) % 6 == 0")
                .add(new Constraint.SizeIn(size("a"), 1, 1_000_000, AT), "size(a) in 1..1000000")
                .add(new Constraint.DimEq(new Dim.Var("a"), new Dim.Concat(List.of(Dim.Affine.strided(new Dim.Var("o"), 4),
                        new Dim.Atom(1))), AT), "a = affine(o, stride=4) ^ 1");
        var u = assertInstanceOf(LinearResult.Unsat.class, LinearSolver.solve(t.system(Set.of()), Map.of()));
        assertTrue(u.reason().contains("gcd 2 does not divide"), u.reason());
    }

    @Test
    void groundSystemsAreChecked() {
        assertEquals(new LinearResult.Sat(Map.of()), LinearSolver.solve(LinearSystem.of(List.of()), Map.of()));
        assertEquals(new LinearResult.Sat(Map.of()),
                LinearSolver.solve(LinearSystem.of(List.of(LinearConstraint.eq(n(3), n(3), "3 = 3"))), Map.of()));
        assertInstanceOf(LinearResult.Unsat.class,
                LinearSolver.solve(LinearSystem.of(List.of(LinearConstraint.eq(n(3), n(4), "3 = 4"))), Map.of()));
        assertInstanceOf(LinearResult.Unsat.class,
                LinearSolver.solve(LinearSystem.of(List.of(new LinearConstraint(n(0), Rel.NE, "0 != 0"))), Map.of()));
    }

    @Test
    void parityConflictIsRefutedByTheGcdTest() {
        var sys = LinearSystem.of(List.of(LinearConstraint.eq(x("a").times(java.math.BigInteger.TWO),
                x("b").times(java.math.BigInteger.TWO).plus(n(1)), "2a = 2b + 1")));
        var u = assertInstanceOf(LinearResult.Unsat.class, LinearSolver.solve(sys, Map.of()));
        assertTrue(u.reason().contains("gcd 2"), u.reason());
    }
}
