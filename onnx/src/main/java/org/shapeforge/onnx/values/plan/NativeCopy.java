package org.shapeforge.onnx.values.plan;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.Buffers;

/**
 * The copies a replay makes: doubles into and out of a float buffer (a graph input in, a graph
 * output out, converted a chunk at a time through a float staging array, as {@code Buffers} does),
 * and an unpadded float buffer into the interior of a padded one, a logical row at a time, native
 * to native.
 */
final class NativeCopy {
    private NativeCopy() {}

    private static final int CHUNK = 1 << 14;

    /** Writes {@code src} as floats into the first {@code src.length} floats of {@code dst}. */
    static void write(double[] src, MemorySegment dst) {
        float[] buf = new float[Math.min(CHUNK, Math.max(1, src.length))];
        for (int j = 0; j < src.length; j += buf.length) {
            int n = Math.min(buf.length, src.length - j);
            for (int q = 0; q < n; q++) buf[q] = (float) src[j + q];
            MemorySegment.copy(buf, 0, dst, ValueLayout.JAVA_FLOAT, (long) j * 4, n);
        }
    }

    /** Writes {@code src} into the first {@code src.length} floats of {@code dst}. */
    static void write(float[] src, MemorySegment dst) {
        MemorySegment.copy(src, 0, dst, ValueLayout.JAVA_FLOAT, 0, src.length);
    }

    /** The first {@code n} floats of {@code src} as doubles. */
    static double[] read(MemorySegment src, int n) {
        double[] out = new double[n];
        float[] buf = new float[Math.min(CHUNK, Math.max(1, n))];
        for (int j = 0; j < n; j += buf.length) {
            int c = Math.min(buf.length, n - j);
            MemorySegment.copy(src, ValueLayout.JAVA_FLOAT, (long) j * 4, buf, 0, c);
            for (int q = 0; q < c; q++) out[j + q] = buf[q];
        }
        return out;
    }

    /** Fills the first {@code n} floats of {@code dst} with {@code v}. */
    static void fill(MemorySegment dst, long n, float v) {
        for (long i = 0; i < n; i++) dst.setAtIndex(ValueLayout.JAVA_FLOAT, i, v);
    }

    /**
     * Copies the logical cells of {@code decl} from an unpadded row-major buffer into the interior of a
     * buffer laid out with {@code decl}'s margins (which the copy leaves as they are). The
     * destination offsets of the rows are computed once.
     */
    record Padded(MemorySegment from, MemorySegment to, long[] rowOffsets, int rowLength) {
        static Padded of(TensorDecl decl, MemorySegment from, MemorySegment to) {
            int rank = decl.rank();
            int length = decl.dims().get(rank - 1);
            long rows = decl.size() / length;
            long[] offsets = new long[Math.toIntExact(rows)];
            int[] ix = new int[rank];
            for (int r = 0; r < offsets.length; r++) {
                offsets[r] = Buffers.physical(decl, ix);
                for (int a = rank - 2; a >= 0; a--) {
                    if (++ix[a] < decl.dims().get(a)) break;
                    ix[a] = 0;
                }
            }
            return new Padded(from, to, offsets, length);
        }

        void run() {
            long bytes = 4L * rowLength;
            for (int r = 0; r < rowOffsets.length; r++)
                MemorySegment.copy(from, r * bytes, to, rowOffsets[r] * 4, bytes);
        }
    }
}
