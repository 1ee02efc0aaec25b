package org.shapeforge.codegen.reference;

import org.shapeforge.codegen.run.HostTensor;

/**
 * The comparison of a computed tensor with the reference: the largest absolute difference and the
 * normwise relative error {@code max|got − ref| / max|ref|} (per-element relative errors are
 * meaningless next to zero). Infinities must match exactly; a NaN anywhere is an infinite error.
 */
public record Errors(double maxAbs, double maxRel) {

    public static Errors compare(HostTensor got, HostTensor ref) {
        if (!got.dims().equals(ref.dims()))
            throw new IllegalArgumentException("dims differ: " + got.dims() + " vs reference " + ref.dims());
        double abs = 0, scale = 0;
        for (int i = 0; i < ref.data().length; i++) {
            double g = got.data()[i], r = ref.data()[i];
            if (Double.isInfinite(r) || Double.isInfinite(g)) {
                if (g != r) abs = Double.POSITIVE_INFINITY;
                continue;
            }
            double d = Math.abs(g - r);
            if (Double.isNaN(d)) d = Double.POSITIVE_INFINITY;
            abs = Math.max(abs, d);
            scale = Math.max(scale, Math.abs(r));
        }
        return new Errors(abs, scale == 0 ? abs : abs / scale);
    }

    /** Within a relative tolerance (normwise). */
    public boolean within(double rel) {
        return maxRel <= rel;
    }
}
