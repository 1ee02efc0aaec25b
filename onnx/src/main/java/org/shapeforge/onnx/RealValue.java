package org.shapeforge.onnx;

import java.util.Map;
import java.util.OptionalDouble;
import org.shapeforge.term.sym.SymSize;

/**
 * A floating-point number computed from sizes at run time ({@code float(h) * 1.6666667}): the
 * computation itself, as the graph states it, in its precision ({@code single}: float32, each
 * operation rounded to the nearest float as ONNX Runtime's kernels do; else float64). No size
 * relation holds it; it is evaluated exactly at a binding of the dim_params ({@link #at}) and
 * printed ({@link #printed}). {@link RealSize} rounds one to a size. What {@link RealSizes}
 * follows: sizes converted to floating point, scaled (multiplied or divided) by a constant.
 */
public sealed interface RealValue {
    /** An integer of sizes converted to floating point ({@code Cast(Shape(x)[2], FLOAT)}). */
    record Of(SymSize size, boolean single) implements RealValue {}

    /** A constant of the graph (a float initializer or Constant). */
    record Constant(double value) implements RealValue {}

    /** A scaling of the graph: {@code left * right} or {@code left / right}. */
    record Binary(Op op, RealValue left, RealValue right, boolean single) implements RealValue {}

    enum Op {
        MUL("*"), DIV("/");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }
    }

    /** The value at {@code binding} (every dim_param it mentions bound), computed as the graph computes it; empty when a name is unbound. */
    default OptionalDouble at(Map<String, Long> binding) {
        return switch (this) {
            case Of(SymSize s, boolean single) -> {
                if (!binding.keySet().containsAll(s.vars())) yield OptionalDouble.empty();
                long v = s.eval(binding);
                yield OptionalDouble.of(single ? (float) v : (double) v);
            }
            case Constant(double c) -> OptionalDouble.of(c);
            case Binary(Op op, RealValue l, RealValue r, boolean single) -> {
                OptionalDouble a = l.at(binding), b = r.at(binding);
                if (a.isEmpty() || b.isEmpty()) yield OptionalDouble.empty();
                // float32: the float operands' product or quotient in double, rounded once to float, is
                // the correctly rounded float32 result (a double holds more than 2·24 + 2 bits)
                double x = single ? (float) a.getAsDouble() : a.getAsDouble(), y = single ? (float) b.getAsDouble() : b.getAsDouble();
                double v = op == Op.MUL ? x * y : x / y;
                yield OptionalDouble.of(single ? (float) v : v);
            }
        };
    }

    /** As written in gaps: {@code float(height) * 1.6666667461395264}. */
    default String printed() {
        return switch (this) {
            case Of(SymSize s, boolean single) -> (single ? "float(" : "double(") + s + ")";
            case Constant(double c) -> c == Math.rint(c) && Math.abs(c) < 1e15 ? Long.toString((long) c) : Double.toString(c);
            case Binary(Op op, RealValue l, RealValue r, boolean single) -> operand(l) + " " + op.symbol + " " + operand(r);
        };
    }

    private static String operand(RealValue v) {
        return v instanceof Binary ? "(" + v.printed() + ")" : v.printed();
    }
}
