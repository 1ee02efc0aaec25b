package org.shapeforge.codegen.ir;

import java.util.Optional;

/**
 * How the right-hand side lands in the left-hand side (OCANNL's {@code Accum_op}).
 *
 * @param accumulator empty: overwrite ({@code =:}); present: fold with it ({@code =:+}, {@code =:max}, …)
 * @param initializeNeutral the operation's semantics starts from a left-hand side filled with the
 *     accumulator's neutral element (0 for overwrite) — OCANNL's {@code initialize_neutral}; false:
 *     the update folds into the tensor's existing contents ({@code =+})
 */
public record Update(Optional<BinOp> accumulator, boolean initializeNeutral) {
    public Update {
        if (accumulator.isPresent() && accumulator.get().neutral().isEmpty())
            throw new IllegalArgumentException(accumulator.get() + " has no neutral element and cannot accumulate");
    }

    /** {@code lhs =: rhs}. */
    public static Update assign() {
        return new Update(Optional.empty(), true);
    }

    /** {@code lhs =:op rhs}: start from op's neutral element, fold every point in. */
    public static Update accumulate(BinOp op) {
        return new Update(Optional.of(op), true);
    }

    /** {@code lhs =op rhs}: fold into the existing contents. */
    public static Update accumulateInto(BinOp op) {
        return new Update(Optional.of(op), false);
    }

    /** The neutral element the left-hand side starts from (0 for an overwrite). */
    public double neutral() {
        return accumulator.map(op -> op.neutral().getAsDouble()).orElse(0.0);
    }
}
