package org.shapeforge.codegen.c;

import java.util.List;
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
        String bfull = contiguous(w, "bfull", bn, n), cfull = contiguous(w, "cfull", cn, n);
        long sAk = la.coeff(x.ks().getLast()), ldc = lc.coeff(x.ms().getLast());
        boolean akStrided = MergedAxes.progression(op, x.ks(), la, sAk), inPlace = MergedAxes.progression(op, x.ms(), lc, ldc);
        boolean par = ParallelWork.pays(points * m * n * k);
        long split = par && points < 8 ? 4 : 1;
        // A not at unit stride along K (a convolution's weights, taps outside the channels): each
        // row packed whole while it sits in L1, not revisited once per reduction block
        boolean whole = !(akStrided && sAk == 1);
        w.line("const long nch = sf_lmin(512L, ((" + n + "L + " + (split - 1) + ") / " + split + " + SF_NR - 1) / SF_NR * SF_NR);");
        w.line("const long msb = ((" + m + "L + " + (split - 1) + ") / " + split + " + SF_MC - 1) / SF_MC * SF_MC;");
        w.line("const long items_n = (" + n + "L + nch - 1) / nch, items_m = (" + m + "L + msb - 1) / msb;");
        w.open((par ? "#pragma omp parallel\n" : "") + "{");
        w.line("float *apack = sf_alloc((long)SF_MC * " + (whole ? k + "L" : "SF_KC") + ");");
        w.line("float *bpack = sf_alloc((long)SF_KC * nch);");
        if (par) w.line("#pragma omp for schedule(dynamic, 1)");
        w.open("for (long item = 0; item < " + points + "L * items_n * items_m; item++) {");
        w.line("long rest = item / (items_n * items_m);");
        w.line("const long item_n = item % (items_n * items_m) / items_m, item_m = item % items_m;");
        w.line("long ba = " + la.constant() + "L, bb = " + lb.constant() + "L, bc = " + lc.constant() + "L;");
        for (String s : x.batch().reversed()) {
            long ext = op.space().var(s).orElseThrow().extent();
            w.line("{ const long t = rest % " + ext + "L; rest /= " + ext + "L; ba += " + la.coeff(s) + "L * t; bb += " + lb.coeff(s)
                    + "L * t; bc += " + lc.coeff(s) + "L * t; }");
        }
        w.line("const float *restrict pa = " + A + " + ba;");
        w.line("const float *restrict pb = " + B + " + bb;");
        w.line("float *restrict pc = " + C + " + bc;");
        w.line("const long jc = item_n * nch, nc = sf_lmin(nch, " + n + "L - jc);");
        w.line("const long m0 = item_m * msb, m1 = sf_lmin(m0 + msb, " + m + "L);");
        String kLoop = "for (long kc0 = 0, kc; kc0 < " + k + "L; kc0 += kc) {"; // blocks within one tap: the per-tap GEMMs' order
        String kBlock = "kc = sf_lmin(SF_KC, " + x.innerK(op) + "L - kc0 % " + x.innerK(op) + "L);";
        String first = "const int first = " + (initialize ? "kc0 == 0" : "0") + ";";
        String ap;
        if (whole) { // per row block: its rows packed whole, then every reduction block (B repacked per row block)
            w.open("for (long ic = m0; ic < m1; ic += SF_MC) {");
            w.line("const long mc = sf_lmin(SF_MC, m1 - ic);");
            w.open("for (long r = 0; r < (mc + SF_MR - 1) / SF_MR * SF_MR; r++) {");
            w.line("float *dst = apack + r / SF_MR * " + k + "L * SF_MR + r % SF_MR;");
            w.open("if (r < mc) {");
            w.line("const float *src = pa + " + am + "[ic + r];");
            w.line("for (long p = 0; p < " + k + "L; p++) dst[p * SF_MR] = src[" + ak + "[p]];");
            w.close("} else for (long p = 0; p < " + k + "L; p++) dst[p * SF_MR] = 0.0f;");
            w.close("}");
            w.open(kLoop);
            w.line(kBlock);
            w.line(first);
            packB(w, bfull, bk, bn);
            ap = "apack + ir / SF_MR * " + k + "L * SF_MR + kc0 * SF_MR";
        } else { // per reduction block: B's panels, then each row block's A panels (unit stride along K)
            w.open(kLoop);
            w.line(kBlock);
            w.line(first);
            packB(w, bfull, bk, bn);
            w.open("for (long ic = m0; ic < m1; ic += SF_MC) {");
            w.line("const long mc = sf_lmin(SF_MC, m1 - ic);");
            w.open("for (long ir = 0; ir < mc; ir += SF_MR) {");
            w.open("for (long i = 0; i < SF_MR; i++) {");
            w.line("float *dst = apack + ir * kc + i;");
            w.line("if (ir + i < mc) { const float *src = pa + " + am + "[ic + ir + i] + kc0; for (long p = 0; p < kc; p++) dst[p * SF_MR] = src[p]; }");
            w.line("else for (long p = 0; p < kc; p++) dst[p * SF_MR] = 0.0f;");
            w.close("}");
            w.close("}");
            ap = "apack + ir * kc";
        }
        w.open("for (long jr = 0; jr < nc; jr += SF_NR) {");
        w.open("for (long ir = 0; ir < mc; ir += SF_MR) {");
        w.line("const long mr = sf_lmin(SF_MR, mc - ir), nr = sf_lmin(SF_NR, nc - jr);");
        w.line("const float *ap = " + ap + ";");
        if (inPlace)
            w.line("if (mr == SF_MR && nr == SF_NR && " + cfull + "[(jc + jr) / SF_NR]) { sf_ukernel_to(kc, ap, bpack + jr * kc, pc + "
                    + cm + "[ic + ir] + " + cn + "[jc + jr], " + ldc + "L, first); continue; }");
        w.line("float ct[SF_MR * SF_NR] __attribute__((aligned(64)));");
        w.line("sf_ukernel(kc, ap, bpack + jr * kc, ct);");
        String cell = "pc[" + cm + "[ic + ir + i] + " + cn + "[jc + jr + j]]";
        w.line("if (first) for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) " + cell + " = ct[i * SF_NR + j];");
        w.line("else for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) " + cell + " += ct[i * SF_NR + j];");
        w.close("}");
        w.close("}");
        w.close("}"); // the row block (or reduction block)
        w.close("}"); // the reduction block (or row block)
        w.close("}"); // the work item
        w.line("free(apack);");
        w.line("free(bpack);");
        w.close("}");
        for (String t : List.of(am, ak, bk, bn, cm, cn, bfull, cfull)) w.line("free(" + t + ");");
    }

    /** Packs the reduction block's B panels for the item's columns: row copies where a panel's columns run contiguously. */
    private static void packB(CodeWriter w, String bfull, String bk, String bn) {
        w.open("for (long jr = 0; jr < nc; jr += SF_NR) {");
        w.line("float *dst = bpack + jr * kc;");
        w.line("const long j0 = jc + jr;");
        w.open("if (" + bfull + "[j0 / SF_NR]) {");
        w.line("const float *src = pb + " + bn + "[j0];");
        w.line("for (long p = 0; p < kc; p++) memcpy(dst + p * SF_NR, src + " + bk + "[kc0 + p], SF_NR * sizeof(float));");
        w.close("}");
        w.open("else {");
        w.open("for (long p = 0; p < kc; p++) {");
        w.line("const float *row = pb + " + bk + "[kc0 + p];");
        w.line("for (long j = 0; j < SF_NR; j++) dst[p * SF_NR + j] = jr + j < nc ? row[" + bn + "[j0 + j]] : 0.0f;");
        w.close("}");
        w.close("}");
        w.close("}");
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

    /** Per {@code SF_NR}-column panel of {@code n} columns: 1 where the panel is full and its offsets run contiguously. */
    private String contiguous(CodeWriter w, String hint, String offsets, long n) {
        String t = e.fresh(hint);
        w.line("unsigned char *" + t + " = (unsigned char *)malloc((" + n + "L + SF_NR - 1) / SF_NR);");
        w.open("for (long j0 = 0; j0 < " + n + "L; j0 += SF_NR) {");
        w.line("int ok = j0 + SF_NR <= " + n + "L;");
        w.line("for (long j = 1; ok && j < SF_NR; j++) ok = " + offsets + "[j0 + j] == " + offsets + "[j0] + j;");
        w.line(t + "[j0 / SF_NR] = (unsigned char)ok;");
        w.close("}");
        return t;
    }
}
