package org.shapeforge.lang;

import org.shapeforge.term.Dim;

/**
 * Integer expressions over dimension sizes, for size predicates ({@code language.md}). Binary
 * nodes associate to the left as parsed; {@code %} takes a literal modulus.
 */
public sealed interface SizeExpr {
    /** An integer literal. */
    record Lit(long value) implements SizeExpr {}

    /** {@code size(d)}: the size of a dimension, ignoring its basis. */
    record Size(Dim dim) implements SizeExpr {}

    record Add(SizeExpr left, SizeExpr right) implements SizeExpr {}

    record Sub(SizeExpr left, SizeExpr right) implements SizeExpr {}

    record Mul(SizeExpr left, SizeExpr right) implements SizeExpr {}

    /** {@code e % k}, k ≥ 1. */
    record Mod(SizeExpr left, long modulus) implements SizeExpr {
        public Mod {
            if (modulus < 1) throw new IllegalArgumentException("modulus must be >= 1");
        }
    }
}
