package org.shapeforge.codegen.ir;

/** Unary scalar operations (Pointwise_un). Emitters map each to an intrinsic through a table. */
public enum UnOp {
    ID, NEG, RELU, EXP, LOG, SQRT, TANH, RECIP, ABS, SIGMOID;

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
        };
    }
}
