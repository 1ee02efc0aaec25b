package org.shapeforge.onnx;

import java.util.Map;
import java.util.OptionalDouble;
import org.shapeforge.term.sym.SymSize;

/**
 * A floating-point number computed from sizes at run time ({@code float(h) * 1.6666667},
 * {@code min(800 / float(h), 1333 / float(w))}): the computation itself, as the graph states it, in
 * its precision ({@code single}: float32, each operation rounded to the nearest float as ONNX
 * Runtime's kernels do; else float64). No size relation holds it; it is evaluated exactly at a
 * binding of the dim_params ({@link #at}) and printed ({@link #printed}). {@link RealSize} rounds
 * one to a size.
 */
public sealed interface RealValue {
    /** An integer of sizes converted to floating point ({@code Cast(Shape(x)[2], FLOAT)}). */
    record Of(SymSize size, boolean single) implements RealValue {}

    /** A constant of the graph (a float initializer or Constant). */
    record Constant(double value) implements RealValue {}

    /** A binary operation of the graph on two such numbers. */
    record Binary(Op op, RealValue left, RealValue right, boolean single) implements RealValue {}

    /** 1 / x ({@code Reciprocal}). */
    record Reciprocal(RealValue x, boolean single) implements RealValue {}

    enum Op {
        ADD("+"), SUB("-"), MUL("*"), DIV("/"), MIN("min"), MAX("max");

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
            case Reciprocal(RealValue x, boolean single) -> {
                OptionalDouble a = x.at(binding);
                yield a.isEmpty() ? a : OptionalDouble.of(single ? 1f / (float) a.getAsDouble() : 1 / a.getAsDouble());
            }
            case Binary(Op op, RealValue l, RealValue r, boolean single) -> {
                OptionalDouble a = l.at(binding), b = r.at(binding);
                if (a.isEmpty() || b.isEmpty()) yield OptionalDouble.empty();
                yield OptionalDouble.of(single ? apply(op, (float) a.getAsDouble(), (float) b.getAsDouble())
                        : apply(op, a.getAsDouble(), b.getAsDouble()));
            }
        };
    }

    private static double apply(Op op, double a, double b) {
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> a / b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
        };
    }

    /** float32 arithmetic: the operands are floats, the result rounded to the nearest float. */
    private static float apply(Op op, float a, float b) {
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> a / b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
        };
    }

    /** As written in gaps: {@code float(height) * 1.6666667461395264}, {@code min(800 / float(h), 1333 / float(w))}. */
    default String printed() {
        return switch (this) {
            case Of(SymSize s, boolean single) -> (single ? "float(" : "double(") + s + ")";
            case Constant(double c) -> c == Math.rint(c) && Math.abs(c) < 1e15 ? Long.toString((long) c) : Double.toString(c);
            case Reciprocal(RealValue x, boolean single) -> "1 / " + operand(x);
            case Binary(Op op, RealValue l, RealValue r, boolean single) -> op == Op.MIN || op == Op.MAX
                    ? op.symbol + "(" + l.printed() + ", " + r.printed() + ")"
                    : operand(l) + " " + op.symbol + " " + operand(r);
        };
    }

    private static String operand(RealValue v) {
        return v instanceof Binary(Op op, var l, var r, var s) && op != Op.MIN && op != Op.MAX || v instanceof Reciprocal
                ? "(" + v.printed() + ")" : v.printed();
    }
}
