package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Epilogue;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.reference.LoopIrSemantics;
import org.shapeforge.codegen.reference.Reference;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Issue 29's epilogue: {@code relu(out + bias + residual)} applied once to each finished result
 * cell, in the generic nest (a second pass) and in {@link CGemm} (each tile after its last store,
 * with and without outer reduction axes, full and partial tiles), against the loop-IR semantics and
 * against {@link Reference}'s mathematics composed by hand (matmul, then broadcasting adds, then ReLU).
 */
public class EpilogueTest {
    private static final double TOLERANCE = 1e-5;

    private static Index iter(List<Factor> fs, String s, int extent) {
        fs.add(new Factor.Single(new LoopVar(s, extent)));
        return Index.iter(s);
    }

    /** {@code relu(c[i,j] + bias[j] + res[i,j])} over the left-hand side {@code c[i,j]}. */
    private static Epilogue biasResidualRelu(Access lhs, Index i, Index j) {
        Expr sum = new Expr.Binary(BinOp.ADD, new Expr.Binary(BinOp.ADD, new Expr.Read(lhs), Expr.read("bias", j)),
                Expr.read("res", i, j));
        return new Epilogue(new Expr.Unary(UnOp.RELU, sum));
    }

    /** {@code c[i,j] += a[i,k]·b[k,j]} (with {@code outer > 1}: {@code a[i,o,k]·b[o,k,j]}, o an outer reduction axis) and the epilogue. */
    public static Operation gemm(int m, int n, int k, int outer) {
        List<Factor> fs = new ArrayList<>();
        Index i = iter(fs, "i", m), j = iter(fs, "j", n), p = iter(fs, "k", k);
        Index o = outer > 1 ? iter(fs, "o", outer) : null;
        List<TensorDecl> ts = new ArrayList<>(List.of(
                TensorDecl.of("a", outer > 1 ? List.of(m, outer, k) : List.of(m, k)),
                TensorDecl.of("b", outer > 1 ? List.of(outer, k, n) : List.of(k, n)),
                TensorDecl.of("bias", List.of(n)), TensorDecl.of("res", List.of(m, n)), TensorDecl.of("c", List.of(m, n))));
        Access lhs = new Access("c", List.of(i, j));
        Expr rhs = outer > 1 ? new Expr.Binary(BinOp.MUL, Expr.read("a", i, o, p), Expr.read("b", o, p, j))
                : new Expr.Binary(BinOp.MUL, Expr.read("a", i, p), Expr.read("b", p, j));
        return new Operation("gemm_epi", ts, new ProductSpace(fs), lhs, rhs, Update.accumulate(BinOp.ADD))
                .withEpilogue(biasResidualRelu(lhs, i, j));
    }

    /** {@code c[i,j] max= x[i,j,r]}, then the epilogue: no contraction, the generic nest's second pass. */
    public static Operation rowMax(int m, int n, int r) {
        List<Factor> fs = new ArrayList<>();
        Index i = iter(fs, "i", m), j = iter(fs, "j", n), q = iter(fs, "r", r);
        Access lhs = new Access("c", List.of(i, j));
        return new Operation("max_epi", List.of(TensorDecl.of("x", List.of(m, n, r)), TensorDecl.of("bias", List.of(n)),
                TensorDecl.of("res", List.of(m, n)), TensorDecl.of("c", List.of(m, n))), new ProductSpace(fs), lhs,
                Expr.read("x", i, j, q), Update.accumulate(BinOp.MAX)).withEpilogue(biasResidualRelu(lhs, i, j));
    }

    private static Map<String, HostTensor> inputs(Operation op, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<String, HostTensor> in = new LinkedHashMap<>();
        for (TensorDecl t : op.tensors()) if (!t.name().equals("c")) in.put(t.name(), HostTensor.random(t.dims(), rnd));
        return in;
    }

    /** relu(c + bias + res), by {@link Reference} alone. */
    private static HostTensor finish(HostTensor c, Map<String, HostTensor> in) {
        HostTensor sum = Reference.broadcast(Double::sum, Reference.broadcast(Double::sum, c, in.get("bias")), in.get("res"));
        return Reference.unary(x -> Math.max(x, 0), sum);
    }

    private static void agree(Operation op, HostTensor expected, Map<String, HostTensor> in) {
        HostTensor got = CKernel.compile(op, Harness.compiler()).run(in, Harness.GARBAGE);
        Errors vsReference = Errors.compare(got, expected), vsIr = Errors.compare(got, LoopIrSemantics.run(op, in));
        assertTrue(vsReference.within(TOLERANCE), op.name() + " against the reference: " + vsReference);
        assertTrue(vsIr.within(TOLERANCE), op.name() + " against the loop-IR semantics: " + vsIr);
        long negatives = java.util.Arrays.stream(expected.data()).filter(x -> x == 0).count();
        assertTrue(negatives > 0 && negatives < expected.data().length, "the ReLU clips some cells and not others");
    }

    @Test
    void genericNestAppliesTheEpilogueOncePerCellAfterTheReduction() {
        Operation op = rowMax(7, 19, 5);
        assertTrue(Contraction.of(op).isEmpty());
        Map<String, HostTensor> in = inputs(op, 1);
        HostTensor max = Reference.reduce(Math::max, Double.NEGATIVE_INFINITY, in.get("x"), List.of(2));
        agree(op, finish(max, in), in);
    }

    @Test
    void tiledGemmAppliesTheEpilogueAfterTheLastReductionBlock() {
        // k = 600 spans three SF_KC blocks; 37 × 45 leaves partial tiles, 96 × 64 only full ones
        for (int[] s : new int[][] {{37, 45, 600}, {96, 64, 300}, {5, 3, 7}}) {
            Operation op = gemm(s[0], s[1], s[2], 1);
            assertEquals(List.of(), Contraction.of(op).orElseThrow().outerK());
            Map<String, HostTensor> in = inputs(op, s[0]);
            agree(op, finish(Reference.matmul(in.get("a"), in.get("b")), in), in);
        }
    }

    @Test
    void tiledGemmWithOuterReductionAxesAppliesItAtTheLastOuterPointOnly() {
        int m = 33, n = 40, k = 70, outer = 3;
        Operation op = gemm(m, n, k, outer);
        assertEquals(List.of("o"), Contraction.of(op).orElseThrow().outerK());
        Map<String, HostTensor> in = inputs(op, 7);
        // Σ_o a[:, o, :] · b[o, :, :], by the reference's matmul on each slice
        HostTensor c = HostTensor.zeros(List.of(m, n));
        for (int o = 0; o < outer; o++) {
            HostTensor ao = HostTensor.zeros(List.of(m, k)), bo = HostTensor.zeros(List.of(k, n));
            for (int i = 0; i < m; i++) for (int p = 0; p < k; p++) ao.set(in.get("a").get(i, o, p), i, p);
            for (int p = 0; p < k; p++) for (int j = 0; j < n; j++) bo.set(in.get("b").get(o, p, j), p, j);
            HostTensor part = Reference.matmul(ao, bo);
            for (int x = 0; x < c.data().length; x++) c.data()[x] += part.data()[x];
        }
        agree(op, finish(c, in), in);
    }

    @Test
    void theContractRefusesAnEpilogueOnAnOverwriteOrReadingAReductionAxis() {
        Operation op = gemm(4, 4, 4, 1);
        Epilogue e = op.epilogue().orElseThrow();
        assertThrows(IllegalArgumentException.class, () -> new Operation("o", op.tensors(), op.space(), op.lhs(), op.rhs(),
                Update.accumulateInto(BinOp.ADD), java.util.Optional.of(e)), "folding into existing contents has no 'finished' cell");
        Epilogue readsK = new Epilogue(new Expr.Binary(BinOp.ADD, new Expr.Read(op.lhs()), Expr.read("res", Index.iter("i"), Index.iter("k"))));
        assertThrows(IllegalArgumentException.class, () -> op.withEpilogue(readsK), "k is a reduction iterator: not one value per cell");
    }

}
