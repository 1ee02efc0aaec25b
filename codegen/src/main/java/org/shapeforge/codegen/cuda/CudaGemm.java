package org.shapeforge.codegen.cuda;

import org.shapeforge.codegen.emit.CodeWriter;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.emit.Linear;
import org.shapeforge.codegen.ir.Operation;

/**
 * The shared-memory tiled contraction kernel: a {@code SF_TILE × SF_TILE} thread block computes a
 * tile of C (one element per thread, {@code m} on y, {@code n} on x, the batch on the grid's z),
 * staging {@code SF_TILE}-wide slabs of A and B through shared memory (padded rows against bank
 * conflicts), zero-filled at the edges. Strides are the operation's own, emitted as constants.
 */
final class CudaGemm {
    static final int TILE = 16;
    private final CudaEmitter e;
    private final Contraction g;

    CudaGemm(CudaEmitter e, Contraction g) {
        this.e = e;
        this.g = g;
    }

    CudaLaunch emit(CodeWriter w, boolean initialize) {
        Operation op = e.operation();
        Linear la = e.offset(g.a()), lb = e.offset(g.b()), lc = e.offset(op.lhs());
        long m = op.space().var(g.m()).orElseThrow().extent(), n = op.space().var(g.n()).orElseThrow().extent(),
                k = op.space().var(g.k()).orElseThrow().extent();
        long sAm = la.coeff(g.m()), sAk = la.coeff(g.k()), sBk = lb.coeff(g.k()), sBn = lb.coeff(g.n()),
                sCm = lc.coeff(g.m()), sCn = lc.coeff(g.n());
        String A = e.tensor(g.a().tensor()), B = e.tensor(g.b().tensor()), C = e.tensor(op.lhs().tensor());
        w.open(e.signature(e.entry()));
        w.line("__shared__ float sa[SF_TILE][SF_TILE + 1];");
        w.line("__shared__ float sb[SF_TILE][SF_TILE + 1];");
        w.line("const long row = (long)blockIdx.y * SF_TILE + threadIdx.y;");
        w.line("const long col = (long)blockIdx.x * SF_TILE + threadIdx.x;");
        w.line("long bz = blockIdx.z;");
        StringBuilder offA = new StringBuilder(la.constant() + "L"), offB = new StringBuilder(lb.constant() + "L"),
                offC = new StringBuilder(lc.constant() + "L");
        long batch = 1;
        for (int i = g.batch().size() - 1; i >= 0; i--) {
            String s = g.batch().get(i);
            long ext = op.space().var(s).orElseThrow().extent();
            batch *= ext;
            String x = e.fresh("b_" + s);
            w.line("const long " + x + " = bz % " + ext + "L; bz /= " + ext + "L;");
            offA.append(" + ").append(la.coeff(s)).append("L*").append(x);
            offB.append(" + ").append(lb.coeff(s)).append("L*").append(x);
            offC.append(" + ").append(lc.coeff(s)).append("L*").append(x);
        }
        w.line("const float *pa = " + A + " + " + offA + ";");
        w.line("const float *pb = " + B + " + " + offB + ";");
        w.line("float *pc = " + C + " + " + offC + ";");
        w.line("float acc = 0.0f;");
        w.open("for (long k0 = 0; k0 < " + k + "L; k0 += SF_TILE) {");
        w.line("const long ka = k0 + threadIdx.x, kb = k0 + threadIdx.y;");
        w.line("sa[threadIdx.y][threadIdx.x] = (row < " + m + "L && ka < " + k + "L) ? pa[row * " + sAm + "L + ka * " + sAk + "L] : 0.0f;");
        w.line("sb[threadIdx.y][threadIdx.x] = (kb < " + k + "L && col < " + n + "L) ? pb[kb * " + sBk + "L + col * " + sBn + "L] : 0.0f;");
        w.line("__syncthreads();");
        w.line("#pragma unroll");
        w.line("for (int q = 0; q < SF_TILE; q++) acc += sa[threadIdx.y][q] * sb[q][threadIdx.x];");
        w.line("__syncthreads();");
        w.close("}");
        String cell = "pc[row * " + sCm + "L + col * " + sCn + "L]";
        w.line("if (row < " + m + "L && col < " + n + "L) " + cell + (initialize ? " = acc;" : " += acc;"));
        w.close("}");
        return new CudaLaunch(e.entry(), (n + TILE - 1) / TILE, (m + TILE - 1) / TILE, batch, TILE, TILE, 1);
    }
}
