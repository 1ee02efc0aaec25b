package org.shapeforge.codegen.ir;

/**
 * Unary scalar operations (Pointwise_un). Emitters map each to an intrinsic through a table (C99's
 * {@code <math.h>}, which CUDA's device library mirrors name for name). {@code ROUND} rounds half
 * to even ({@code rintf} under the default rounding mode: ONNX Round, NumPy's {@code round});
 * {@code STEP} is the Heaviside step with H(0) = 0 and H(NaN) = 0 ({@code x > 0}), so that
 * {@code STEP(a − b)} is exactly {@code a > b} on floats (a − b is 0 only when a = b, by gradual
 * underflow, and NaN when either is); {@code SIGN} is −1, 0 or 1 (NaN: 0); {@code ISNAN} and
 * {@code ISINF} are 1 or 0.
 */
public enum UnOp {
    ID, NEG, RELU, EXP, LOG, SQRT, TANH, RECIP, ABS, SIGMOID,
    FLOOR, CEIL, ROUND, SIGN, STEP, ISNAN, ISINF,
    SIN, COS, TAN, ASIN, ACOS, ATAN, SINH, COSH, ASINH, ACOSH, ATANH;

    /** The mathematical definition, in double precision (used by checks, never by emitters). */
    public double apply(double x) {
        return switch (this) {
            case ID -> x;
            case NEG -> -x;
            case RELU -> x > 0 ? x : 0;
            case EXP -> Math.exp(x);
            case LOG -> Math.log(x);
            case SQRT -> Math.sqrt(x);
            case TANH -> Math.tanh(x);
            case RECIP -> 1 / x;
            case ABS -> Math.abs(x);
            case SIGMOID -> 1 / (1 + Math.exp(-x));
            case FLOOR -> Math.floor(x);
            case CEIL -> Math.ceil(x);
            case ROUND -> Math.rint(x);
            case SIGN -> x > 0 ? 1 : x < 0 ? -1 : 0;
            case STEP -> x > 0 ? 1 : 0;
            case ISNAN -> Double.isNaN(x) ? 1 : 0;
            case ISINF -> Double.isInfinite(x) ? 1 : 0;
            case SIN -> Math.sin(x);
            case COS -> Math.cos(x);
            case TAN -> Math.tan(x);
            case ASIN -> Math.asin(x);
            case ACOS -> Math.acos(x);
            case ATAN -> Math.atan(x);
            case SINH -> Math.sinh(x);
            case COSH -> Math.cosh(x);
            case ASINH -> x == 0 ? x : Math.copySign(Math.log(Math.abs(x) + Math.sqrt(x * x + 1)), x);
            case ACOSH -> Math.log(x + Math.sqrt(x * x - 1));
            case ATANH -> 0.5 * Math.log((1 + x) / (1 - x));
        };
    }
}
