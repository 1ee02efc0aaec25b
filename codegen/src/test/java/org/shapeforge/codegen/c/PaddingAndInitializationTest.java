package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.reference.Reference;
import org.shapeforge.codegen.run.Buffers;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * The padding contract (buffers carry margins holding the tensor's pad value; kernels read them and
 * never write them) and Prop. 7.6(iii)'s initialization, on kernels whose left-hand side starts
 * filled with garbage.
 */
class PaddingAndInitializationTest {
    private static final ProductSpace I4 = new ProductSpace(List.of(new Factor.Single(new LoopVar("i", 4))));

    @BeforeAll
    static void needsGcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    private static HostTensor vec(double... v) {
        return new HostTensor(List.of(v.length), v);
    }

    @Test
    void outOfExtentReadsSeeTheMarginsPadValue() {
        // y[i] = x[i - 1] + x[i + 1]; x has one cell of margin on each side holding 7
        TensorDecl x = new TensorDecl("x", List.of(4), List.of(new TensorDecl.Margin(1, 1)), 7.0);
        Operation op = new Operation("stencil", List.of(x, TensorDecl.of("y", List.of(4))), I4, new Access("y", List.of(Index.iter("i"))),
                new Expr.Binary(BinOp.ADD, Expr.read("x", new Index.Affine(List.of(new Index.Term(1, "i")), -1)),
                        Expr.read("x", new Index.Affine(List.of(new Index.Term(1, "i")), 1))), Update.assign());
        HostTensor y = CKernel.compile(op, Harness.compiler()).run(Map.of("x", vec(1, 2, 3, 4)), Harness.GARBAGE);
        assertArrayEquals(new double[] {7 + 2, 1 + 3, 2 + 4, 3 + 7}, y.data());
    }

    @Test
    void kernelsNeverWriteTheLeftHandSidesMargins() {
        TensorDecl y = new TensorDecl("y", List.of(4), List.of(new TensorDecl.Margin(2, 3)), 5.0);
        Operation op = new Operation("copy", List.of(TensorDecl.of("x", List.of(4)), y), I4, new Access("y", List.of(Index.iter("i"))),
                Expr.read("x", Index.iter("i")), Update.assign());
        CKernel k = CKernel.compile(op, Harness.compiler());
        try (Arena arena = Arena.ofConfined()) {
            Map<String, MemorySegment> b = new HashMap<>();
            b.put("x", Buffers.upload(op.tensor("x"), vec(1, 2, 3, 4), 0, arena));
            b.put("y", Buffers.upload(y, null, 0, arena));
            k.invoke(k.arguments(b, arena));
            float[] phys = b.get("y").toArray(ValueLayout.JAVA_FLOAT);
            assertArrayEquals(new float[] {5, 5, 1, 2, 3, 4, 5, 5, 5}, phys);
        }
    }

    @Test
    void paddedConvolutionEqualsZeroPaddingAndMaxPoolIgnoresTheMargin() {
        Ops.Window w = new Ops.Window(3, 1, 1, true);
        Harness.check(Ops.conv(1, 1, 1, List.of(5), List.of(w)), 3,
                in -> Reference.conv(in.get("x"), in.get("w"), List.of(new Reference.Win(3, 1, 1, true))));
        // all inputs negative: a zero margin would win every border max; -inf (max's neutral element) must not
        Operation pool = Ops.maxPool(1, 1, List.of(6), List.of(w));
        HostTensor x = new HostTensor(List.of(1, 1, 6), new double[] {-1, -2, -3, -4, -5, -6});
        HostTensor got = CKernel.compile(pool, Harness.compiler()).run(Map.of("x", x), Harness.GARBAGE);
        assertArrayEquals(new double[] {-1, -1, -2, -3, -4, -5}, got.data());
    }

    @Test
    void prop7_6_nonSurjectiveDiagonalIsInitialized() {
        // c[i, i] = a[i] (i => ii): not surjective, so the off-diagonal must be the neutral 0, not the garbage
        Operation op = new Operation("diag", List.of(TensorDecl.of("a", List.of(4)), TensorDecl.of("c", List.of(4, 4))), I4,
                new Access("c", List.of(Index.iter("i"), Index.iter("i"))), Expr.read("a", Index.iter("i")), Update.assign());
        assertTrue(op.coverage().initializationRequired(op.update()));
        HostTensor c = CKernel.compile(op, Harness.compiler()).run(Map.of("a", vec(1, 2, 3, 4)), Harness.GARBAGE);
        assertArrayEquals(new double[] {1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4}, c.data());
    }

    @Test
    void prop7_6_interleaveWritesEvenCellsAndInitializesOddOnes() {
        Operation op = new Operation("even", List.of(TensorDecl.of("a", List.of(4)), TensorDecl.of("c", List.of(8))), I4,
                new Access("c", List.of(new Index.Affine(List.of(new Index.Term(2, "i")), 0))), Expr.read("a", Index.iter("i")),
                Update.assign());
        HostTensor c = CKernel.compile(op, Harness.compiler()).run(Map.of("a", vec(1, 2, 3, 4)), Harness.GARBAGE);
        assertArrayEquals(new double[] {1, 0, 2, 0, 3, 0, 4, 0}, c.data());
    }

    @Test
    void prop7_6_surjectiveInjectiveFoldNeedsNoInitialization() {
        Operation op = Ops.unary(org.shapeforge.codegen.ir.UnOp.NEG, List.of(4));
        Operation folded = new Operation(op.name(), op.tensors(), op.space(), op.lhs(), op.rhs(), Update.accumulate(BinOp.MAX));
        assertEquals(false, folded.coverage().initializationRequired(folded.update()));
        HostTensor c = CKernel.compile(folded, Harness.compiler()).run(Map.of("a", vec(1, -2, 3, -4)), Harness.GARBAGE);
        assertArrayEquals(new double[] {-1, 2, -3, 4}, c.data());
    }

    @Test
    void accumulateIntoExistingContents() {
        // c =+ a·b (OCANNL's =+): no initialization; the tiled contraction adds to what is there
        Operation mm = Ops.matmul(20, 30, 40);
        Operation into = new Operation("matmul_into", mm.tensors(), mm.space(), mm.lhs(), mm.rhs(), Update.accumulateInto(BinOp.ADD));
        SplittableRandom rnd = new SplittableRandom(5);
        HostTensor a = HostTensor.random(List.of(20, 30), rnd), b = HostTensor.random(List.of(30, 40), rnd),
                c0 = HostTensor.random(List.of(20, 40), rnd);
        HostTensor got = CKernel.compile(into, Harness.compiler()).run(Map.of("a", a, "b", b, "c", c0), Harness.GARBAGE);
        HostTensor ab = Reference.matmul(a, b);
        for (int i = 0; i < ab.data().length; i++) ab.data()[i] += c0.data()[i];
        assertTrue(Errors.compare(got, ab).within(1e-5), Errors.compare(got, ab).toString());
    }

    @Test
    void contractionIntoAFixedRowInitializesTheOtherRow() {
        // c[0, i, j] =:+ a[i, k] b[k, j] with c's first axis of size 2: not surjective, row 1 is 0
        Operation mm = Ops.matmul(8, 9, 10);
        Access lhs = new Access("c", List.of(Index.fixed(0), Index.iter("i"), Index.iter("j")));
        Operation op = new Operation("matmul_row", List.of(mm.tensor("a"), mm.tensor("b"), TensorDecl.of("c", List.of(2, 8, 10))),
                mm.space(), lhs, mm.rhs(), Update.accumulate(BinOp.ADD));
        SplittableRandom rnd = new SplittableRandom(6);
        HostTensor a = HostTensor.random(List.of(8, 9), rnd), b = HostTensor.random(List.of(9, 10), rnd);
        HostTensor got = CKernel.compile(op, Harness.compiler()).run(Map.of("a", a, "b", b), Harness.GARBAGE);
        HostTensor ab = Reference.matmul(a, b);
        double[] want = new double[160];
        System.arraycopy(ab.data(), 0, want, 0, 80);
        assertTrue(Errors.compare(got, new HostTensor(List.of(2, 8, 10), want)).within(1e-5));
        assertEquals(Optional.of(BinOp.ADD), op.update().accumulator());
    }
}
