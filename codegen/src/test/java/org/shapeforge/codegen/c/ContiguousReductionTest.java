package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.emit.LoopPlan;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * MAX and MIN reductions along a read's contiguous axis ({@link LoopPlan#contiguous}: a softmax's
 * max) run innermost and fold in vector lanes; reductions along a strided axis, and sums and
 * products (whose rounding depends on the order), keep the output's unit-stride loop innermost. Every shape's C is checked against a fold written
 * here over the input's cells (independent of the IR), with odd extents (a lane remainder), two
 * reduced axes, every lane-foldable accumulator, all-negative values (the MAX lanes start at −∞,
 * not 0) and a fold into existing contents (kept where larger).
 */
class ContiguousReductionTest {

    /** {@code c (=:|=)op f(a)} over the {@code reduced} axes of {@code dims}. */
    private static Operation reduce(BinOp op, List<Integer> dims, List<Integer> reduced, UnaryOperator<Expr> f, boolean into) {
        Operation r = Ops.reduce(op, dims, reduced);
        return new Operation(r.name(), r.tensors(), r.space(), r.lhs(), f.apply(r.rhs()),
                into ? Update.accumulateInto(op) : Update.accumulate(op));
    }

    /** The expected value: every cell of {@code a} folded with {@code op} (after {@code f}) into its output cell, from {@code start}. */
    private static HostTensor fold(HostTensor a, List<Integer> reduced, BinOp op, java.util.function.DoubleUnaryOperator f, double start) {
        List<Integer> dims = a.dims(), kept = new ArrayList<>();
        for (int ax = 0; ax < dims.size(); ax++) if (!reduced.contains(ax)) kept.add(dims.get(ax));
        HostTensor c = HostTensor.zeros(kept);
        java.util.Arrays.fill(c.data(), start);
        int[] at = new int[dims.size()];
        while (true) {
            int[] ci = new int[kept.size()];
            for (int ax = 0, j = 0; ax < at.length; ax++) if (!reduced.contains(ax)) ci[j++] = at[ax];
            double x = f.applyAsDouble(a.get(at)), old = c.get(ci);
            c.set(switch (op) {
                case ADD -> old + x;
                case MUL -> old * x;
                case MAX -> Math.max(old, x);
                case MIN -> Math.min(old, x);
                default -> throw new IllegalArgumentException(op.toString());
            }, ci);
            int ax = at.length - 1;
            while (ax >= 0 && ++at[ax] == dims.get(ax)) at[ax--] = 0;
            if (ax < 0) return c;
        }
    }

    private static double neutral(BinOp op) {
        return op.neutral().getAsDouble();
    }

    @Test
    void theContiguousReductionRunsInnermostAndTheStridedOneDoesNot() {
        LoopPlan rows = LoopPlan.of(Ops.reduce(BinOp.MAX, List.of(7, 70), List.of(1)));
        assertTrue(rows.contiguous());
        assertEquals("d1", ((Factor.Single) rows.order().getLast()).var().symbol());
        assertEquals(1, rows.parallel());
        LoopPlan heads = LoopPlan.of(Ops.reduce(BinOp.MAX, List.of(2, 3, 4, 37), List.of(3)));
        assertTrue(heads.contiguous());
        assertEquals(3, heads.parallel(), "every output loop is outside the reduction and parallel");
        LoopPlan sum = LoopPlan.of(Ops.reduce(BinOp.ADD, List.of(7, 70), List.of(1)));
        assertFalse(sum.contiguous(), "a sum keeps the nest's order: its rounding depends on it");
        LoopPlan columns = LoopPlan.of(Ops.reduce(BinOp.MIN, List.of(4, 70, 7), List.of(1)));
        assertFalse(columns.contiguous());
        assertEquals("d2", ((Factor.Single) columns.order().getLast()).var().symbol(), "the output's unit-stride loop stays innermost");
        LoopPlan middle = LoopPlan.of(Ops.reduce(BinOp.MAX, List.of(3, 37, 5), List.of(1)));
        assertFalse(middle.contiguous(), "the reduced axis is not the read's last");
    }

    @Test
    void reductionsComputeTheirFoldOnEveryPath() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        record Shape(List<Integer> dims, List<Integer> reduced) {}
        List<Shape> shapes = List.of(
                new Shape(List.of(7, 70), List.of(1)), // contiguous, lanes and a remainder
                new Shape(List.of(2, 3, 4, 64), List.of(3)), // contiguous, lanes only (softmax over keys per head)
                new Shape(List.of(5, 9), List.of(1)), // contiguous, shorter than the lanes
                new Shape(List.of(3, 37, 41), List.of(1, 2)), // two reduced axes, the inner one contiguous
                new Shape(List.of(6, 4, 100), List.of(0, 2)), // reduced axes around a kept one
                new Shape(List.of(83), List.of(0)), // to a scalar
                new Shape(List.of(70, 7), List.of(0)), // strided, one output loop (parallel, outermost)
                new Shape(List.of(4, 70, 7), List.of(1)), // strided: the output's unit-stride loop innermost
                new Shape(List.of(3, 37, 5), List.of(1))); // strided, in the middle
        long seed = 271;
        for (BinOp op : List.of(BinOp.ADD, BinOp.MAX, BinOp.MIN, BinOp.MUL))
            for (Shape s : shapes) {
                // MUL of many values in [-1, 1) underflows: fold 1 + x/8 instead; MAX and MIN of values all
                // below −1 (or above 1): a lane started at 0 would show
                UnaryOperator<Expr> f = switch (op) {
                    case MUL -> e -> new Expr.Binary(BinOp.ADD, new Expr.Const(1), new Expr.Binary(BinOp.MUL, e, new Expr.Const(0.125)));
                    case MAX -> e -> new Expr.Binary(BinOp.SUB, e, new Expr.Const(2));
                    case MIN -> e -> new Expr.Binary(BinOp.ADD, e, new Expr.Const(2));
                    default -> e -> e;
                };
                java.util.function.DoubleUnaryOperator g = switch (op) {
                    case MUL -> x -> 1 + x * 0.125;
                    case MAX -> x -> x - 2;
                    case MIN -> x -> x + 2;
                    default -> x -> x;
                };
                Harness.check(reduce(op, s.dims(), s.reduced(), f, false), seed++, in -> fold(in.get("a"), s.reduced(), op, g, neutral(op)));
            }
    }

    @Test
    void aFoldIntoExistingContentsKeepsThem() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        // c = max(c, max a) onto c's contents (given): the even cells hold 1.5, above every value of a, and keep it
        Operation op = reduce(BinOp.MAX, List.of(6, 77), List.of(1), e -> e, true);
        HostTensor a = HostTensor.random(List.of(6, 77), new java.util.SplittableRandom(3)), c = HostTensor.zeros(List.of(6));
        for (int i = 0; i < 6; i++) c.data()[i] = i % 2 == 0 ? 1.5 : -1.5;
        HostTensor got = CKernel.compile(op, Harness.compiler()).run(java.util.Map.of("a", a, "c", c), Harness.GARBAGE);
        HostTensor want = fold(a, List.of(1), BinOp.MAX, x -> x, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < 6; i++) want.data()[i] = Math.max(want.data()[i], c.data()[i]);
        Errors e = Errors.compare(got, want);
        assertTrue(e.within(Harness.TOLERANCE), e.toString());
    }
}
