package org.shapeforge.codegen.c;

import java.util.List;
import java.util.function.ToLongFunction;
import org.shapeforge.codegen.emit.CodeWriter;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.emit.Linear;
import org.shapeforge.codegen.emit.MergedAxes;
import org.shapeforge.codegen.ir.Operation;

/**
 * {@link CGemm}'s tiled, register-blocked kernel on a {@link MergedAxes} view: per batch point one
 * GEMM of M × N × K whose operands are gathered through offset tables (built once per call, one
 * entry per merged point), so a convolution packs its im2col panels straight from the padded input
 * (margins hold the pad value, so no bounds tests) and its weights at unit stride. Packing a B
 * panel whose {@code SF_NR} columns lie contiguously (within an output row, or a 1×1 convolution's
 * whole image) is row copies; a full C tile whose columns lie contiguously is written in place by
 * the micro-kernel (when the m-axes form one stride, {@link MergedAxes#progression}), other tiles
 * through a temporary. Reduction blocks are at most {@code SF_KC} deep and never straddle two
 * taps ({@link MergedAxes#innerK}), so each cell sums as {@link CGemm}'s per-tap GEMMs did. Weights
 * not at unit stride along K (taps outside channels: stride KH·KW) are packed a whole row at a time
 * per work item (the row in L1), not once per reduction block: per block, a 512 × 4608 layer
 * touched each cache line of its 9.4 MB nine times. Work items: (batch point, column chunk, row super-block), handed out
 * dynamically by OpenMP; each packs its own panels. With {@code initialize} the first reduction
 * block stores its tile, later blocks add to it.
 */
final class CMergedGemm {
    private final CEmitter e;
    private final MergedAxes x;

    CMergedGemm(CEmitter e, MergedAxes x) {
        this.e = e;
        this.x = x;
    }

    void emit(CodeWriter w, boolean initialize) {
        Operation op = e.operation();
        var g = Contraction.of(op).orElseThrow();
        Linear la = e.offset(g.a()), lb = e.offset(g.b()), lc = e.offset(op.lhs());
        long m = MergedAxes.size(op, x.ms()), n = MergedAxes.size(op, x.ns()), k = MergedAxes.size(op, x.ks()),
                points = MergedAxes.size(op, x.batch());
        String A = e.tensor(g.a().tensor()), B = e.tensor(g.b().tensor()), C = e.tensor(op.lhs().tensor());
        String am = table(w, "oam", x.ms(), la), ak = table(w, "oak", x.ks(), la), bk = table(w, "obk", x.ks(), lb),
                bn = table(w, "obn", x.ns(), lb), cm = table(w, "ocm", x.ms(), lc), cn = table(w, "ocn", x.ns(), lc);
        long sAk = la.coeff(x.ks().getLast()), ldc = lc.coeff(x.ms().getLast());
        boolean akStrided = MergedAxes.progression(op, x.ks(), la, sAk), inPlace = MergedAxes.progression(op, x.ms(), lc, ldc);
        boolean par = ParallelWork.pays(points * m * n * k);
        List<String> batch = x.batch();
        String ext = e.fresh("bext"), ca = e.fresh("bca"), cb = e.fresh("bcb"), cc = e.fresh("bcc");
        if (!batch.isEmpty()) {
            w.line("static const long " + ext + "[] = {" + join(batch, s -> op.space().var(s).orElseThrow().extent()) + "};");
            w.line("static const long " + ca + "[] = {" + join(batch, la::coeff) + "};");
            w.line("static const long " + cb + "[] = {" + join(batch, lb::coeff) + "};");
            w.line("static const long " + cc + "[] = {" + join(batch, lc::coeff) + "};");
        }
        String none = "(const long *)0";
        w.open("{");
        w.line("const sf_gemm g = {.points = " + points + "L, .m = " + m + "L, .n = " + n + "L, .k = " + k + "L, .inner_k = " + x.innerK(op)
                + "L, .batch_axes = " + batch.size() + ", .batch_extent = " + (batch.isEmpty() ? none : ext) + ", .batch_a = "
                + (batch.isEmpty() ? none : ca) + ", .batch_b = " + (batch.isEmpty() ? none : cb) + ", .batch_c = " + (batch.isEmpty() ? none : cc)
                + ",");
        w.line("    .base_a = " + la.constant() + "L, .base_b = " + lb.constant() + "L, .base_c = " + lc.constant() + "L, .am = " + am
                + ", .ak = " + ak + ", .bk = " + bk + ", .bn = " + bn + ", .cm = " + cm + ", .cn = " + cn + ",");
        w.line("    .lda_k = " + (akStrided ? sAk : 0) + "L, .ldc = " + (inPlace ? ldc : 0) + "L, .initialize = " + (initialize ? 1 : 0)
                + ", .parallel = " + (par ? 1 : 0) + ", .a = " + A + ", .b = " + B + ", .c = " + C + "};");
        w.line("sf_gemm_tables(&g);");
        w.close("}");
        for (String t : List.of(am, ak, bk, bn, cm, cn)) w.line("free(" + t + ");");
    }

    private static String join(List<String> axes, ToLongFunction<String> f) {
        StringBuilder sb = new StringBuilder();
        for (String s : axes) sb.append(sb.isEmpty() ? "" : ", ").append(f.applyAsLong(s)).append('L');
        return sb.toString();
    }

    /** A table of the offsets of {@code axes}' points (odometer order, the last axis fastest) under {@code lin}. */
    private String table(CodeWriter w, String hint, List<String> axes, Linear lin) {
        return table(e, w, hint, axes, lin);
    }

    /** {@link #table} for any kernel of {@code e}'s operation. */
    static String table(CEmitter e, CodeWriter w, String hint, List<String> axes, Linear lin) {
        Operation op = e.operation();
        String t = e.fresh(hint);
        w.line("long *" + t + " = (long *)malloc(" + MergedAxes.size(op, axes) + "L * sizeof(long));");
        w.open("{");
        w.line("long q = 0;");
        StringBuilder sum = new StringBuilder("0L");
        for (String s : axes) {
            String i = e.fresh("t_" + s);
            w.line("for (long " + i + " = 0; " + i + " < " + op.space().var(s).orElseThrow().extent() + "L; " + i + "++)");
            sum.append(" + ").append(lin.coeff(s)).append("L * ").append(i);
        }
        w.line("  " + t + "[q++] = " + sum + ";");
        w.close("}");
        return t;
    }
}
