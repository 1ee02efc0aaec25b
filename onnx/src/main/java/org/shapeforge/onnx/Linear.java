package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowerings;

/**
 * MatMul (NumPy matmul: the batch axes broadcast, the contracted axes are equal; also
 * MatMulInteger and QLinearMatMul, whose zero points and scales do not shape the result), Gemm
 * ({@code Y = op(A)·op(B) + C} with transA/transB; C broadcasts to {@code [M, N]}) and Det (the
 * batch axes of square matrices).
 */
final class Linear {
    private Linear() {}

    /** The matrix products and Det: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Linear::matmul, Lowerings.CONTRACTIONS, "MatMul"),
            OpSpec.each(Linear::gemm, Lowerings.CONTRACTIONS, "Gemm"),
            OpSpec.each(Linear::matmulInteger, Lowerings.CONTRACTIONS, "MatMulInteger", "QLinearMatMul"),
            OpSpec.each(Linear::det, Lowerings.DETERMINANT, "Det"));

    static List<Tensor> matmul(Node n, Emitter e) {
        return List.of(matmulOf(n, e, 0, 1, 0));
    }

    /** MatMulInteger (A, B at 0 and 1) and QLinearMatMul (at 0 and 3): MatMul's shape of those inputs. */
    static List<Tensor> matmulInteger(Node n, Emitter e) {
        return List.of(matmulOf(n, e, 0, n.op().equals("QLinearMatMul") ? 3 : 1, 0));
    }

    /** Det: the batch axes of square matrices (the last two axes equal). */
    static List<Tensor> det(Node n, Emitter e) {
        Tensor x = n.input(0);
        if (x.rank() < 2) throw n.error("Det needs rank >= 2, got " + x.rank());
        e.eq(x.dim(x.rank() - 2), x.dim(x.rank() - 1), n.origin("input 0's last two axes (a square matrix)"));
        List<Dim> y = e.freshRow("y", x.rank() - 2);
        e.eqAll(y, x.dims().subList(0, x.rank() - 2), n.in(0));
        return List.of(n.result(0, y));
    }

    /** The shape of {@code input(ai) · input(bi)} (NumPy matmul), as output {@code out}. */
    static Tensor matmulOf(Node n, Emitter e, int ai, int bi, int out) {
        Tensor a = n.input(ai), b = n.input(bi);
        if (a.rank() == 0 || b.rank() == 0) throw n.error("MatMul needs inputs of rank at least 1");
        List<Dim> ad = new ArrayList<>(a.dims()), bd = new ArrayList<>(b.dims());
        boolean aVec = ad.size() == 1, bVec = bd.size() == 1;
        if (aVec) ad.addFirst(Dim.unit());
        if (bVec) bd.add(Dim.unit());
        Dim k1 = ad.get(ad.size() - 1), k2 = bd.get(bd.size() - 2);
        e.eq(k1, k2, n.origin("input " + ai + "'s last axis against input " + bi + "'s second-to-last (contracted)"));
        List<Dim> aBatch = ad.subList(0, ad.size() - 2), bBatch = bd.subList(0, bd.size() - 2);
        List<Dim> batch = e.freshRow("b", Math.max(aBatch.size(), bBatch.size()));
        e.broadcastAll(batch, List.of(aBatch, bBatch), List.of(n.origin("input " + ai + "'s batch axes"), n.origin("input " + bi + "'s batch axes")));
        List<Dim> y = new ArrayList<>(batch);
        if (!aVec) {
            Dim m = e.fresh("m");
            e.eq(m, ad.get(ad.size() - 2), n.in(ai));
            y.add(m);
        }
        if (!bVec) {
            Dim p = e.fresh("n");
            e.eq(p, bd.getLast(), n.in(bi));
            y.add(p);
        }
        return n.result(out, y);
    }

    static List<Tensor> gemm(Node n, Emitter e) {
        Tensor a = n.input(0), b = n.input(1);
        if (a.rank() != 2 || b.rank() != 2) throw n.error("Gemm needs rank-2 A and B, got ranks " + a.rank() + " and " + b.rank());
        boolean ta = n.attrs().i("transA", 0) != 0, tb = n.attrs().i("transB", 0) != 0;
        Dim m = a.dim(ta ? 1 : 0), ka = a.dim(ta ? 0 : 1), kb = b.dim(tb ? 1 : 0), nn = b.dim(tb ? 0 : 1);
        e.eq(ka, kb, n.origin("A's and B's contracted axes (transA=" + (ta ? 1 : 0) + ", transB=" + (tb ? 1 : 0) + ")"));
        List<Dim> y = e.freshRow("y", 2);
        e.eq(y.get(0), m, n.in(0));
        e.eq(y.get(1), nn, n.in(1));
        n.optInput(2).ifPresent(c -> {
            if (c.rank() > 2) throw n.error("C must broadcast to [M, N]");
            e.broadcast(y, c.dims(), n.in(2));
        });
        return List.of(n.result(0, y));
    }
}
