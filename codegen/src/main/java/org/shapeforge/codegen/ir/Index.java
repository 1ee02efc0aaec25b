package org.shapeforge.codegen.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The index expression of one axis of one tensor access: the label π_T assigns to that axis
 * (Def. 7.3), extended with the derived terms of Conj. 8.2. Coordinates are <em>logical</em>:
 * relative to the unpadded extent; a negative coordinate or one at/after the extent addresses the
 * tensor's margin (see {@link TensorDecl}).
 */
public sealed interface Index {

    /** {@code Σ coeff·symbol + offset}. Fix(c) is the empty sum with offset c; Iter(s) is {@code 1·s + 0}. */
    record Affine(List<Term> terms, int offset) implements Index {
        public Affine {
            terms = List.copyOf(terms);
            for (Term t : terms) if (t.coeff() == 0) throw new IllegalArgumentException("zero coefficient on " + t.symbol());
        }
    }

    /**
     * A Concat index {@code s_1 ^ … ^ s_k}: in the block where part {@code s_a} is active the
     * coordinate is {@code Σ_{j<a} extent(s_j) + s_a}; in blocks of other parts of the component
     * the access is absent.
     */
    record Concat(List<String> symbols) implements Index {
        public Concat {
            symbols = List.copyOf(symbols);
            if (symbols.isEmpty()) throw new IllegalArgumentException("empty Concat index");
        }
    }

    /**
     * A coordinate read from the data: the value of the element {@code at} of an integer-valued
     * tensor (its own indices affine), a negative value counted from the end ({@code + extent}, as
     * ONNX Gather's indices are) and then clamped into {@code [0, extent − 1]}, so that no value of
     * the data reads outside the indexed axis. The index of Gather on data indices: one load per
     * element, where a one-hot accumulation over the axis costs the axis' extent per element. Only
     * on the right-hand side; {@code at}'s tensor holds the values exactly (as floats: every
     * integer of magnitude at most 2<sup>24</sup>).
     */
    record Gathered(Access at, int extent) implements Index {
        public Gathered {
            Objects.requireNonNull(at, "at");
            if (extent < 1) throw new IllegalArgumentException("a gathered axis of extent " + extent);
            for (Index i : at.index())
                if (!(i instanceof Affine)) throw new IllegalArgumentException("a gathered coordinate read through " + i + ", not an affine index");
        }
    }

    /** One summand {@code coeff·symbol} of an affine index. */
    record Term(int coeff, String symbol) {
        public Term {
            Objects.requireNonNull(symbol, "symbol");
        }
    }

    /** {@code Fix(c)}: a fixed coordinate (broadcast severance pins size-1 operand axes at 0, P2). */
    static Index fixed(int c) {
        return new Affine(List.of(), c);
    }

    /** {@code Iter(s)}. */
    static Index iter(String symbol) {
        return new Affine(List.of(new Term(1, symbol)), 0);
    }

    /** {@code stride·o + dilation·k + offset}: the convolution index of seed 000 (offset already minus the left padding). */
    static Index conv(int stride, String o, int dilation, String k, int offset) {
        return new Affine(List.of(new Term(stride, o), new Term(dilation, k)), offset);
    }

    /** The symbols this index mentions. */
    default List<String> symbols() {
        return switch (this) {
            case Affine(List<Term> terms, int offset) -> {
                List<String> s = new ArrayList<>();
                for (Term t : terms) s.add(t.symbol());
                yield s;
            }
            case Concat(List<String> symbols) -> symbols;
            case Gathered(Access at, int extent) -> at.symbols();
        };
    }

    /** The single symbol of a pure {@code Iter(s)} index, or null. */
    default String pureIter() {
        return this instanceof Affine(List<Term> terms, int offset) && offset == 0 && terms.size() == 1
                && terms.getFirst().coeff() == 1 ? terms.getFirst().symbol() : null;
    }
}
