package org.shapeforge.program.spec;

import java.util.List;
import java.util.Optional;

/**
 * One axis entry of an OCANNL spec ({@code tensor/einsum_types.ml}'s {@code axis_spec}). Each
 * carries its 0-based column inside the spec string, for error messages.
 */
public sealed interface AxisSpec {
    int column();

    /** A label: an axis variable shared by every slot of the spec that names it. */
    record Label(String name, int column) implements AxisSpec {}

    /** A digit run: a fixed index {@code i} (a fresh variable with At_least_dim {@code i+1}). */
    record Fixed(int index, int column) implements AxisSpec {}

    /**
     * {@code stride*over[=|<][+offset][+[dilation*]kernel]}: without a kernel a strided iteration
     * ({@code 2*i+1}); with one a convolution, padded ({@code =}) or valid ({@code <}).
     */
    record Affine(int stride, String over, Optional<String> kernel, int dilation, boolean padding, int offset,
            int column) implements AxisSpec {}

    /** {@code a^b^c}: one axis whose size is the sum of the parts' sizes. */
    record Concat(List<String> parts, int column) implements AxisSpec {
        public Concat {
            parts = List.copyOf(parts);
        }
    }
}
