package org.shapeforge.codegen.program;

/**
 * {@link StridedReference}'s loop nest over the product space: one loop per factor in product
 * order (the last innermost), each access's cell carried incrementally ({@link StridedAccess}); the
 * innermost loop is specialised for the common case — every access unchecked, a product of two
 * operands (a matmul, an attention einsum) or one operand — and otherwise evaluates each point in
 * full. Immutable; {@link #run} keeps its odometer in locals, so chunks may run concurrently when
 * they write disjoint LHS cells (see {@link StridedReference}).
 */
record Nest(long[] extent, StridedAccess lhs, StridedAccess[] reads, double[][] data, double[] out, Scalar scalar,
        StridedReference.Combine combine, boolean[] disjoint) {

    /** Every point, with factor {@code split} (when ≥ 0) restricted to {@code from..to−1}. */
    void run(int split, long from, long to) {
        int n = extent.length, nr = reads.length;
        long[] lo = new long[n], hi = extent.clone();
        if (split >= 0) {
            lo[split] = from;
            hi[split] = to;
        }
        // cells at the first point: lhs at 0, reads at 1..nr
        long[] cell = new long[nr + 1];
        long[][] stride = new long[nr + 1][];
        boolean[] checked = new boolean[nr + 1];
        for (int a = 0; a <= nr; a++) {
            StridedAccess x = a == 0 ? lhs : reads[a - 1];
            stride[a] = x.stride();
            checked[a] = x.checked();
            cell[a] = x.base();
            for (int f = 0; f < n; f++) cell[a] += x.stride()[f] * lo[f];
        }
        long[] point = lo.clone();
        if (n == 0) {
            innermost(point, cell, stride, checked, -1, 0, 1);
            return;
        }
        int last = n - 1;
        boolean paired = paired(checked);
        int outer = paired ? last - 1 : last; // the factors below `outer` run in the odometer
        // odometer over the outer factors; the innermost (or the innermost two) run as loops
        while (true) {
            if (paired) pair(point, cell, stride, checked, lo[outer], hi[outer]);
            else innermost(point, cell, stride, checked, last, lo[last], hi[last]);
            int f = outer - 1;
            for (; f >= 0; f--) {
                if (++point[f] < hi[f]) {
                    for (int a = 0; a <= nr; a++) cell[a] += stride[a][f];
                    break;
                }
                for (int a = 0; a <= nr; a++) cell[a] -= stride[a][f] * (point[f] - 1 - lo[f]);
                point[f] = lo[f];
            }
            if (f < 0) return;
        }
    }

    /**
     * Whether the innermost two factors run as {@link #pair}: a reduction innermost ({@code +=} of
     * a product of two unchecked operands into one cell) under a factor g that an LHS axis indexes
     * as exactly Iter(g), so g's values reach different cells and four of them can run interleaved
     * (four independent sums instead of one chain), each cell still summing its points in order.
     */
    private boolean paired(boolean[] checked) {
        int n = extent.length, last = n - 1;
        if (n < 2 || !disjoint[last - 1] || reads.length != 2 || !(scalar instanceof Scalar.Product)
                || combine != StridedReference.Combine.ADD || lhs.stride()[last] != 0) return false;
        for (boolean c : checked) if (c) return false;
        return true;
    }

    /** Factor g = innermost − 1 over {@code from..to−1}, four values at a time, each over the whole innermost factor. */
    private void pair(long[] point, long[] cell, long[][] stride, boolean[] checked, long from, long to) {
        int last = extent.length - 1, g = last - 1;
        long[] c = cell.clone();
        long v = from;
        for (; v + 4 <= to; v += 4) {
            dot4(c, stride, g, last, extent[last]);
            for (int a = 0; a < c.length; a++) c[a] += 4 * stride[a][g];
        }
        for (; v < to; v++) {
            point[g] = v;
            innermost(point, c, stride, checked, last, 0, extent[last]);
            for (int a = 0; a < c.length; a++) c[a] += stride[a][g];
        }
        point[g] = from;
    }

    /** Four cells g, g+1, g+2, g+3 summing their products over the innermost factor, interleaved. */
    private void dot4(long[] cell, long[][] stride, int g, int f, long count) {
        int l = (int) cell[0], lg = (int) stride[0][g];
        int x = (int) cell[1], xg = (int) stride[1][g], xs = (int) stride[1][f];
        int y = (int) cell[2], yg = (int) stride[2][g], ys = (int) stride[2][f];
        double[] a = data[0], b = data[1];
        double s0 = out[l], s1 = out[l + lg], s2 = out[l + 2 * lg], s3 = out[l + 3 * lg];
        for (long i = 0; i < count; i++, x += xs, y += ys) {
            s0 += a[x] * b[y];
            s1 += a[x + xg] * b[y + yg];
            s2 += a[x + 2 * xg] * b[y + 2 * yg];
            s3 += a[x + 3 * xg] * b[y + 3 * yg];
        }
        out[l] = s0;
        out[l + lg] = s1;
        out[l + 2 * lg] = s2;
        out[l + 3 * lg] = s3;
    }

    /** Points {@code from..to−1} of factor {@code f} (the innermost; −1: a single point), the others at {@code point}. */
    private void innermost(long[] point, long[] cell, long[][] stride, boolean[] checked, int f, long from, long to) {
        int nr = reads.length;
        boolean unchecked = true;
        for (boolean c : checked) unchecked &= !c;
        if (f >= 0 && unchecked && nr <= 2 && (nr == 2 ? scalar instanceof Scalar.Product : nr == 1)) {
            fast(cell, stride, f, to - from);
            return;
        }
        double[] v = new double[nr];
        long[] c = cell.clone();
        for (long i = from; i < to; i++) {
            if (f >= 0) point[f] = i;
            long l = checked[0] ? lhs.cell(point) : c[0];
            if (l >= 0) {
                for (int j = 0; j < nr; j++) {
                    long r = checked[j + 1] ? reads[j].cell(point) : c[j + 1];
                    v[j] = r >= 0 ? data[j][(int) r] : 0.0;
                }
                put((int) l, scalar.apply(v));
            }
            if (f >= 0) for (int a = 0; a <= nr; a++) c[a] += stride[a][f];
        }
        if (f >= 0) point[f] = from;
    }

    private void put(int l, double v) {
        switch (combine) {
            case SET -> out[l] = v;
            case ADD -> out[l] = out[l] + v;
            case MAX -> out[l] = Math.max(out[l], v);
        }
    }

    /** The innermost loop with every access unchecked: a product of two operands, or a scalar function of one. */
    private void fast(long[] cell, long[][] stride, int f, long count) {
        int l = (int) cell[0], ls = (int) stride[0][f];
        int x = (int) cell[1], xs = (int) stride[1][f];
        double[] a = data[0];
        if (reads.length == 2) {
            int y = (int) cell[2], ys = (int) stride[2][f];
            double[] b = data[1];
            if (ls == 0 && combine == StridedReference.Combine.ADD) { // a reduction innermost: one cell
                double acc = out[l];
                for (long i = 0; i < count; i++, x += xs, y += ys) acc += a[x] * b[y];
                out[l] = acc;
                return;
            }
            for (long i = 0; i < count; i++, l += ls, x += xs, y += ys) put(l, a[x] * b[y]);
            return;
        }
        for (long i = 0; i < count; i++, l += ls, x += xs) put(l, scalar.apply1(a[x]));
    }
}
