package org.shapeforge.codegen.ir;

import java.util.List;
import java.util.Objects;

/**
 * A tensor participating in an operation: its logical (unpadded) dims, row-major in the order
 * projection inference flattens rows ({@code batch @ output @ input}), and per-axis margins.
 *
 * <p><b>Padding contract</b> (seed 000, "Convolutions": "padding lives in the buffers, not in
 * shapes"): the buffer carries the margins, as OCANNL's does. Its physical extent on axis a is
 * {@code left_a + dims_a + right_a}; logical coordinate x lives at physical {@code x + left_a}; every
 * margin cell holds {@link #padValue()} (the runtime fills margins when it allocates or uploads a
 * buffer; kernels never write them). Choosing the pad value is the producer's business: 0 for a
 * sum of products (convolution), −∞ for max pooling. Margins come from Prop. 8.1 (the max over the
 * operations addressing the axis of their kernel extents).
 */
public record TensorDecl(String name, List<Integer> dims, List<Margin> margins, double padValue) {
    public TensorDecl {
        Objects.requireNonNull(name, "name");
        dims = List.copyOf(dims);
        margins = List.copyOf(margins);
        if (margins.size() != dims.size())
            throw new IllegalArgumentException("tensor " + name + ": " + dims.size() + " dims but " + margins.size() + " margins");
        for (int d : dims) if (d < 1) throw new IllegalArgumentException("tensor " + name + ": dims must be >= 1, got " + dims);
    }

    /** An unpadded tensor. */
    public static TensorDecl of(String name, List<Integer> dims) {
        return new TensorDecl(name, dims, dims.stream().map(d -> Margin.NONE).toList(), 0.0);
    }

    public int rank() { return dims.size(); }

    /** Physical extent of axis a (margins included). */
    public int physical(int a) {
        return margins.get(a).left() + dims.get(a) + margins.get(a).right();
    }

    /** Row-major element stride of axis a in the physical buffer. */
    public long stride(int a) {
        long s = 1;
        for (int b = a + 1; b < rank(); b++) s *= physical(b);
        return s;
    }

    /** Logical element count. */
    public long size() {
        long n = 1;
        for (int d : dims) n = Math.multiplyExact(n, d);
        return n;
    }

    /** Physical element count (margins included). */
    public long physicalSize() {
        long n = 1;
        for (int a = 0; a < rank(); a++) n = Math.multiplyExact(n, physical(a));
        return n;
    }

    public boolean padded() {
        return margins.stream().anyMatch(m -> m.left() > 0 || m.right() > 0);
    }

    /** Margin widths of one axis, in elements. */
    public record Margin(int left, int right) {
        public static final Margin NONE = new Margin(0, 0);

        public Margin {
            if (left < 0 || right < 0) throw new IllegalArgumentException("negative margin " + left + "," + right);
        }
    }
}
