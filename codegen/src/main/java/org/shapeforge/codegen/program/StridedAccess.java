package org.shapeforge.codegen.program;

import java.util.List;
import java.util.Map;
import org.shapeforge.project.Index;

/**
 * One access's index maps (seed 003 Def. 7.5's {@code π_T}) compiled once for {@link StridedReference},
 * read directly from the projections (not from the loop IR): when no index is a Concat or an
 * External, the row-major cell is affine in the point, {@code base + Σ_f stride[f]·point[f]}, so the
 * interpreter keeps it up to date by adding a stride as a factor advances.
 *
 * <p>{@code checked}: some axis can leave its extent somewhere in the product space (a Fixed or
 * Affine index with an offset — a padded margin — or an Iter over a factor longer than the axis);
 * its axes' ranges over the whole box {@code 0..extent−1} decide it once. A checked access is
 * evaluated per point axis by axis ({@link #cell}) and a position outside the extent is a margin
 * ({@code −1}): a read of 0, or an LHS cell that is skipped — as in {@link ProgramReference}.
 *
 * @param coeffFactor per axis, the factors with a nonzero coefficient
 * @param coeff per axis, those coefficients
 * @param offset per axis, the constant term
 * @param dims the tensor's dims
 */
record StridedAccess(long base, long[] stride, boolean checked, int[][] coeffFactor, long[][] coeff, long[] offset, int[] dims) {

    /** The access of {@code ix}, or null when an index is not affine in the factors (Concat, External, an unknown symbol). */
    static StridedAccess of(List<Index> ix, List<Integer> dimList, Map<String, Integer> slot, long[] extent) {
        int rank = ix.size(), n = extent.length;
        int[] dims = dimList.stream().mapToInt(Integer::intValue).toArray();
        if (dims.length != rank) return null;
        int[][] cf = new int[rank][];
        long[][] cc = new long[rank][];
        long[] off = new long[rank];
        for (int a = 0; a < rank; a++) {
            long[] dense = new long[n];
            switch (ix.get(a)) {
                case Index.Iter(var s) -> {
                    Integer f = slot.get(s);
                    if (f == null) return null;
                    dense[f] = 1;
                }
                case Index.Fixed(var c) -> off[a] = c;
                case Index.Affine(var terms, var o) -> {
                    for (Index.Term t : terms) {
                        Integer f = slot.get(t.symbol());
                        if (f == null) return null;
                        dense[f] += t.coeff();
                    }
                    off[a] = o;
                }
                case Index.Concat c -> {
                    return null;
                }
                case Index.External e -> {
                    return null;
                }
            }
            int k = 0;
            for (long c : dense) if (c != 0) k++;
            cf[a] = new int[k];
            cc[a] = new long[k];
            k = 0;
            for (int f = 0; f < n; f++)
                if (dense[f] != 0) {
                    cf[a][k] = f;
                    cc[a][k++] = dense[f];
                }
        }
        // row-major strides of the axes, then of the factors
        long[] axisStride = new long[rank];
        long s = 1;
        for (int a = rank - 1; a >= 0; a--) {
            axisStride[a] = s;
            s *= dims[a];
        }
        long base = 0;
        long[] stride = new long[n];
        boolean checked = false;
        for (int a = 0; a < rank; a++) {
            base += off[a] * axisStride[a];
            long lo = off[a], hi = off[a];
            for (int k = 0; k < cf[a].length; k++) {
                long c = cc[a][k], span = c * (extent[cf[a][k]] - 1);
                stride[cf[a][k]] += c * axisStride[a];
                if (span < 0) lo += span;
                else hi += span;
            }
            if (lo < 0 || hi >= dims[a]) checked = true;
        }
        return new StridedAccess(base, stride, checked, cf, cc, off, dims);
    }

    /** The row-major cell at {@code point}, or −1 when an axis position is outside its extent (checked accesses). */
    long cell(long[] point) {
        long cell = 0;
        boolean outside = false;
        for (int a = 0; a < dims.length; a++) {
            long x = offset[a];
            int[] fs = coeffFactor[a];
            long[] cs = coeff[a];
            for (int k = 0; k < fs.length; k++) x += cs[k] * point[fs[k]];
            if (x < 0 || x >= dims[a]) outside = true;
            cell = cell * dims[a] + x;
        }
        return outside ? -1 : cell;
    }
}
