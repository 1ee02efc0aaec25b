package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.shapeforge.term.sym.SymSize;

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

    /** Mul or Div of a scalar or 1-D size element (or such a real) by a known positive float scalar: records the product's bound and computation. */
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
            Optional<List<RealValue>> values = low.get().values().map(vs -> vs.stream().<RealValue>map(v -> new RealValue.Binary(
                    div ? RealValue.Op.DIV : RealValue.Op.MUL, v, new RealValue.Constant(s), single(v))).toList());
            e.reals.put(out.name(), new Real(div ? low.get().least() / s : low.get().least() * s, low.get().length(), values));
            return;
        }
    }

    /**
     * Cast of integer size elements to FLOAT or DOUBLE: the same numbers as reals (their contents
     * stay the integers), so a scale of them has its computation ({@link RealValue.Of}).
     */
    static void converted(Node n, Emitter e, Tensor out) {
        long to = n.attrs().i("to", 0);
        var c = n.input(0).contents();
        if ((to != 1 && to != 11) || c.isEmpty() || c.get().isEmpty() || c.get().size() > ShapeOps.MAX_FOLDED || out.rank() > 1) return;
        List<RealValue> vs = new ArrayList<>();
        for (ShapeValue v : c.get()) {
            SizeForm f = ShapeTerms.form(e, v);
            Optional<SymSize> sym = SizeOrder.sym(f, 0);
            if (sym.isEmpty() || !f.atLeast(1)) return;
            vs.add(new RealValue.Of(sym.get(), to == 1));
        }
        e.reals.put(out.name(), new Real(1, vs.size(), Optional.of(List.copyOf(vs))));
    }

    /**
     * Floor, Ceil, Round, or Cast to an integer type of a recorded real: per element, its number
     * where the computation mentions no dim_param (a static input), else an extent known only at
     * run time, {@link Gap.Kind#COMPUTED} with the computation where the graph gives it, where each
     * is a size.
     */
    static Optional<List<ShapeValue>> rounded(Node n, Emitter e, Tensor out) {
        Real low = e.reals.get(n.input(0).name());
        if (low == null || out.rank() > 1) return Optional.empty();
        RealSize.Rounding rounding = switch (n.op()) {
            case "Ceil" -> RealSize.Rounding.CEIL;
            case "Round" -> RealSize.Rounding.ROUND;
            case "Floor" -> RealSize.Rounding.FLOOR;
            default -> RealSize.Rounding.TRUNC; // Cast's truncation
        };
        double least = switch (rounding) {
            case CEIL -> Math.ceil(low.least());
            case ROUND -> Math.rint(low.least());
            default -> Math.floor(low.least()); // Floor, and Cast's truncation of a positive value
        };
        if (least < 1) return Optional.empty();
        List<ShapeValue> vs = new ArrayList<>();
        for (int i = 0; i < low.length(); i++) {
            String why = "a size computed in floating point (" + n.op() + " of a size scaled by a float), known only at run time";
            if (low.values().isEmpty()) {
                vs.add(new ShapeValue.Term(ShapeOps.unknownExtent(e, n, why)));
                continue;
            }
            RealSize size = new RealSize(rounding, low.values().get().get(i));
            OptionalLong fixed = size.at(Map.of());
            if (fixed.isPresent()) vs.add(new ShapeValue.Known(fixed.getAsLong()));
            else vs.add(new ShapeValue.Term(ShapeOps.computedExtent(e, n, size, "a size computed in floating point from the"
                    + " dim_params (" + n.op() + "), exact at every binding by its computation; no size relation states it")));
        }
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
        return Optional.of(new Real(1, c.get().size(), Optional.empty()));
    }

    /** Whether {@code v} is computed in float32 (its sizes converted to FLOAT). */
    private static boolean single(RealValue v) {
        return switch (v) {
            case RealValue.Of(var s, boolean single) -> single;
            case RealValue.Constant c -> true;
            case RealValue.Binary(var op, var l, var r, boolean single) -> single;
        };
    }

    /**
     * A float tensor of {@code length} elements computed from sizes, each at least {@code least},
     * and, where the graph's operations are followed ({@link #converted}), each element's computation.
     */
    record Real(double least, int length, Optional<List<RealValue>> values) {
        Real {
            values = values.map(List::copyOf);
        }
    }

    private static OptionalDouble scalar(Tensor t) {
        if (t.floats().isPresent() && t.floats().get().length == 1) return OptionalDouble.of(t.floats().get()[0]);
        return OptionalDouble.empty();
    }
}
