package org.shapeforge.project;

import java.util.List;
import java.util.Objects;

/**
 * One entry of the product space {@code P^×} (Def. 7.3): a fresh iterator {@code symbol} ranging
 * over {@code 0..extent−1}. A Concat component (seed 000, "Concatenation") is an entry of several
 * factors iterated sequentially, one after the other, rather than nested.
 */
public record Factor(String symbol, long extent) {
    public Factor {
        Objects.requireNonNull(symbol, "symbol");
        if (extent < 0) throw new IllegalArgumentException("negative extent " + extent);
    }

    /** One product-space entry: a single factor, or a Concat component's factors in part order. */
    public record Entry(List<Factor> factors) {
        public Entry {
            factors = List.copyOf(factors);
            if (factors.isEmpty()) throw new IllegalArgumentException("empty product entry");
        }

        public boolean sequential() {
            return factors.size() > 1;
        }
    }
}
