package org.shapeforge.codegen.c;

import java.util.List;
import org.shapeforge.codegen.emit.CodeWriter;
import org.shapeforge.codegen.emit.Linear;
import org.shapeforge.codegen.emit.MergedAxes;
import org.shapeforge.codegen.ir.Operation;

/**
 * The kernel of a {@link SkinnyShape}: per batch point, R rows of the wide operand against S ≤ 8
 * columns of the thin one, summed over K. The thin operand is packed once per call, column by
 * column, contiguous along K in the order the wide operand's rows are read. Work items are blocks
 * of {@link #rowsPerItem} rows (the last block repeats its final row and drops the duplicates): each keeps
 * {@code rows × S} vector accumulators, streams its rows {@code SF_VL} floats at a time (in place:
 * unit-stride along K) and multiplies
 * them with the same {@code SF_VL} floats of every packed column; the lanes are summed, then the
 * remainder past the last full vector. A cell of C is written once: stored with {@code
 * initialize}, else added. The wide operand, the bulk of the traffic, is read exactly once, and
 * nothing is computed for padding columns ({@link CGemm} would pack {@code SF_NR}).
 *
 * <p>Summation order differs from {@link CGemm}'s (lanes, then their sum), well within the
 * project's 1e-4 relative tolerance on the corpus (checked by {@code shapeforge conformance}).
 * Rows are the parallel work, when the call has enough of it ({@link ParallelWork}).
 */
final class CSkinnyGemm {
    private final CEmitter e;
    private final SkinnyShape s;

    /**
     * Rows per work item: 4 for up to 4 columns, else 2, so that the {@code rows × S ≤ 16}
     * accumulators and the S + 1 loads fit AVX-512's 32 vector registers.
     */
    static int rowsPerItem(long cols) {
        return cols <= 4 ? 4 : 2;
    }

    CSkinnyGemm(CEmitter e, SkinnyShape s) {
        this.e = e;
        this.s = s;
    }

    void emit(CodeWriter w, boolean initialize) {
        Operation op = e.operation();
        Linear lw = e.offset(s.wide()), lt = e.offset(s.thin()), lc = e.offset(op.lhs());
        long rows = MergedAxes.size(op, s.rows()), cols = MergedAxes.size(op, s.cols()), k = MergedAxes.size(op, s.ks()),
                points = MergedAxes.size(op, s.batch());
        int per = rowsPerItem(cols);
        long blocks = (rows + per - 1) / per;
        String W = e.tensor(s.wide().tensor()), T = e.tensor(s.thin().tensor()), C = e.tensor(op.lhs().tensor());
        w.line("/* skinny contraction: " + points + " x (" + rows + " rows x " + cols + " columns x " + k + ") */");
        String orow = CMergedGemm.table(e, w, "orow", s.rows(), lw), ocol = CMergedGemm.table(e, w, "ocol", s.cols(), lt),
                okt = CMergedGemm.table(e, w, "okt", s.ks(), lt), ocr = CMergedGemm.table(e, w, "ocr", s.rows(), lc),
                occ = CMergedGemm.table(e, w, "occ", s.cols(), lc);
        String tp = e.fresh("tpack");
        // the thin operand, packed once: column j of batch point b at tp[(b * S + j) * K + q]
        w.line("float *" + tp + " = sf_alloc(" + points * cols * k + "L);");
        w.open("for (long pt = 0; pt < " + points + "L; pt++) {");
        batchOffsets(w, "pt", List.of(new Base("bt", lt)));
        w.line("for (long j = 0; j < " + cols + "L; j++) for (long q = 0; q < " + k + "L; q++) " + tp + "[(pt * " + cols + "L + j) * " + k
                + "L + q] = " + T + "[bt + " + ocol + "[j] + " + okt + "[q]];");
        w.close("}");
        boolean par = ParallelWork.pays(points * rows * cols * k);
        w.open((par ? "#pragma omp parallel\n" : "") + "{");
        if (par) w.line("#pragma omp for schedule(static)");
        w.open("for (long item = 0; item < " + points * blocks + "L; item++) {");
        w.line("const long pt = item / " + blocks + "L, r0 = item % " + blocks + "L * " + per + ";");
        batchOffsets(w, "pt", List.of(new Base("bw", lw), new Base("bc", lc)));
        w.line("const float *tq = " + tp + " + pt * " + cols * k + "L;");
        w.line("const float *row[" + per + "];");
        w.open("for (int i = 0; i < " + per + "; i++) {");
        w.line("const long r = sf_lmin(r0 + i, " + (rows - 1) + "L);");
        w.line("row[i] = " + W + " + bw + " + orow + "[r];");
        w.close("}");
        w.line("sf_vf acc[" + per + "][" + cols + "];");
        w.line("#pragma GCC unroll 16");
        w.line("for (int i = 0; i < " + per + "; i++) for (int j = 0; j < " + cols + "; j++) acc[i][j] = (sf_vf){0};");
        w.line("long q = 0;");
        w.open("for (; q + SF_VL <= " + k + "L; q += SF_VL) {");
        w.line("sf_vf t[" + cols + "];");
        w.line("#pragma GCC unroll 8");
        w.line("for (int j = 0; j < " + cols + "; j++) memcpy(&t[j], tq + j * " + k + "L + q, sizeof t[j]);");
        w.line("#pragma GCC unroll 8");
        w.open("for (int i = 0; i < " + per + "; i++) {");
        w.line("sf_vf x;");
        w.line("memcpy(&x, row[i] + q, sizeof x);");
        w.line("#pragma GCC unroll 8");
        w.line("for (int j = 0; j < " + cols + "; j++) acc[i][j] += x * t[j];");
        w.close("}");
        w.close("}");
        w.open("for (int i = 0; i < " + per + " && r0 + i < " + rows + "L; i++) {");
        w.open("for (int j = 0; j < " + cols + "; j++) {");
        w.line("float sum = 0.0f;");
        w.line("for (int l = 0; l < SF_VL; l++) sum += acc[i][j][l];");
        w.line("for (long p = q; p < " + k + "L; p++) sum += row[i][p] * tq[j * " + k + "L + p];");
        String cell = C + "[bc + " + ocr + "[r0 + i] + " + occ + "[j]]";
        w.line(cell + (initialize ? " = sum;" : " += sum;"));
        w.close("}");
        w.close("}");
        w.close("}"); // the work item
        w.close("}");
        w.line("free(" + tp + ");");
        for (String t : List.of(orow, ocol, okt, ocr, occ)) w.line("free(" + t + ");");
    }

    /** A base offset declared per batch point: {@code name} under {@code lin}'s constant and batch coefficients. */
    private record Base(String name, Linear lin) {}

    /** Declares each base at batch point {@code point} (odometer order, the last batch axis fastest). */
    private void batchOffsets(CodeWriter w, String point, List<Base> bases) {
        Operation op = e.operation();
        StringBuilder decl = new StringBuilder("long rest = " + point);
        for (Base b : bases) decl.append(", ").append(b.name()).append(" = ").append(b.lin().constant()).append("L");
        w.line(decl + ";");
        for (String x : s.batch().reversed()) {
            long ext = op.space().var(x).orElseThrow().extent();
            StringBuilder add = new StringBuilder("{ const long t = rest % " + ext + "L; rest /= " + ext + "L;");
            for (Base b : bases) add.append(" ").append(b.name()).append(" += ").append(b.lin().coeff(x)).append("L * t;");
            w.line(add + " }");
        }
        w.line("(void)rest;");
    }
}
