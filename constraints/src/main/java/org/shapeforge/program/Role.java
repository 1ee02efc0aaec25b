package org.shapeforge.program;

import org.shapeforge.program.spec.Kind;

/**
 * Which part of an operation a generated constraint relates, as typed data: projection inference
 * attributes each row of the constraint to an occurrence from it ({@code ProgramOperations}),
 * and {@link #text} renders it for people ({@code --emit shc}, diagnoses) exactly as the English
 * the front end wrote before. Operand numbers count from 1 (occurrence 0 is the result).
 */
public sealed interface Role {
    /** No operand: a terminal, a label, a size fact. */
    record None() implements Role {}

    /** The result row against operand {@code operand}'s row of the same kind. */
    record Argument(int operand) implements Role {}

    /** The source of {@code y := e} (operand 1). */
    record Operand() implements Role {}

    /** Compose's contraction: operand 1's input row against operand 2's output row. */
    record Contraction() implements Role {}

    /** {@code fma}'s accumulator, operand {@code operand}. */
    record Accumulator(int operand) implements Role {}

    /** The result row against operand {@code operand}'s {@code row} row (transpose swaps kinds). */
    record ArgumentRow(int operand, Kind row) implements Role {}

    /** The result's rows against a spec's result terms. */
    record Result() implements Role {}

    /** A slice's static range. */
    record StaticRange() implements Role {}

    /** A terminal's row variable, of the tensor {@code tensor} (hidden-dimension diagnoses). */
    record Tensor(String tensor) implements Role {}

    Role NONE = new None();

    /** The operand (occurrence {@code ≥ 1}) whose row is the upper or right side, or {@code -1}. */
    default int operand() {
        return switch (this) {
            case Argument(int j) -> j;
            case Operand() -> 1;
            case Accumulator(int j) -> j;
            case ArgumentRow(int j, Kind _) -> j;
            case Contraction(), None(), Result(), StaticRange(), Tensor(String _) -> -1;
        };
    }

    /** The English of {@code --emit shc}'s comments and the diagnoses ({@code argument 1}, {@code result}, ...). */
    default String text() {
        return switch (this) {
            case None() -> "";
            case Argument(int j) -> "argument " + j;
            case Operand() -> "operand";
            case Contraction() -> "argument 1's input against argument 2's output";
            case Accumulator(int j) -> "argument " + j + " (accumulator)";
            case ArgumentRow(int j, Kind row) -> "argument " + j + "'s " + row.ellipsis;
            case Result() -> "result";
            case StaticRange() -> "static range";
            case Tensor(String tensor) -> tensor;
        };
    }
}
