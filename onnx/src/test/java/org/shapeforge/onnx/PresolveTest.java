package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.i;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.int64s;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The importer's presolves (issue 32: ssdlite solved its whole store once per Shape): each solves
 * only the constraints {@link Connected} to the terms read, and is reused across variable-free
 * facts that hold ({@link GroundFacts}); the shapes read stay those of the whole store.
 */
class PresolveTest {
    private static final Span S = Span.NONE;

    private static SizeExpr sz(Dim d) {
        return new SizeExpr.Size(d);
    }

    @Test
    void connectedTakesTheReadTermsComponentEveryVariableFreeConstraintAndNothingElse() {
        Dim a = Dim.var("a"), b = Dim.var("b"), c = Dim.var("c"), x = Dim.var("x"), y = Dim.var("y"), p = Dim.var("p"), q = Dim.var("q");
        List<Constraint> cs = List.of(
                new Constraint.DimEq(a, b, S),                                                             // 0: a ~ b
                new Constraint.SizeRel(sz(b), Constraint.Rel.EQ, new SizeExpr.Add(sz(c), new SizeExpr.Lit(1)), S), // 1: b ~ c
                new Constraint.DimEq(x, y, S),                                                             // 2: another component
                new Constraint.SizeRel(sz(Dim.atom(4)), Constraint.Rel.GE, new SizeExpr.Lit(2), S),        // 3: no variable
                new Constraint.DimEq(new Dim.Affine(p, 1, Optional.of(c), 1, false, 0), q, S),             // 4: c only as a kernel
                new Constraint.RowLe(Row.literal(List.of(q, x)), Row.literal(List.of(q, x)), S),          // 5: q joins x's component
                new Constraint.SizeIn(sz(Dim.var("lonely")), 1, 3, S));                                   // 6: unrelated
        BitSet fromA = Connected.to(cs, List.of(a));
        assertEquals(BitSet.valueOf(new long[] {0b0111111}), fromA, "through the kernel, then the row, x and y join");
        BitSet fromX = Connected.to(cs.subList(0, 4), List.of(x));
        assertEquals(BitSet.valueOf(new long[] {0b1100}), fromX, "x alone: its equality and the variable-free fact");
        assertEquals(BitSet.valueOf(new long[] {0b1001000}), Connected.to(cs, List.of(Dim.var("lonely"))));
    }

    @Test
    void groundFactsAreTrueVariableFreeSizeAndDimensionFactsOnly() {
        assertTrue(GroundFacts.holdAll(List.of(new Constraint.SizeRel(sz(Dim.atom(4)), Constraint.Rel.GE, new SizeExpr.Lit(2), S),
                new Constraint.DimEq(Dim.atom(3), Dim.atom(3), S), new Constraint.SizeIn(sz(Dim.unit()), 1, 1, S))));
        assertFalse(GroundFacts.holdAll(List.of(new Constraint.SizeRel(sz(Dim.atom(4)), Constraint.Rel.GE, new SizeExpr.Lit(5), S))), "false");
        assertFalse(GroundFacts.holdAll(List.of(new Constraint.DimEq(Dim.atom(3), Dim.atom(2), S))), "false");
        assertFalse(GroundFacts.holdAll(List.of(new Constraint.SizeIn(sz(Dim.var("v")), 1, 9, S))), "a variable");
        assertFalse(GroundFacts.holdAll(List.of(new Constraint.RowEq(Row.literal(List.of(Dim.atom(2))), Row.literal(List.of(Dim.atom(2))), S))),
                "a row fact is left to the solver");
    }

    /**
     * {@code x.view(x.size(0), x.size(1), -1)} after a padded convolution, and a Squeeze without
     * axes of another convolution's output (it needs every size as a number), beside an unrelated
     * branch with a dynamic batch: the sizes read are the convolutions' numbers, decided by a
     * presolve of the constraints connected to them; the shape tensor read twice (a Gather's
     * variable-free bound between the reads) gives the same answer.
     */
    @Test
    void shapeReadsOfAConvolutionBesideAnUnrelatedDynamicBranch() {
        TensorProto w = Models.floats("w", new float[8 * 3 * 3 * 3]).toBuilder().clearDims().addAllDims(List.of(8L, 3L, 3L, 3L)).build();
        TensorProto w2 = Models.floats("w2", new float[4 * 3 * 3]).toBuilder().clearDims().addAllDims(List.of(4L, 3L, 1L, 3L)).build();
        var m = model(List.of(input("x", 2, 3, 8, 8), input("z", "batch", 5), input("x2", 2, 3, 1, 8)),
                List.of(w, w2, Models.scalar64("zero", 0), Models.scalar64("one", 1), int64s("ax0", 0), int64s("minus1", -1)),
                List.of(node("r", "Relu", List.of("z"), List.of("rz")),
                        node("c", "Conv", List.of("x", "w"), List.of("y"), Models.ints("pads", 1, 1, 1, 1)),
                        node("s", "Shape", List.of("y"), List.of("s")),
                        node("g0", "Gather", List.of("s", "zero"), List.of("n")),
                        node("s2", "Shape", List.of("y"), List.of("s2")),
                        node("g1", "Gather", List.of("s2", "one"), List.of("ch")),
                        node("u0", "Unsqueeze", List.of("n", "ax0"), List.of("n1")),
                        node("u1", "Unsqueeze", List.of("ch", "ax0"), List.of("c1")),
                        node("t", "Concat", List.of("n1", "c1", "minus1"), List.of("t"), i("axis", 0)),
                        node("v", "Reshape", List.of("y", "t"), List.of("v")),
                        node("c2", "Conv", List.of("x2", "w2"), List.of("y2"), Models.ints("pads", 0, 1, 0, 1)),
                        node("q", "Squeeze", List.of("y2"), List.of("sq"))), "v", "rz", "sq");
        NativeSolver solver = new NativeSolver();
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), solver).solve(solver, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("2", "8", "64"), r.shapes().get("v"));
        assertEquals(List.of("batch", "5"), r.shapes().get("rz"));
        assertEquals(List.of("2", "4", "8"), r.shapes().get("sq"), "Squeeze without axes reads every size as a number");
    }
}
