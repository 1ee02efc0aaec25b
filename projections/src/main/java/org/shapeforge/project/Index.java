package org.shapeforge.project;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An axis index: the label a projection class receives (Def. 7.3), extended with the stratum-2
 * forms of Conj. 8.2. {@link Iter} and {@link Fixed} are the core labels of Prop. 7.6;
 * {@link External} is an externally supplied symbol (a kernel argument, e.g. a slice index);
 * {@link Affine} is {@code Σ cᵢ·sᵢ + offset}; {@link Concat} addresses an axis made of the
 * sequentially iterated parts {@code s₁^…^s_k} (seed 000, "Concatenation").
 */
public sealed interface Index {

    /** A fresh iterator symbol: one factor of the product space. */
    record Iter(String symbol) implements Index {
        public Iter {
            Objects.requireNonNull(symbol, "symbol");
        }
    }

    /** A fixed position. Negative only inside a padded margin (never as a label of Def. 7.3). */
    record Fixed(long index) implements Index {}

    /** An externally supplied symbol (Def. 7.1's external index): validity is the caller's premise (Thm. 7.8). */
    record External(String symbol) implements Index {
        public External {
            Objects.requireNonNull(symbol, "symbol");
        }
    }

    /** One term {@code coeff·symbol} of an affine index. */
    record Term(long coeff, String symbol) {
        public Term {
            if (coeff == 0) throw new IllegalArgumentException("zero coefficient for " + symbol);
            Objects.requireNonNull(symbol, "symbol");
        }
    }

    /**
     * {@code Σ coeff·symbol + offset}: a derived label (Conj. 8.2's stratum 2). It stays affine
     * even when it reads like {@code k} or a constant — its range need not match the axis it
     * addresses (a padded axis is read in its margins), unlike an {@link Iter} or {@link Fixed} label.
     */
    record Affine(List<Term> terms, long offset) implements Index {
        public Affine {
            terms = List.copyOf(terms);
        }
    }

    /** The concatenation of the parts' iterators; the axis position is the running sum of the earlier parts' extents. */
    record Concat(List<String> symbols) implements Index {
        public Concat {
            symbols = List.copyOf(symbols);
            if (symbols.size() < 2) throw new IllegalArgumentException("Concat index needs two parts");
        }
    }

    /** {@code Σ terms + offset} with like terms merged in first-seen order and zero terms dropped. */
    static Index affine(List<Term> terms, long offset) {
        List<Term> merged = new ArrayList<>();
        for (Term t : terms) {
            int at = -1;
            for (int i = 0; i < merged.size(); i++) if (merged.get(i).symbol().equals(t.symbol())) at = i;
            if (at < 0) merged.add(t);
            else {
                long c = merged.get(at).coeff() + t.coeff();
                if (c == 0) merged.remove(at);
                else merged.set(at, new Term(c, t.symbol()));
            }
        }
        return new Affine(merged, offset);
    }

    /** The symbols this index mentions, in order. */
    default List<String> symbols() {
        return switch (this) {
            case Iter i -> List.of(i.symbol());
            case Fixed f -> List.of();
            case External e -> List.of();
            case Affine a -> a.terms().stream().map(Term::symbol).toList();
            case Concat c -> c.symbols();
        };
    }

    /** The text form used in JSON and reports: {@code i}, {@code 0}, {@code 2*o+k-1}, {@code a^b^c}, {@code $n}. */
    default String render() {
        return switch (this) {
            case Iter i -> i.symbol();
            case Fixed f -> Long.toString(f.index());
            case External e -> "$" + e.symbol();
            case Affine a -> {
                StringBuilder sb = new StringBuilder();
                for (Term t : a.terms()) {
                    if (!sb.isEmpty()) sb.append(t.coeff() < 0 ? "-" : "+");
                    else if (t.coeff() < 0) sb.append("-");
                    long c = Math.abs(t.coeff());
                    if (c != 1) sb.append(c).append('*');
                    sb.append(t.symbol());
                }
                if (sb.isEmpty()) sb.append(a.offset());
                else if (a.offset() > 0) sb.append('+').append(a.offset());
                else if (a.offset() < 0) sb.append('-').append(-a.offset());
                yield sb.toString();
            }
            case Concat c -> String.join("^", c.symbols());
        };
    }
}
