package org.shapeforge.codegen.run;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.shapeforge.codegen.ir.TensorDecl;

/**
 * Off-heap float buffers laid out as {@link TensorDecl} says: physical extents include the margins,
 * which hold the tensor's pad value; logical values are stored at their physical positions.
 */
public final class Buffers {
    private Buffers() {}

    /** A buffer for {@code t}: margins hold the pad value, the logical cells {@code h} (or {@code fill} when h is null). */
    public static MemorySegment upload(TensorDecl t, HostTensor h, double fill, Arena arena) {
        if (h != null && !h.dims().equals(t.dims()))
            throw new CodegenException("tensor " + t.name() + ": given dims " + h.dims() + ", expected " + t.dims());
        MemorySegment seg = arena.allocate(ValueLayout.JAVA_FLOAT, Math.max(1, t.physicalSize()));
        seg.fill((byte) 0);
        if (t.padded()) for (long i = 0; i < t.physicalSize(); i++) seg.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) t.padValue());
        int[] ix = new int[t.rank()];
        for (int flat = 0; flat < t.size(); flat++) {
            unflatten(flat, t.dims(), ix);
            seg.setAtIndex(ValueLayout.JAVA_FLOAT, physical(t, ix), (float) (h == null ? fill : h.data()[flat]));
        }
        return seg;
    }

    /** The logical cells of a buffer. */
    public static HostTensor download(TensorDecl t, MemorySegment seg) {
        HostTensor h = HostTensor.zeros(t.dims());
        int[] ix = new int[t.rank()];
        for (int flat = 0; flat < t.size(); flat++) {
            unflatten(flat, t.dims(), ix);
            h.data()[flat] = seg.getAtIndex(ValueLayout.JAVA_FLOAT, physical(t, ix));
        }
        return h;
    }

    /** The physical element offset of a logical multi-index. */
    public static long physical(TensorDecl t, int[] ix) {
        long off = 0;
        for (int a = 0; a < t.rank(); a++) off = off * t.physical(a) + ix[a] + t.margins().get(a).left();
        return off;
    }

    private static void unflatten(int flat, List<Integer> dims, int[] ix) {
        for (int a = dims.size() - 1; a >= 0; a--) {
            ix[a] = flat % dims.get(a);
            flat /= dims.get(a);
        }
    }
}
