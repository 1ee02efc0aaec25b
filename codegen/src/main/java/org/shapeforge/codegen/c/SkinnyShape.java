package org.shapeforge.codegen.c;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.emit.Linear;
import org.shapeforge.codegen.emit.MergedAxes;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.Operation;

/**
 * A {@link Contraction} whose output has at most {@link #MAX_THIN} points along one side per batch
 * point (issue 29): a GEMV in effect, such as resnet18's layer4 convolutions on a 1×1 map (M = 512
 * output channels, N = 2 images, K = 4608) or mobilenet_v2's last 1×1 convolutions. {@link CGemm}
 * would pack and multiply {@code SF_NR} (32 on AVX-512) columns of which 2 are real; {@link
 * CSkinnyGemm} instead streams each row of the wide operand once and takes its dot products with
 * the thin operand's few columns.
 *
 * <p>Axes are classified as in {@link MergedAxes} (batch: in A, B and C; m: C and A; n: C and B;
 * k: A and B). The wide side ({@code rows}) is the m-axes when N is thin, else the n-axes; the thin
 * side ({@code cols}) the other. The reduction axes are ordered by the wide operand's stride,
 * largest first, and each row of the wide operand must then be one unit-stride run (a dense
 * convolution's weights {@code w[o, c, kh, kw]}, a Gemm's {@code x·Wᵀ}): the schedule is for the
 * memory-bound GEMV that streams them. A wide operand whose rows would have to be gathered (the
 * image of a convolution with few output channels, a {@code MatMul} weight {@code W[K, N]} under
 * two rows of activations) stays with {@link CGemm}, whose packing copies runs of its panels.
 *
 * @param wide the operand read row by row (A when N is thin, else B)
 * @param thin the other operand, packed once per call
 * @param batch batch axes, C's order
 * @param rows the wide side's output axes, C's order
 * @param cols the thin side's output axes, C's order
 * @param ks the reduction axes, the wide operand's stride descending
 */
record SkinnyShape(Access wide, Access thin, List<String> batch, List<String> rows, List<String> cols, List<String> ks) {
    SkinnyShape {
        batch = List.copyOf(batch);
        rows = List.copyOf(rows);
        cols = List.copyOf(cols);
        ks = List.copyOf(ks);
        if (rows.isEmpty() || cols.isEmpty() || ks.isEmpty()) throw new IllegalArgumentException("a skinny GEMM needs rows, columns and k axes");
    }

    /**
     * The most output points of the thin side (per batch point) that take this schedule: up to 8
     * dot products per row (resnet18's layer3 and mobilenet_v2's 2×2 maps of 2 images: N = 8, a
     * quarter of {@link CGemm}'s 32-wide tile).
     */
    static final long MAX_THIN = 8;

    /** The skinny view of {@code g} when one side of the output has at most {@link #MAX_THIN} points, else empty. */
    static Optional<SkinnyShape> of(Operation op, Contraction g, Linear la, Linear lb) {
        List<String> sa = symbols(g.a()), sb = symbols(g.b()), sc = symbols(op.lhs());
        List<String> batch = new ArrayList<>(), ms = new ArrayList<>(), ns = new ArrayList<>(), ks = new ArrayList<>();
        for (String s : sc) {
            if (sa.contains(s) && sb.contains(s)) batch.add(s);
            else if (sa.contains(s)) ms.add(s);
            else if (sb.contains(s)) ns.add(s);
        }
        for (String s : sa) if (sb.contains(s) && !sc.contains(s)) ks.add(s);
        if (ms.isEmpty() || ns.isEmpty() || ks.isEmpty()) return Optional.empty();
        long m = MergedAxes.size(op, ms), n = MergedAxes.size(op, ns);
        if (Math.min(m, n) > MAX_THIN) return Optional.empty();
        boolean nThin = n <= m;
        Linear lw = nThin ? la : lb;
        ks.sort(Comparator.comparingLong((String s) -> Math.abs(lw.coeff(s))).reversed());
        if (!MergedAxes.progression(op, ks, lw, 1)) return Optional.empty(); // rows to gather: the tiled GEMM packs them better
        return Optional.of(nThin ? new SkinnyShape(g.a(), g.b(), batch, ms, ns, ks) : new SkinnyShape(g.b(), g.a(), batch, ns, ms, ks));
    }

    private static List<String> symbols(Access x) {
        List<String> out = new ArrayList<>();
        for (var ix : x.index()) for (String s : ix.symbols()) if (!out.contains(s)) out.add(s);
        return out;
    }
}
