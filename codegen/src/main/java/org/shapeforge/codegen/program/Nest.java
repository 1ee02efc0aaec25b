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
        StridedReference.Combine combine) {

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
        // odometer over the outer factors; the innermost runs as one loop
        while (true) {
            innermost(point, cell, stride, checked, last, lo[last], hi[last]);
            int f = last - 1;
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
