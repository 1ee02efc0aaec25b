package org.shapeforge.codegen.run;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import org.shapeforge.codegen.ir.TensorDecl;

/**
 * Off-heap float buffers laid out as {@link TensorDecl} says: physical extents include the margins,
 * which hold the tensor's pad value; logical values are stored at their physical positions.
 */
public final class Buffers {
    private Buffers() {}

    /** Values converted per bulk copy (a float staging array this long). */
    private static final int CHUNK = 1 << 14;

    /**
     * A buffer for {@code t}: margins hold the pad value, the logical cells {@code h} (or {@code fill}
     * when h is null). An unpadded tensor is one contiguous copy; a padded one is copied a logical
     * row (the innermost axis, contiguous in both layouts) at a time, the row's physical offset
     * stepped like an odometer. The per-cell index arithmetic of the first version cost more than
     * the kernels it fed (resnet18: 85% of a run).
     */
    public static MemorySegment upload(TensorDecl t, HostTensor h, double fill, Arena arena) {
        if (h != null && !h.dims().equals(t.dims()))
            throw new CodegenException("tensor " + t.name() + ": given dims " + h.dims() + ", expected " + t.dims());
        long physical = t.physicalSize();
        MemorySegment seg = arena.allocate(ValueLayout.JAVA_FLOAT, Math.max(1, physical)); // zeroed by the arena
        if (t.padded() && t.padValue() != 0) {
            float pad = (float) t.padValue();
            for (long i = 0; i < physical; i++) seg.setAtIndex(ValueLayout.JAVA_FLOAT, i, pad);
        }
        if (h == null && fill == 0) return seg;
        Rows rows = new Rows(t);
        float[] buf = new float[(int) Math.min(CHUNK, Math.max(1, rows.length))];
        double[] d = h == null ? null : h.data();
        for (long r = 0; r < rows.count; r++) {
            long base = r * rows.length, at = rows.offset();
            for (long j = 0; j < rows.length; j += buf.length) {
                int n = (int) Math.min(buf.length, rows.length - j);
                if (d == null) Arrays.fill(buf, 0, n, (float) fill);
                else for (int q = 0; q < n; q++) buf[q] = (float) d[(int) (base + j + q)];
                MemorySegment.copy(buf, 0, seg, ValueLayout.JAVA_FLOAT, (at + j) * 4, n);
            }
            rows.next();
        }
        return seg;
    }

    /** The logical cells of a buffer, copied as {@link #upload} writes them. */
    public static HostTensor download(TensorDecl t, MemorySegment seg) {
        HostTensor h = HostTensor.zeros(t.dims());
        Rows rows = new Rows(t);
        float[] buf = new float[(int) Math.min(CHUNK, Math.max(1, rows.length))];
        double[] d = h.data();
        for (long r = 0; r < rows.count; r++) {
            long base = r * rows.length, at = rows.offset();
            for (long j = 0; j < rows.length; j += buf.length) {
                int n = (int) Math.min(buf.length, rows.length - j);
                MemorySegment.copy(seg, ValueLayout.JAVA_FLOAT, (at + j) * 4, buf, 0, n);
                for (int q = 0; q < n; q++) d[(int) (base + j + q)] = buf[q];
            }
            rows.next();
        }
        return h;
    }

    /**
     * The contiguous runs of a tensor's logical cells in its physical buffer: the whole tensor when
     * it has no margins, else one per logical row, visited in row-major order with the physical
     * offset kept by an odometer over the outer axes.
     */
    private static final class Rows {
        final long count, length;
        private final TensorDecl t;
        private final int[] ix;
        private final int outer;

        Rows(TensorDecl t) {
            this.t = t;
            boolean flat = !t.padded() || t.rank() == 0;
            this.length = flat ? t.size() : t.dims().getLast();
            this.count = flat ? 1 : t.size() / length;
            this.outer = flat ? 0 : t.rank() - 1;
            this.ix = new int[t.rank()];
        }

        long offset() {
            return physical(t, ix);
        }

        void next() {
            for (int a = outer - 1; a >= 0; a--) {
                if (++ix[a] < t.dims().get(a)) return;
                ix[a] = 0;
            }
        }
    }

    /** The physical element offset of a logical multi-index. */
    public static long physical(TensorDecl t, int[] ix) {
        long off = 0;
        for (int a = 0; a < t.rank(); a++) off = off * t.physical(a) + ix[a] + t.margins().get(a).left();
        return off;
    }

}
