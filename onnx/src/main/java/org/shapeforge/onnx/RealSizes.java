package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Sizes computed in floating point ({@code F.interpolate(x, scale_factor=s)} exported as
 * {@code Floor(Cast(Mul(Cast(Shape(x)[2]), s)))}, a detector's input transform): a known positive
 * float scale of an element that is a size is a real number that no size relation holds, so its
 * value is not followed; only a lower bound is ({@link Emitter#reals}: value name → the least value
 * the element takes when every size is at least 1). Rounding it to an integer — Floor, Ceil, Round,
 * or a Cast to an integer type (truncation, as the value is positive) — gives a size known only at
 * run time where that bound makes it at least 1: an unknown extent named after the node (seed 004),
 * so a Resize to those sizes keeps its other axes and the rest of the graph is inferred. Where the
 * bound does not make it a size (it may be 0), no contents: never a claim the run could break.
 */
final class RealSizes {
    private RealSizes() {}

    /** Mul or Div of a scalar or 1-D size element (or such a real) by a known positive float scalar: records the product's bound. */
    static void scaled(Node n, Emitter e, Tensor out) {
        if (n.inputs().size() != 2 || out.rank() > 1) return;
        boolean div = n.op().equals("Div");
        for (int k = 0; k < 2; k++) {
            if (div && k == 1) break; // only x / c: c / x is no scale of x
            Tensor x = n.input(k), c = n.input(1 - k);
            OptionalDouble scale = scalar(c);
            Optional<Real> low = lowerBound(x, e);
            if (scale.isEmpty() || low.isEmpty() || !(scale.getAsDouble() > 0) || Double.isInfinite(scale.getAsDouble())) continue;
            double s = scale.getAsDouble();
            e.reals.put(out.name(), new Real(div ? low.get().least() / s : low.get().least() * s, low.get().length()));
            return;
        }
    }

    /** Floor, Ceil, Round, or Cast to an integer type of a recorded real: one unknown extent per element, where each is a size. */
    static Optional<List<ShapeValue>> rounded(Node n, Emitter e, Tensor out) {
        Real low = e.reals.get(n.input(0).name());
        if (low == null || out.rank() > 1) return Optional.empty();
        double least = switch (n.op()) {
            case "Ceil" -> Math.ceil(low.least());
            case "Round" -> Math.rint(low.least());
            default -> Math.floor(low.least()); // Floor, and Cast's truncation of a positive value
        };
        if (least < 1) return Optional.empty();
        List<ShapeValue> vs = new ArrayList<>();
        for (int i = 0; i < low.length(); i++)
            vs.add(new ShapeValue.Term(ShapeOps.unknownExtent(e, n, "a size computed in floating point (" + n.op()
                    + " of a size scaled by a float), known only at run time")));
        return Optional.of(vs);
    }

    /** Whether Cast's {@code to} is a floating type (FLOAT, FLOAT16, DOUBLE, BFLOAT16). */
    static boolean toFloat(Node n) {
        long to = n.attrs().i("to", 0);
        return to == 1 || to == 10 || to == 11 || to == 16;
    }

    /** The least value of {@code x}'s elements: a recorded real's bound, 1 for size elements (every element a form at least 1). */
    private static Optional<Real> lowerBound(Tensor x, Emitter e) {
        Real real = e.reals.get(x.name());
        if (real != null) return Optional.of(real);
        var c = x.contents();
        if (c.isEmpty() || c.get().isEmpty() || c.get().size() > ShapeOps.MAX_FOLDED || x.rank() > 1) return Optional.empty();
        for (ShapeValue v : c.get()) if (!SizeForm.of(v).atLeast(1)) return Optional.empty();
        return Optional.of(new Real(1, c.get().size()));
    }

    /** A float tensor of {@code length} elements computed from sizes, each at least {@code least}. */
    record Real(double least, int length) {}

    private static OptionalDouble scalar(Tensor t) {
        if (t.floats().isPresent() && t.floats().get().length == 1) return OptionalDouble.of(t.floats().get()[0]);
        return OptionalDouble.empty();
    }
}
