package org.shapeforge.codegen.program;

import java.util.Optional;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.shapeforge.program.OpKind;
import org.shapeforge.program.ScalarOp;

/**
 * A point's scalar operation (seed 003 Def. 7.5) resolved once for {@link StridedReference}: the
 * same meaning as {@link ProgramReference}'s per-point dispatch — a softmax's {@code exp(a − m)} and
 * {@code e / s}; a pointwise unary or binary function; the product of the operands of a compose or
 * einsum (from 1, left to right); otherwise the first operand.
 */
sealed interface Scalar {
    record Product(int arity) implements Scalar {}

    record Unary(DoubleUnaryOperator f) implements Scalar {}

    record Binary(DoubleBinaryOperator f) implements Scalar {}

    record First() implements Scalar {}

    static Scalar of(OpKind kind, Optional<ScalarOp> s, int arity) {
        if (s.equals(Optional.of(ScalarOp.Builtin.SOFTMAX_EXP_SUB))) return new Binary((a, m) -> Math.exp(a - m));
        if (s.equals(Optional.of(ScalarOp.Builtin.SOFTMAX_DIVIDE))) return new Binary((e, z) -> e / z);
        return switch (kind) {
            case POINTWISE -> arity == 2 ? new Binary(ProgramReference.binary(s)) : new Unary(ProgramReference.unary(s));
            case COMPOSE, EINSUM -> new Product(arity);
            default -> new First();
        };
    }

    /** The value at one point from the operands' values there. */
    default double apply(double[] v) {
        return switch (this) {
            case Product(var n) -> {
                double r = 1;
                for (double x : v) r *= x;
                yield r;
            }
            case Unary(var f) -> f.applyAsDouble(v[0]);
            case Binary(var f) -> f.applyAsDouble(v[0], v[1]);
            case First() -> v[0];
        };
    }

    /** {@link #apply} of a single operand. */
    default double apply1(double x) {
        return switch (this) {
            case Unary(var f) -> f.applyAsDouble(x);
            case First() -> x;
            case Product(var n) -> 1 * x;
            case Binary b -> apply(new double[] {x});
        };
    }
}
