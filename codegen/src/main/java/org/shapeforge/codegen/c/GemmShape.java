package org.shapeforge.codegen.c;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.emit.Linear;
import org.shapeforge.codegen.ir.Operation;

/**
 * The extents and strides {@link CGemm}'s kernel runs on: a {@link Contraction}'s m, n and k, each
 * widened by the batch (or outer reduction) axes that are contiguous with it in every operand. An
 * axis x fuses into m when the flat offset {@code cx·x + cm·i} of each operand is {@code cm·(x·M + i)}
 * (x outside m: {@code cx = M·cm}) or {@code cx·(i·X + x)} (x inside m: {@code cm = X·cx}), with x
 * absent from B as m is; likewise into n (absent from A) and, among the outer reduction axes, into k
 * (absent from C). A transformer's projection {@code q[b,s,h,d] = Σ_i x[b,s,i]·wq[i,h,d]} is then one
 * 1024 × 512 × 512 GEMM instead of 64 GEMMs of 128 × 64 × 512, each repacking its operands; its
 * output projection Σ over (h, d) one k of 512 instead of 8 accumulated k of 64. The batch axes that
 * remain are true batch axes (in all three operands, or not contiguous), looped over as before.
 *
 * @param batch the batch axes left, in the contraction's order
 * @param outerK the outer reduction axes left, in the contraction's order
 */
record GemmShape(long m, long n, long k, long sAm, long sAk, long sBk, long sBn, long sCm, long sCn, List<String> batch,
        List<String> outerK) {
    GemmShape {
        batch = List.copyOf(batch);
        outerK = List.copyOf(outerK);
    }

    /** The operands' strides along one kernel axis (A, B, C) and its extent. */
    private record Axis(long extent, long a, long b, long c) {
        /** This axis with {@code x} fused into it, or null when the offsets do not allow it. */
        Axis fuse(long ext, long xa, long xb, long xc) {
            if (xa == extent * a && xb == extent * b && xc == extent * c) return new Axis(extent * ext, a, b, c); // x outside
            if (a == ext * xa && b == ext * xb && c == ext * xc) return new Axis(extent * ext, xa, xb, xc); // x inside
            return null;
        }
    }

    static GemmShape of(Contraction g, Operation op, Linear la, Linear lb, Linear lc) {
        Axis m = axis(op, g.m(), la, lb, lc), n = axis(op, g.n(), la, lb, lc), k = axis(op, g.k(), la, lb, lc);
        List<String> batch = new ArrayList<>(g.batch()), outerK = new ArrayList<>(g.outerK());
        boolean fused = true;
        while (fused) { // to a fixed point: (b, s) fuse into m one after the other
            fused = false;
            for (String x : List.copyOf(batch)) {
                Axis ax = axis(op, x, la, lb, lc), mm = null, nn = null;
                if (ax.b == 0) mm = m.fuse(ax.extent, ax.a, ax.b, ax.c);
                else if (ax.a == 0) nn = n.fuse(ax.extent, ax.a, ax.b, ax.c);
                if (mm != null) m = mm;
                if (nn != null) n = nn;
                if (mm != null || nn != null) {
                    batch.remove(x);
                    fused = true;
                }
            }
            for (String x : List.copyOf(outerK)) {
                Axis ax = axis(op, x, la, lb, lc), kk = k.fuse(ax.extent, ax.a, ax.b, ax.c);
                if (kk != null) {
                    k = kk;
                    outerK.remove(x);
                    fused = true;
                }
            }
        }
        return new GemmShape(m.extent, n.extent, k.extent, m.a, k.a, k.b, n.b, m.c, n.c, batch, outerK);
    }

    private static Axis axis(Operation op, String s, Linear la, Linear lb, Linear lc) {
        return new Axis(op.space().var(s).orElseThrow().extent(), la.coeff(s), lb.coeff(s), lc.coeff(s));
    }
}
