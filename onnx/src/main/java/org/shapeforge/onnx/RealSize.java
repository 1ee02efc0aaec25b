package org.shapeforge.onnx;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * A size computed in floating point from the dim_params and rounded to an integer
 * ({@code Floor(Cast(Mul(Cast(Shape(x)[2]), 1.6666667)))}, a detector's resize to a computed size):
 * determined by the dim_params, but by a rounding of real arithmetic that no size relation states,
 * so the solver sees an extent of its own ({@link Gap.Kind#COMPUTED}) and this definition is kept
 * beside it: evaluated exactly at a binding ({@link #at}, the conformance check's test point) and
 * printed in the import's gaps.
 *
 * @param rounding how the graph makes it an integer
 * @param value    the floating-point computation
 */
public record RealSize(Rounding rounding, RealValue value) {
    /** Floor, Ceil, Round (half to even, ONNX's) or a Cast to an integer type (truncation). */
    public enum Rounding {
        FLOOR("floor"), CEIL("ceil"), ROUND("round"), TRUNC("trunc");

        final String word;

        Rounding(String word) {
            this.word = word;
        }
    }

    /** The size at {@code binding}; empty when a name is unbound or the value is not finite. */
    public OptionalLong at(Map<String, Long> binding) {
        OptionalDouble v = value.at(binding);
        if (v.isEmpty() || !Double.isFinite(v.getAsDouble())) return OptionalLong.empty();
        double x = v.getAsDouble();
        return OptionalLong.of((long) switch (rounding) {
            case FLOOR -> Math.floor(x);
            case CEIL -> Math.ceil(x);
            case ROUND -> Math.rint(x);
            case TRUNC -> x < 0 ? Math.ceil(x) : Math.floor(x);
        });
    }

    /** {@code floor(float(height) * 1.6666667461395264)}. */
    public String printed() {
        return rounding.word + "(" + value.printed() + ")";
    }
}
