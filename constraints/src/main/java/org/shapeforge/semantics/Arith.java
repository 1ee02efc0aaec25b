package org.shapeforge.semantics;

/**
 * Integer arithmetic over some carrier: exact {@code long}s for the evaluator and native solver,
 * symbolic terms for the SMT encoding. Lets {@link Sizes} state each size formula once for both
 * concrete and symbolic use.
 */
public interface Arith<T> {
    T lit(long n);

    T add(T a, T b);

    T sub(T a, T b);

    T mul(T a, T b);

    /** Exact {@code long} arithmetic; overflow throws {@link ArithmeticException}. */
    Arith<Long> LONG = new Arith<>() {
        @Override
        public Long lit(long n) {
            return n;
        }

        @Override
        public Long add(Long a, Long b) {
            return Math.addExact(a, b);
        }

        @Override
        public Long sub(Long a, Long b) {
            return Math.subtractExact(a, b);
        }

        @Override
        public Long mul(Long a, Long b) {
            return Math.multiplyExact(a, b);
        }
    };
}
