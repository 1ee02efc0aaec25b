package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;

/**
 * Det of matrices up to 4 × 4 by the Leibniz formula: a signed sum of n! products of fixed
 * entries, one pointwise operation over the batch (LU with pivoting needs data-dependent control,
 * which the loop IR has not).
 */
final class Determinant {
    private Determinant() {}

    static Value det(Kernels k, String name, Value x) {
        int n = x.dims().getLast();
        if (x.rank() < 2 || x.dims().get(x.rank() - 2) != n) throw new IllegalArgumentException(name + ": Det needs square matrices, got " + x.dims());
        if (n > 4) throw new NotExpressible(name + ": Det of a " + n + " × " + n + " matrix (the Leibniz formula is lowered up to 4 × 4)");
        List<Integer> batch = x.dims().subList(0, x.rank() - 2);
        Kernel b = new Kernel(name);
        List<Index> at = new ArrayList<>();
        for (int d : batch) at.add(Kernel.at(b.iter(d)));
        String t = b.tensor(x);
        Expr sum = null;
        for (int[] perm : permutations(n)) {
            Expr term = null;
            for (int i = 0; i < n; i++) {
                List<Index> ix = new ArrayList<>(at);
                ix.add(Index.fixed(i));
                ix.add(Index.fixed(perm[i]));
                Expr r = Kernel.read(t, ix);
                term = term == null ? r : mul(term, r);
            }
            sum = sum == null ? (sign(perm) > 0 ? term : new Expr.Unary(UnOp.NEG, term))
                    : sign(perm) > 0 ? add(sum, term) : sub(sum, term);
        }
        List<Integer> dims = batch.isEmpty() ? List.of(1) : batch;
        List<Index> out = at.isEmpty() ? List.of(Index.fixed(0)) : at;
        return b.run(k, dims, out, sum, Update.assign(), batch, x.type());
    }

    private static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out;
    }

    private static void permute(int[] p, boolean[] used, int i, List<int[]> out) {
        if (i == p.length) { out.add(p.clone()); return; }
        for (int v = 0; v < p.length; v++)
            if (!used[v]) { used[v] = true; p[i] = v; permute(p, used, i + 1, out); used[v] = false; }
    }

    private static int sign(int[] p) {
        int inversions = 0;
        for (int i = 0; i < p.length; i++) for (int j = i + 1; j < p.length; j++) if (p[i] > p[j]) inversions++;
        return inversions % 2 == 0 ? 1 : -1;
    }
}
