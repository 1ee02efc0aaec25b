package org.shapeforge.codegen.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.shapeforge.codegen.run.HostTensor;

/**
 * The reference: an independent interpreter of the operations' mathematical definitions, in double
 * precision, written from the definitions (textbook formulas, naive nested loops over multi-indices)
 * and deliberately sharing nothing with the loop IR or its lowering — not its index maps, not its
 * margins, not its size helpers. Out-of-range convolution taps are skipped (zero padding for sums,
 * ignored for max), the PyTorch "same" convention for the padded split: left ⌊(span−1)/2⌋.
 */
public final class Reference {
    private Reference() {}

    /** {@code C[i][j] = Σ_k A[i][k]·B[k][j]}. */
    public static HostTensor matmul(HostTensor a, HostTensor b) {
        int m = a.dims().get(0), k = a.dims().get(1), n = b.dims().get(1);
        HostTensor c = HostTensor.zeros(List.of(m, n));
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int p = 0; p < k; p++) s += a.get(i, p) * b.get(p, j);
                c.set(s, i, j);
            }
        return c;
    }

    /** {@code C[q][i][j] = Σ_k A[q][i][k]·B[q][k][j]}. */
    public static HostTensor batchedMatmul(HostTensor a, HostTensor b) {
        int bs = a.dims().get(0), m = a.dims().get(1), k = a.dims().get(2), n = b.dims().get(2);
        HostTensor c = HostTensor.zeros(List.of(bs, m, n));
        for (int q = 0; q < bs; q++)
            for (int i = 0; i < m; i++)
                for (int j = 0; j < n; j++) {
                    double s = 0;
                    for (int p = 0; p < k; p++) s += a.get(q, i, p) * b.get(q, p, j);
                    c.set(s, q, i, j);
                }
        return c;
    }

    /** NumPy broadcasting: shapes aligned at the trailing end, size-1 axes stretched. */
    public static HostTensor broadcast(DoubleBinaryOperator f, HostTensor a, HostTensor b) {
        int r = Math.max(a.rank(), b.rank());
        List<Integer> dims = new ArrayList<>();
        for (int ax = 0; ax < r; ax++) dims.add(Math.max(aligned(a, r, ax), aligned(b, r, ax)));
        HostTensor c = HostTensor.zeros(dims);
        int[] ix = new int[r];
        for (int flat = 0; flat < c.data().length; flat++) {
            unflatten(flat, dims, ix);
            c.data()[flat] = f.applyAsDouble(a.get(project(a, ix)), b.get(project(b, ix)));
        }
        return c;
    }

    public static HostTensor unary(DoubleUnaryOperator f, HostTensor a) {
        HostTensor c = HostTensor.zeros(a.dims());
        for (int i = 0; i < a.data().length; i++) c.data()[i] = f.applyAsDouble(a.data()[i]);
        return c;
    }

    /** Folds the axes in {@code reduced} with {@code f} starting from {@code init}; the other axes stay, in order. */
    public static HostTensor reduce(DoubleBinaryOperator f, double init, HostTensor a, List<Integer> reduced) {
        List<Integer> dims = new ArrayList<>();
        for (int ax = 0; ax < a.rank(); ax++) if (!reduced.contains(ax)) dims.add(a.dims().get(ax));
        HostTensor c = HostTensor.zeros(dims);
        Arrays.fill(c.data(), init);
        int[] ix = new int[a.rank()];
        for (int flat = 0; flat < a.data().length; flat++) {
            unflatten(flat, a.dims(), ix);
            int[] cx = new int[dims.size()];
            for (int ax = 0, k = 0; ax < a.rank(); ax++) if (!reduced.contains(ax)) cx[k++] = ix[ax];
            int off = c.offset(cx);
            c.data()[off] = f.applyAsDouble(c.data()[off], a.data()[flat]);
        }
        return c;
    }

    /** Concatenation along {@code axis}. */
    public static HostTensor concat(List<HostTensor> parts, int axis) {
        List<Integer> dims = new ArrayList<>(parts.getFirst().dims());
        int total = 0;
        for (HostTensor p : parts) total += p.dims().get(axis);
        dims.set(axis, total);
        HostTensor c = HostTensor.zeros(dims);
        int start = 0;
        for (HostTensor p : parts) {
            int[] ix = new int[p.rank()];
            for (int flat = 0; flat < p.data().length; flat++) {
                unflatten(flat, p.dims(), ix);
                int[] cx = ix.clone();
                cx[axis] += start;
                c.set(p.data()[flat], cx);
            }
            start += p.dims().get(axis);
        }
        return c;
    }

    /** Window parameters of one spatial axis. */
    public record Win(int kernel, int stride, int dilation, boolean padded) {
        int span() { return (kernel - 1) * dilation + 1; }

        int out(int in) { return padded ? in / stride : (in - span()) / stride + 1; }

        int padLeft() { return padded ? (span() - 1) / 2 : 0; }
    }

    /** {@code y[n][o][s…] = Σ_{c,k…} x[n][c][s·stride + k·dilation − padLeft …]·w[o][c][k…]}, taps outside x skipped. */
    public static HostTensor conv(HostTensor x, HostTensor w, List<Win> wins) {
        int sp = wins.size(), n = x.dims().get(0), cin = x.dims().get(1), cout = w.dims().get(0);
        List<Integer> dims = new ArrayList<>(List.of(n, cout));
        for (int a = 0; a < sp; a++) dims.add(wins.get(a).out(x.dims().get(2 + a)));
        HostTensor y = HostTensor.zeros(dims);
        int[] yi = new int[dims.size()];
        for (int flat = 0; flat < y.data().length; flat++) {
            unflatten(flat, dims, yi);
            double s = 0;
            List<Integer> kdims = w.dims().subList(2, 2 + sp);
            int taps = 1;
            for (int kd : kdims) taps *= kd;
            int[] k = new int[sp];
            for (int c = 0; c < cin; c++)
                for (int t = 0; t < taps; t++) {
                    unflatten(t, kdims, k);
                    int[] xi = new int[2 + sp];
                    xi[0] = yi[0];
                    xi[1] = c;
                    boolean inside = true;
                    for (int a = 0; a < sp; a++) {
                        Win win = wins.get(a);
                        xi[2 + a] = yi[2 + a] * win.stride() + k[a] * win.dilation() - win.padLeft();
                        inside &= xi[2 + a] >= 0 && xi[2 + a] < x.dims().get(2 + a);
                    }
                    if (!inside) continue;
                    int[] wi = new int[2 + sp];
                    wi[0] = yi[1];
                    wi[1] = c;
                    System.arraycopy(k, 0, wi, 2, sp);
                    s += x.get(xi) * w.get(wi);
                }
            y.data()[flat] = s;
        }
        return y;
    }

    /** {@code y[n][c][s…] = max over taps inside x of x[n][c][s·stride + k·dilation − padLeft …]}. */
    public static HostTensor maxPool(HostTensor x, List<Win> wins) {
        int sp = wins.size();
        List<Integer> dims = new ArrayList<>(x.dims().subList(0, 2));
        List<Integer> kdims = new ArrayList<>();
        for (int a = 0; a < sp; a++) {
            dims.add(wins.get(a).out(x.dims().get(2 + a)));
            kdims.add(wins.get(a).kernel());
        }
        HostTensor y = HostTensor.zeros(dims);
        int[] yi = new int[dims.size()];
        int taps = 1;
        for (int kd : kdims) taps *= kd;
        for (int flat = 0; flat < y.data().length; flat++) {
            unflatten(flat, dims, yi);
            double m = Double.NEGATIVE_INFINITY;
            int[] k = new int[sp];
            for (int t = 0; t < taps; t++) {
                unflatten(t, kdims, k);
                int[] xi = new int[2 + sp];
                xi[0] = yi[0];
                xi[1] = yi[1];
                boolean inside = true;
                for (int a = 0; a < sp; a++) {
                    Win win = wins.get(a);
                    xi[2 + a] = yi[2 + a] * win.stride() + k[a] * win.dilation() - win.padLeft();
                    inside &= xi[2 + a] >= 0 && xi[2 + a] < x.dims().get(2 + a);
                }
                if (inside) m = Math.max(m, x.get(xi));
            }
            y.data()[flat] = m;
        }
        return y;
    }

    private static int aligned(HostTensor t, int r, int ax) {
        int k = ax - (r - t.rank());
        return k < 0 ? 1 : t.dims().get(k);
    }

    private static int[] project(HostTensor t, int[] ix) {
        int[] p = new int[t.rank()];
        for (int k = 0; k < t.rank(); k++) {
            int ax = k + ix.length - t.rank();
            p[k] = t.dims().get(k) == 1 ? 0 : ix[ax];
        }
        return p;
    }

    static void unflatten(int flat, List<Integer> dims, int[] ix) {
        for (int a = dims.size() - 1; a >= 0; a--) {
            ix[a] = flat % dims.get(a);
            flat /= dims.get(a);
        }
    }
}
