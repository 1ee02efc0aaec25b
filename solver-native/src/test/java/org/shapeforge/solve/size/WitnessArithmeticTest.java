package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The arithmetic of witnesses w22–w29 (shared/witnesses), from their parsed constraints, with
 * the staging a caller does by hand (substituting the sizes the other constraints fix); every
 * solution is judged by the trusted evaluator.
 */
class WitnessArithmeticTest {
    static Constraint c(String text) {
        return Parser.parseConstraint(text);
    }

    static void assertEvaluatorAccepts(List<Constraint> cs, Map<String, Long> model) {
        Assignment a = Assignment.empty();
        for (var e : model.entrySet()) a = a.withDim(e.getKey(), new Dim.Atom(e.getValue()));
        assertTrue(Evaluator.holdsAll(cs, a, Semantics.FLAT), Evaluator.evaluate(cs, a, Semantics.FLAT).toString());
    }

    @Test
    void w22_stridedVar() {
        var t = (Constraint.Total) c("total([8, 8]) = 64 * v / {d}");
        List<Dim> axes = new ArrayList<>();
        for (Row r : t.rows()) {
            var closed = (Row.Closed) r;
            axes.addAll(closed.lead());
            axes.addAll(closed.trail());
        }
        var r = TotalElems.solve(axes, t.numerator(), t.dividedBy(), Map.of("d", 4L), Set.of(), "[8, 8]");
        assertEquals(new SizeResult.Solved(Map.of("v", 4L)), r);
        assertEvaluatorAccepts(List.of(t), Map.of("v", 4L, "d", 4L));
    }

    @Test
    void w23_w24_concatForwardAndBackward() {
        var fwd = (Constraint.DimEq) c("c = a ^ b");
        assertEquals(new SizeResult.Solved(Map.of("c", 7L)), ConcatSolver.solve(fwd.left(), fwd.right(), Map.of("a", 3L, "b", 4L), Set.of()));
        var back = (Constraint.DimEq) c("7 = a ^ 3");
        assertEquals(new SizeResult.Solved(Map.of("a", 4L)), ConcatSolver.solve(back.left(), back.right(), Map.of(), Set.of()));
        LinearSystem sys = new SizeTranslator().add(back, Printer.print(back)).system(Set.of());
        var sat = assertInstanceOf(LinearResult.Sat.class, LinearSolver.solve(sys, Map.of()));
        assertEvaluatorAccepts(List.of(back), sat.model());
        var aIs4 = new SizeTranslator().add(c("a = 4"), "a = 4").linear().getFirst();
        assertInstanceOf(LinearEntailment.Entailed.class, LinearSolver.entails(sys, aIs4));
    }

    @Test
    void w25_w26_affineValidConvolution() {
        var w25 = (Constraint.DimEq) c("i = affine(o, stride=1, kernel=k, dilation=1)");
        var r = AffineSolver.solve(w25.left(), (Dim.Affine) w25.right(), Map.of("i", 32L, "k", 3L));
        assertEquals(new SizeResult.Solved(Map.of("o", 30L)), r);
        assertEvaluatorAccepts(List.of(w25), Map.of("i", 32L, "k", 3L, "o", 30L));
        var w26 = (Constraint.DimEq) c("i = affine(o, stride=2, kernel=k, dilation=1)");
        var f = assertInstanceOf(SizeResult.Failed.class, AffineSolver.solve(w26.left(), (Dim.Affine) w26.right(), Map.of("i", 32L, "k", 3L)));
        assertEquals("Affine: 32 − 3 = 29 not divisible by stride 2", f.message());
        LinearSystem sys = new SizeTranslator().add(w26, Printer.print(w26)).add(c("i = 32"), "i = 32").add(c("k = 3"), "k = 3")
                .system(Set.of());
        assertInstanceOf(LinearResult.Unsat.class, LinearSolver.solve(sys, Map.of()));
    }

    @Test
    void w27_diophantine() {
        var t = (Constraint.Total) c("total([a, b]) = 12");
        // a = b: the caller substitutes b by a before the product is staged.
        var f = assertInstanceOf(SizeResult.Failed.class, TotalElems.solve(List.of(new Dim.Var("a"), new Dim.Var("a")), t.numerator(),
                t.dividedBy(), Map.of(), Set.of(), "[a, b]"));
        assertEquals("Total_elems: a·a = 12 has no integer solution (rows [a, b])", f.message());
    }

    @Test
    void w29_sizePredicates() {
        List<Constraint> cs = List.of(c("size(a) % 4 == 0"), c("size(a) in 1..10"), c("a = affine(o, stride=3)"));
        SizeTranslator t = new SizeTranslator();
        cs.forEach(x -> t.add(x, Printer.print(x)));
        var u = assertInstanceOf(LinearResult.Unsat.class, LinearSolver.solve(t.system(Set.of()), Map.of()));
        assertTrue(u.reason().contains("size(a) % 4 == 0"), u.reason());
        SizeTranslator wider = new SizeTranslator();
        List<Constraint> cs2 = List.of(c("size(a) % 4 == 0"), c("size(a) in 1..12"), c("a = affine(o, stride=3)"));
        cs2.forEach(x -> wider.add(x, Printer.print(x)));
        var sat = assertInstanceOf(LinearResult.Sat.class, LinearSolver.solve(wider.system(Set.of()), Map.of()));
        assertEvaluatorAccepts(cs2, sat.model());
    }
}
