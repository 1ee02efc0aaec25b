package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.term.Dim;

/**
 * One element of an integer tensor computed from shapes at import time ({@code Shape}'s output and
 * what {@link Contents} makes of it): a known integer, or a dimension term — the size of some
 * tensor's axis, possibly symbolic ({@code dim_param}s, sizes the solver decides). Reshape and
 * Expand read such a target element by element, so {@code Reshape(x, Concat(Gather(Shape(x), 0),
 * [-1]))} keeps x's batch axis as the very same term (onnxruntime's symbolic shape inference does
 * the same propagation).
 */
sealed interface ShapeValue {
    record Known(long value) implements ShapeValue {}

    record Term(Dim dim) implements ShapeValue {}

    /**
     * A product of sizes ({@code Mul} of terms, PyTorch's {@code x.size(0) * x.size(1)}), kept as its
     * factors so that a Reshape's element count cancels them against its input's axes
     * ({@code batch·4·6 = (batch·4)·y} leaves {@code y = 6}).
     */
    record Product(List<Dim> factors) implements ShapeValue {
        public Product {
            factors = List.copyOf(factors);
        }
    }

    /**
     * Any other integer computed from sizes ({@code (seq + 1) // 2}, {@code h - 2}): a linear form
     * over sizes, products and floor divisions ({@link SizeForm}); an axis reading it is a size
     * defined by that expression.
     */
    record Linear(SizeForm form) implements ShapeValue {}

    /** The element for an axis of size term {@code d}: a ground atom or the unit is known. */
    static ShapeValue of(Dim d) {
        return switch (d) {
            case Dim.Atom a -> new Known(a.size());
            case Dim.Unit u -> new Known(1);
            default -> new Term(d);
        };
    }

    static List<ShapeValue> known(long[] v) {
        List<ShapeValue> out = new ArrayList<>(v.length);
        for (long x : v) out.add(new Known(x));
        return out;
    }

    /** The integers, when every element is known. */
    static Optional<long[]> ints(List<ShapeValue> vs) {
        long[] out = new long[vs.size()];
        for (int i = 0; i < out.length; i++) {
            if (!(vs.get(i) instanceof Known(long v))) return Optional.empty();
            out[i] = v;
        }
        return Optional.of(out);
    }
}
