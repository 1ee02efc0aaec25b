package org.shapeforge.codegen.emit;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Operation;

/**
 * A {@link Contraction} seen as one GEMM per batch point with every m-axis merged into one M,
 * every n-axis into one N and every reduction axis into one K (an im2col view that moves no data):
 * the element of A at (m-point, k-point) lies at {@code offA_m[i] + offA_k[p]}, of B at
 * {@code offB_k[p] + offB_n[j]}, of C at {@code offC_m[i] + offC_n[j]}, because every access is
 * affine with each symbol in one place (what {@link Contraction#of} checks), so its offset splits
 * into a sum over the axis groups. For a convolution {@code y[b, m, oh, ow] += x[b, c, s·oh + d·kh
 * − p, s·ow + d·kw − p] · w[m, c, kh, kw]} that is M = output channels, N = images · OH · OW and
 * K = C · KH · KW: one GEMM instead of one per image, output row and tap, whose n (often 1–16 per
 * row on small images) would fill a fraction of the micro-kernel's tile.
 *
 * <p>m, n and batch axes are ordered as C's indices (so C's columns run contiguously). K is ordered
 * as {@link Contraction}'s reductions are nested: its outer reduction axes (a convolution's taps),
 * then its k (the channels) innermost; with reduction blocks that never straddle two points of the
 * outer axes ({@link #innerK}) every cell is summed in exactly the order of the per-tap GEMMs
 * (results bitwise unchanged; on float32 networks as ill-conditioned as efficientnet_b0, any other
 * order moves the output by about 1e-4 relative).
 *
 * @param batch axes in A, B and C (a grouped convolution's group)
 * @param ms axes in C and A only, C's order
 * @param ns axes in C and B only, C's order
 * @param ks reduction axes (A and B only): {@link Contraction#outerK}, then {@link Contraction#k}
 */
public record MergedAxes(List<String> batch, List<String> ms, List<String> ns, List<String> ks) {
    public MergedAxes {
        batch = List.copyOf(batch);
        ms = List.copyOf(ms);
        ns = List.copyOf(ns);
        ks = List.copyOf(ks);
        if (ms.isEmpty() || ns.isEmpty() || ks.isEmpty()) throw new IllegalArgumentException("a GEMM needs m, n and k axes");
    }

    /**
     * The merged view of {@code g}, when it pays: an operand read through a window or a stride (a
     * convolution's {@code s·o + d·k}), or more than one n-axis (a 1×1 convolution's images, rows and
     * columns). Plain (batched) matrix products keep {@link Contraction}'s per-batch-point GEMMs.
     */
    public static Optional<MergedAxes> of(Operation op, Contraction g) {
        Set<String> sa = symbols(g.a()), sb = symbols(g.b()), sc = symbols(op.lhs());
        List<String> ns = new ArrayList<>();
        for (String s : sc) if (sb.contains(s) && !sa.contains(s)) ns.add(s);
        if (g.iteratorsOnly() && ns.size() < 2) return Optional.empty();
        List<String> batch = new ArrayList<>(), ms = new ArrayList<>(), ks = new ArrayList<>();
        for (String s : sc) {
            if (sa.contains(s) && sb.contains(s)) batch.add(s);
            else if (sa.contains(s)) ms.add(s);
        }
        ks.addAll(g.outerK());
        ks.add(g.k());
        return Optional.of(new MergedAxes(batch, ms, ns, ks));
    }

    /** The extent of the innermost reduction axis: reduction blocks stay within one point of the others. */
    public long innerK(Operation op) {
        return size(op, List.of(ks.getLast()));
    }

    /** The product of the extents of {@code axes}. */
    public static long size(Operation op, List<String> axes) {
        long n = 1;
        for (String s : axes) n *= op.space().var(s).orElseThrow().extent();
        return n;
    }

    /** Whether the offsets of {@code axes} (odometer order) under {@code lin} form {@code stride · q}: one strided axis in effect. */
    public static boolean progression(Operation op, List<String> axes, Linear lin, long stride) {
        if (!lin.affine()) return false; // a gathered coordinate varies with iterators the coefficients do not list
        long expect = stride;
        for (int i = axes.size() - 1; i >= 0; i--) {
            long ext = op.space().var(axes.get(i)).orElseThrow().extent();
            if (ext > 1 && lin.coeff(axes.get(i)) != expect) return false;
            expect *= ext;
        }
        return true;
    }

    private static Set<String> symbols(Access x) {
        Set<String> s = new LinkedHashSet<>();
        for (Index ix : x.index()) s.addAll(ix.symbols());
        return s;
    }
}
