package org.shapeforge.codegen.cuda;

import org.shapeforge.codegen.emit.CodeWriter;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.emit.Linear;
import org.shapeforge.codegen.ir.Operation;

/**
 * The register-blocked, shared-memory tiled contraction kernel. A block of 16×16 threads computes
 * a {@code T × T} tile of C ({@code m} on the grid's y, {@code n} on x, the batch on z); each
 * thread holds a {@code t × t} sub-tile in registers ({@code t = T/16}), as {@code t/4} groups of 4
 * rows by {@code t/4} groups of 4 columns, 64 apart, so its shared-memory reads are {@code float4}s
 * that a warp takes without bank conflicts. Per 8-deep k step the block stages A's {@code T×8} slab
 * transposed ({@code sa[k][m]}) and B's {@code 8×T} slab ({@code sb[k][n]}) in shared memory, rows
 * padded by 4 floats, zero-filled past the edges; each operand is read in the order of its smaller
 * stride (strides are the operation's own, emitted as constants), so global reads coalesce for
 * either layout.
 *
 * <p>{@code T} is 128 ({@code t} = 8) when that gives at least {@link #BIG_TILE_BLOCKS} blocks,
 * else 64 ({@code t} = 4): on an H100 (132 SMs) a 1024² product has only 64 tiles of 128², and
 * 64² tiles keep every SM busy (docs/performance.md, "CUDA on an H100").
 */
final class CudaGemm {
    static final int THREADS = 16, BK = 8, BIG_TILE_BLOCKS = 128;
    private final CudaEmitter e;
    private final Contraction g;

    CudaGemm(CudaEmitter e, Contraction g) {
        this.e = e;
        this.g = g;
    }

    /** The tile edge {@code T} for an m×n output with {@code batch} points. */
    static int tile(long m, long n, long batch) {
        long big = ((m + 127) / 128) * ((n + 127) / 128) * batch;
        return big >= BIG_TILE_BLOCKS ? 128 : 64;
    }

    CudaLaunch emit(CodeWriter w, boolean initialize) {
        Operation op = e.operation();
        Linear la = e.offset(g.a()), lb = e.offset(g.b()), lc = e.offset(op.lhs());
        long m = op.space().var(g.m()).orElseThrow().extent(), n = op.space().var(g.n()).orElseThrow().extent(),
                k = op.space().var(g.k()).orElseThrow().extent();
        long sAm = la.coeff(g.m()), sAk = la.coeff(g.k()), sBk = lb.coeff(g.k()), sBn = lb.coeff(g.n()),
                sCm = lc.coeff(g.m()), sCn = lc.coeff(g.n());
        long batch = g.batchPoints(op);
        int T = tile(m, n, batch), t = T / THREADS, loads = T * BK / (THREADS * THREADS);
        String A = e.tensor(g.a().tensor()), B = e.tensor(g.b().tensor()), C = e.tensor(op.lhs().tensor());
        w.open(e.signature(e.entry()));
        w.line("/* " + T + "x" + T + " tile of C per 16x16 threads, " + t + "x" + t + " per thread, k in steps of " + BK + " */");
        w.line("__shared__ __align__(16) float sa[" + BK + "][" + (T + 4) + "];");
        w.line("__shared__ __align__(16) float sb[" + BK + "][" + (T + 4) + "];");
        w.line("const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;");
        w.line("const long m0 = (long)blockIdx.y * " + T + ", n0 = (long)blockIdx.x * " + T + ";");
        if (!g.batch().isEmpty()) w.line("long bz = blockIdx.z;");
        StringBuilder offA = new StringBuilder(la.constant() + "L"), offB = new StringBuilder(lb.constant() + "L"),
                offC = new StringBuilder(lc.constant() + "L");
        for (int i = g.batch().size() - 1; i >= 0; i--) {
            String s = g.batch().get(i);
            long ext = op.space().var(s).orElseThrow().extent();
            String x = e.fresh("b_" + s);
            w.line("const long " + x + " = bz % " + ext + "L; bz /= " + ext + "L;");
            offA.append(" + ").append(la.coeff(s)).append("L*").append(x);
            offB.append(" + ").append(lb.coeff(s)).append("L*").append(x);
            offC.append(" + ").append(lc.coeff(s)).append("L*").append(x);
        }
        w.line("const float *pa = " + A + " + " + offA + ";");
        w.line("const float *pb = " + B + " + " + offB + ";");
        w.line("float *pc = " + C + " + " + offC + ";");
        w.line("float acc[" + t + "][" + t + "];");
        w.line("#pragma unroll");
        w.line("for (int i = 0; i < " + t + "; i++)");
        w.line("    #pragma unroll");
        w.line("    for (int j = 0; j < " + t + "; j++) acc[i][j] = 0.0f;");
        w.open("for (long k0 = 0; k0 < " + k + "L; k0 += " + BK + ") {");
        w.line("#pragma unroll");
        w.open("for (int r = 0; r < " + loads + "; r++) {");
        w.line("const int q = tid + 256 * r;");
        w.line(Math.abs(sAm) < Math.abs(sAk) ? "const int mm = q % " + T + ", kk = q / " + T + ";" : "const int kk = q % " + BK + ", mm = q / " + BK + ";");
        w.line("const long gm = m0 + mm, gk = k0 + kk;");
        w.line("sa[kk][mm] = (gm < " + m + "L && gk < " + k + "L) ? pa[gm * " + sAm + "L + gk * " + sAk + "L] : 0.0f;");
        w.close("}");
        w.line("#pragma unroll");
        w.open("for (int r = 0; r < " + loads + "; r++) {");
        w.line("const int q = tid + 256 * r;");
        w.line(Math.abs(sBn) <= Math.abs(sBk) ? "const int nn = q % " + T + ", kk = q / " + T + ";" : "const int kk = q % " + BK + ", nn = q / " + BK + ";");
        w.line("const long gn = n0 + nn, gk = k0 + kk;");
        w.line("sb[kk][nn] = (gk < " + k + "L && gn < " + n + "L) ? pb[gk * " + sBk + "L + gn * " + sBn + "L] : 0.0f;");
        w.close("}");
        w.line("__syncthreads();");
        w.line("#pragma unroll");
        w.open("for (int kk = 0; kk < " + BK + "; kk++) {");
        w.line("float av[" + t + "], bv[" + t + "];");
        w.line("#pragma unroll");
        w.open("for (int h = 0; h < " + t / 4 + "; h++) {");
        w.line("const float4 a4 = *(const float4 *)&sa[kk][64 * h + ty * 4], b4 = *(const float4 *)&sb[kk][64 * h + tx * 4];");
        w.line("av[4 * h] = a4.x; av[4 * h + 1] = a4.y; av[4 * h + 2] = a4.z; av[4 * h + 3] = a4.w;");
        w.line("bv[4 * h] = b4.x; bv[4 * h + 1] = b4.y; bv[4 * h + 2] = b4.z; bv[4 * h + 3] = b4.w;");
        w.close("}");
        w.line("#pragma unroll");
        w.line("for (int i = 0; i < " + t + "; i++)");
        w.line("    #pragma unroll");
        w.line("    for (int j = 0; j < " + t + "; j++) acc[i][j] += av[i] * bv[j];");
        w.close("}");
        w.line("__syncthreads();");
        w.close("}");
        w.line("#pragma unroll");
        w.open("for (int i = 0; i < " + t + "; i++) {");
        w.line("const long row = m0 + 64 * (i / 4) + ty * 4 + i % 4;");
        w.line("#pragma unroll");
        w.open("for (int j = 0; j < " + t + "; j++) {");
        w.line("const long col = n0 + 64 * (j / 4) + tx * 4 + j % 4;");
        String cell = "pc[row * " + sCm + "L + col * " + sCn + "L]";
        w.line("if (row < " + m + "L && col < " + n + "L) " + cell + (initialize ? " = acc[i][j];" : " += acc[i][j];"));
        w.close("}");
        w.close("}");
        w.close("}");
        return new CudaLaunch(e.entry(), (n + T - 1) / T, (m + T - 1) / T, batch, THREADS, THREADS, 1);
    }
}
