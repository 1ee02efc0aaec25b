package org.shapeforge.codegen.c;

import org.shapeforge.codegen.emit.CodeWriter;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.emit.Linear;
import org.shapeforge.codegen.ir.Operation;

/**
 * The tiled, register-blocked loop nest of a {@link Contraction} (the BLIS/GotoBLAS structure):
 * for each batch point, the output is cut into about 4 × 4 independent work items (a column chunk
 * of at most 512 columns × a row super-block), which OpenMP hands out dynamically with no barrier
 * inside — robust when the cores are shared. An item walks {@code SF_KC}-deep reduction blocks:
 * its B chunk packed into {@code SF_NR}-column panels, each {@code SF_MC}-row block of A packed
 * into {@code SF_MR}-row panels; the prologue's micro-kernel keeps an {@code SF_MR × SF_NR} tile of
 * C in vector registers; a full tile of a unit-stride output is stored (or added) in place by the
 * micro-kernel, partial tiles are padded with zeros in the packed panels and trimmed on write-back;
 * full B panels of unit-stride rows are packed by row copies. All strides are
 * the operation's own (any axis order and layout, margins included), emitted as constants.
 * With {@code initialize} the first reduction block stores its tile (the neutral element 0 never
 * touches memory), later blocks add to it. An {@link org.shapeforge.codegen.ir.Epilogue} is applied
 * to a tile's cells right after its last store: the last {@code SF_KC} block at the last point of
 * every outer reduction axis (a tile is finished only then), while the tile is still in cache.
 */
final class CGemm {
    private final CEmitter e;
    private final Contraction g;

    CGemm(CEmitter e, Contraction g) {
        this.e = e;
        this.g = g;
    }

    /** Emits the kernel; whether it applied the operation's epilogue (when not, the caller must, after it). */
    boolean emit(CodeWriter w, boolean initialize) {
        Operation op = e.operation();
        Linear la = e.offset(g.a()), lb = e.offset(g.b()), lc = e.offset(op.lhs());
        GemmShape sh = GemmShape.of(g, op, la, lb, lc); // batch and outer reduction axes contiguous with m, n, k fused in
        // the epilogue binds each iterator of C: in the tile only where no axis was fused into m, n or k
        // (a fused kernel row is several iterators at once); else the caller runs it as a second pass
        boolean inTile = op.epilogue().isPresent() && sh.batch().equals(g.batch()) && sh.outerK().equals(g.outerK());
        long m = sh.m(), n = sh.n(), k = sh.k();
        String A = e.tensor(g.a().tensor()), B = e.tensor(g.b().tensor()), C = e.tensor(op.lhs().tensor());
        long sAm = sh.sAm(), sAk = sh.sAk(), sBk = sh.sBk(), sBn = sh.sBn(), sCm = sh.sCm(), sCn = sh.sCn();
        String bp = e.fresh("bpack"), ap = e.fresh("apack"), pa = e.fresh("pa"), pb = e.fresh("pb"), pc = e.fresh("pc");
        long points = 1;
        for (String s : sh.batch()) points *= op.space().var(s).orElseThrow().extent();
        // many small GEMMs (a convolution: one per output row and tap): the batch points are the
        // parallel work, each GEMM one work item run by one thread; else each GEMM is cut into items
        long work = m * n * k;
        boolean outer = points >= OUTER_POINTS && work < INNER_WORK || points >= FEW_POINTS && work < SMALL_WORK;
        boolean par = ParallelWork.pays((outer ? points : 1) * work); // a region per GEMM when not outer
        if (outer || !par) { // one item per GEMM (512-column chunks): a GEMM run by one thread packs each operand once
            w.line("const long nch = sf_lmin(512L, (" + n + "L + SF_NR - 1) / SF_NR * SF_NR);");
            w.line("const long msb = (" + m + "L + SF_MC - 1) / SF_MC * SF_MC;");
        } else { // work items: (column chunk, row super-block) pairs, independent (no barrier inside): each packs its own panels
            w.line("const long nch = sf_lmin(512L, ((" + n + "L + 3) / 4 + SF_NR - 1) / SF_NR * SF_NR);");
            w.line("const long msb = ((" + m + "L + 3) / 4 + SF_MC - 1) / SF_MC * SF_MC;");
        }
        w.line("const long items_n = (" + n + "L + nch - 1) / nch, items_m = (" + m + "L + msb - 1) / msb;");
        if (outer) open(w, ap, bp, par, sh.batch().size() > 1 ? " collapse(" + sh.batch().size() + ")" : "");
        // batch loops: each point a whole GEMM on offset base pointers
        StringBuilder offA = new StringBuilder(la.constant() + "L"), offB = new StringBuilder(lb.constant() + "L"),
                offC = new StringBuilder(lc.constant() + "L");
        StringBuilder bind = new StringBuilder(); // the epilogue's iterators: batch loops, the tile's row and column
        for (String s : sh.batch()) {
            String i = e.fresh("b_" + s);
            bind.append("const long ").append(e.iterator(s)).append(" = ").append(i).append("; ");
            long ext = op.space().var(s).orElseThrow().extent();
            w.open("for (long " + i + " = 0; " + i + " < " + ext + "L; " + i + "++) {");
            offA.append(" + ").append(la.coeff(s)).append("L*").append(i);
            offB.append(" + ").append(lb.coeff(s)).append("L*").append(i);
            offC.append(" + ").append(lc.coeff(s)).append("L*").append(i);
        }
        // outer reduction axes: sequential too, each GEMM accumulating into the same C (the first one stores)
        StringBuilder firstOuter = new StringBuilder(), lastOuter = new StringBuilder();
        for (String s : sh.outerK()) {
            String i = e.fresh("r_" + s);
            long ext = op.space().var(s).orElseThrow().extent();
            w.open("for (long " + i + " = 0; " + i + " < " + ext + "L; " + i + "++) {");
            offA.append(" + ").append(la.coeff(s)).append("L*").append(i);
            offB.append(" + ").append(lb.coeff(s)).append("L*").append(i);
            firstOuter.append(" && ").append(i).append(" == 0");
            lastOuter.append(" && ").append(i).append(" == ").append(ext - 1).append("L");
        }
        w.line("const float *restrict " + pa + " = " + A + " + " + offA + ";");
        w.line("const float *restrict " + pb + " = " + B + " + " + offB + ";");
        w.line("float *restrict " + pc + " = " + C + " + " + offC + ";");
        if (!outer) open(w, ap, bp, par, " collapse(2)");
        w.open("for (long item_n = 0; item_n < items_n; item_n++) {");
        w.open("for (long item_m = 0; item_m < items_m; item_m++) {");
        w.line("const long jc = item_n * nch, nc = sf_lmin(nch, " + n + "L - jc);");
        w.line("const long m0 = item_m * msb, m1 = sf_lmin(m0 + msb, " + m + "L);");
        w.open("for (long kc0 = 0; kc0 < " + k + "L; kc0 += SF_KC) {");
        w.line("const long kc = sf_lmin(SF_KC, " + k + "L - kc0);");
        w.line("const int first = " + (initialize ? "kc0 == 0" + firstOuter : "0") + ";");
        String epilogue = "";
        if (inTile) {
            w.line("const int last = kc0 + kc >= " + k + "L" + lastOuter + ";");
            bind.append("const long ").append(e.iterator(g.m())).append(" = ic + ir + i, ").append(e.iterator(g.n())).append(" = jc + jr + j; ");
            epilogue = " if (last) for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) { " + bind + e.epilogueStore() + " }";
        }
        w.open("for (long jr = 0; jr < nc; jr += SF_NR) {");
        w.line("float *dst = " + bp + " + jr * kc;");
        if (sBn == 1) // a full panel of unit-stride rows: row copies the compiler turns into vector moves
            w.line("if (jr + SF_NR <= nc) for (long p = 0; p < kc; p++) memcpy(dst + p * SF_NR, " + pb + " + (kc0 + p) * "
                    + sBk + "L + jc + jr, SF_NR * sizeof(float)); else");
        w.open("for (long p = 0; p < kc; p++) {");
        w.open("for (long j = 0; j < SF_NR; j++) {");
        w.line("dst[p * SF_NR + j] = jr + j < nc ? " + pb + "[(kc0 + p) * " + sBk + "L + (jc + jr + j) * " + sBn + "L] : 0.0f;");
        w.close("}");
        w.close("}");
        w.close("}");
        w.open("for (long ic = m0; ic < m1; ic += SF_MC) {");
        w.line("const long mc = sf_lmin(SF_MC, m1 - ic);");
        w.open("for (long ir = 0; ir < mc; ir += SF_MR) {");
        w.open("for (long i = 0; i < SF_MR; i++) {");
        w.line("const float *src = " + pa + " + (ic + ir + i) * " + sAm + "L + kc0 * " + sAk + "L;");
        w.line("float *dst = " + ap + " + ir * kc + i;");
        w.line("if (ir + i < mc) for (long p = 0; p < kc; p++) dst[p * SF_MR] = src[p * " + sAk + "L];");
        w.line("else for (long p = 0; p < kc; p++) dst[p * SF_MR] = 0.0f;");
        w.close("}");
        w.close("}");
        w.open("for (long jr = 0; jr < nc; jr += SF_NR) {");
        w.open("for (long ir = 0; ir < mc; ir += SF_MR) {");
        w.line("const long mr = sf_lmin(SF_MR, mc - ir), nr = sf_lmin(SF_NR, nc - jr);");
        w.line("float *cp = " + pc + " + (ic + ir) * " + sCm + "L + (jc + jr) * " + sCn + "L;");
        if (sCn == 1) // a full tile of a unit-stride output: the micro-kernel writes it in place
            w.line("if (mr == SF_MR && nr == SF_NR) { sf_ukernel_to(kc, " + ap + " + ir * kc, " + bp + " + jr * kc, cp, "
                    + sCm + "L, first);" + epilogue + " continue; }");
        w.line("float ct[SF_MR * SF_NR] __attribute__((aligned(64)));");
        w.line("sf_ukernel(kc, " + ap + " + ir * kc, " + bp + " + jr * kc, ct);");
        w.line("if (first) for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * " + sCm + "L + j * " + sCn
                + "L] = ct[i * SF_NR + j];");
        w.line("else for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * " + sCm + "L + j * " + sCn
                + "L] += ct[i * SF_NR + j];");
        if (!epilogue.isEmpty()) w.line(epilogue.strip());
        w.close("}");
        w.close("}");
        w.close("}");
        w.close("}");
        w.close("}");
        w.close("}");
        if (!outer) free(w, ap, bp);
        for (int i = 0; i < sh.batch().size() + sh.outerK().size(); i++) w.close("}");
        if (outer) free(w, ap, bp);
        return inTile;
    }

    /**
     * The batch points, not each GEMM's items, are the parallel work from {@code OUTER_POINTS}
     * points of fewer than {@code INNER_WORK} multiply-adds each (enough points for many cores, GEMMs
     * too small to cut into 16 good items), or from {@code FEW_POINTS} points of fewer than
     * {@code SMALL_WORK} (GEMMs too small to cut at all). A convolution (one GEMM per output row and
     * tap) is the first kind; a transformer's per-head projections (64 points of 4.2 M) the inner kind.
     */
    static final long OUTER_POINTS = 64, INNER_WORK = 1L << 22, FEW_POINTS = 8, SMALL_WORK = 1L << 18;

    /**
     * Opens the work region: the packing buffers (one pair per thread), and with {@code par} an
     * OpenMP team whose {@code for} (with {@code collapse}) hands out the loops that follow.
     */
    private static void open(CodeWriter w, String ap, String bp, boolean par, String collapse) {
        w.open((par ? "#pragma omp parallel\n" : "") + "{");
        w.line("float *" + ap + " = sf_alloc((long)SF_MC * SF_KC);");
        w.line("float *" + bp + " = sf_alloc((long)SF_KC * nch);");
        if (par) w.line("#pragma omp for schedule(dynamic, 1)" + collapse);
    }

    /** Closes {@link #open}'s region, freeing the buffers. */
    private static void free(CodeWriter w, String ap, String bp) {
        w.line("free(" + ap + ");");
        w.line("free(" + bp + ");");
        w.close("}");
    }
}
