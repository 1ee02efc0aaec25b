package org.shapeforge.codegen.ir;

import java.util.OptionalDouble;

/**
 * Binary scalar operations (Pointwise_bin) and accumulators. An accumulator needs a neutral element
 * (Prop. 7.6(iii): the initialization value); SUB, DIV, POW, MASK and the remainders have none and cannot
 * accumulate. MOD is the floored remainder ({@code x − y·floor(x / y)}: the divisor's sign, NumPy's
 * {@code mod}, ONNX Mod with {@code fmod = 0}); FMOD the truncated one (C's {@code fmod}: the
 * dividend's sign). POW is C's {@code pow} ({@code powf}; NumPy's {@code power} and ONNX Pow on
 * floats): a negative base with an integral exponent is finite, with the exponent's parity as sign;
 * a negative finite base with a non-integral exponent is NaN; {@code pow(x, 0) = 1} for every x,
 * NaN included. MASK keeps its right operand where the left one is nonzero and is 0 elsewhere
 * ({@code a ≠ 0 ? b : 0}): a selection that, unlike {@code a·b}, gives 0 for an infinite or NaN
 * {@code b} under {@code a = 0} (ONNX Where over a −∞ attention mask).
 */
public enum BinOp {
    ADD, SUB, MUL, DIV, MAX, MIN, MOD, FMOD, POW, MASK;

    /** The neutral element e with {@code e op x = x}, when the operation can accumulate. */
    public OptionalDouble neutral() {
        return switch (this) {
            case ADD -> OptionalDouble.of(0);
            case MUL -> OptionalDouble.of(1);
            case MAX -> OptionalDouble.of(Double.NEGATIVE_INFINITY);
            case MIN -> OptionalDouble.of(Double.POSITIVE_INFINITY);
            case SUB, DIV, MOD, FMOD, POW, MASK -> OptionalDouble.empty();
        };
    }

    /** The mathematical definition, in double precision. */
    public double apply(double a, double b) {
        return switch (this) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> a / b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
            case MOD -> a - b * Math.floor(a / b);
            case FMOD -> a % b; // Java's % on doubles is C's fmod
            // C's pow: Java's Math.pow agrees but for pow(1, y) and pow(−1, ±∞), which C makes 1 (C99 F.9.4.4)
            case POW -> a == 1 || a == -1 && Double.isInfinite(b) ? 1 : Math.pow(a, b);
            case MASK -> a != 0 ? b : 0;
        };
    }
}
