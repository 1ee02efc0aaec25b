package org.shapeforge.term;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A dimension term (Def. 3.1, extended): the claim-free unit {@code 1∅}, an atom {@code n_b},
 * a dimension variable, a concatenation (sum of sizes) or an affine size relation.
 * Ground dimensions are {@link Unit} and {@link Atom}; {@link Concat} and {@link Affine} denote
 * atoms once their parts are ground (see {@code org.shapeforge.semantics.Sizes}).
 */
public sealed interface Dim {

    /** The basis tag of atoms written without one (Def. 1.1's {@code default}). */
    String DEFAULT_BASIS = "default";

    /** The claim-free unit {@code 1∅}: the top of the broadcast order (Prop. 1.3). */
    record Unit() implements Dim {
        public static final Unit INSTANCE = new Unit();
    }

    /**
     * An atom {@code n_b}. Size 0 is admitted only for discardable variables of Block specs
     * (seed 000, "Invalid variables"); {@code 1_default} is an atom distinct from the unit.
     */
    record Atom(long size, String basis) implements Dim {
        public Atom {
            if (size < 0) throw new IllegalArgumentException("negative dimension size " + size);
            Objects.requireNonNull(basis, "basis");
            if (basis.isEmpty()) throw new IllegalArgumentException("empty basis tag");
        }

        public Atom(long size) {
            this(size, DEFAULT_BASIS);
        }

        public boolean hasDefaultBasis() {
            return DEFAULT_BASIS.equals(basis);
        }
    }

    /**
     * A dimension variable {@code α}, named by {@code name}.
     *
     * <p>{@code id} is an interning hint, not part of the value: the dense index a solver gave the
     * variable when it interned the problem's names ({@link #NO_ID} when none did), so that it
     * finds the variable's state by an array read instead of a hash probe of the name — at 10^6
     * variables every probe is a cache miss (issue 12). Equality, hashing and printing read the
     * name only, and a reader must confirm a hint against the name it finds there (a term may
     * carry another solve's ids). The same design as {@link Row.Open#varId()}.
     */
    record Var(String name, int id) implements Dim {
        /** The id of a variable no solver has interned. */
        public static final int NO_ID = -1;

        public Var {
            Names.requireDimName(name);
        }

        /** The variable without an id. */
        public Var(String name) {
            this(name, NO_ID);
        }

        /** Equal to every variable of the same name, whatever the ids. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Var v && name.equals(v.name);
        }

        /** The name's hash: what the record's own hash of its one component was. */
        @Override
        public int hashCode() {
            return name.hashCode();
        }

        @Override
        public String toString() {
            return "Var[name=" + name + "]";
        }
    }

    /** Concatenation: the size is the sum of the parts' sizes (seed 000, "Concatenation"). */
    record Concat(List<Dim> parts) implements Dim {
        public Concat {
            parts = List.copyOf(parts);
            if (parts.size() < 2) throw new IllegalArgumentException("Concat needs at least two parts");
        }
    }

    /**
     * An affine size relation over {@code over} (seed 000, "Affine indexing and convolutions").
     * Without a kernel: strided iteration, size = stride·o. With a kernel and no padding: valid
     * convolution, size = stride·(o−1) + 1 + (k−1)·dilation. With a kernel and padding: size =
     * stride·o. {@code offset} is the projection-only stride_offset, 0 ≤ offset &lt; stride.
     */
    record Affine(Dim over, int stride, Optional<Dim> kernel, int dilation, boolean padding, int offset)
            implements Dim {
        public Affine {
            Objects.requireNonNull(over, "over");
            Objects.requireNonNull(kernel, "kernel");
            if (stride <= 0) throw new IllegalArgumentException("stride must be > 0, got " + stride);
            if (dilation <= 0) throw new IllegalArgumentException("dilation must be > 0, got " + dilation);
            if (offset < 0 || offset >= stride)
                throw new IllegalArgumentException("offset must satisfy 0 <= offset < stride, got " + offset);
            if (kernel.isEmpty() && (padding || dilation != 1))
                throw new IllegalArgumentException("padding and dilation need a kernel");
        }

        /** Strided iteration {@code affine(o, stride=s)}. */
        public static Affine strided(Dim over, int stride) {
            return new Affine(over, stride, Optional.empty(), 1, false, 0);
        }

        /** Convolution {@code affine(o, stride=s, kernel=k, dilation=d[, padding=same])}. */
        public static Affine conv(Dim over, int stride, Dim kernel, int dilation, boolean padding) {
            return new Affine(over, stride, Optional.of(kernel), dilation, padding, 0);
        }
    }

    static Dim unit() {
        return Unit.INSTANCE;
    }

    /**
     * The atom {@code n} (default basis). Sizes up to 4096 are shared instances (atoms are
     * immutable values compared by {@code equals}; sharing only saves the allocation — a model of
     * 10^6 variables otherwise holds 10^6 copies of a few sizes, issue 12).
     */
    static Dim atom(long n) {
        return n >= 0 && n < AtomCache.SIZE ? AtomCache.ATOMS[(int) n] : new Atom(n);
    }

    static Dim var(String name) {
        return new Var(name);
    }

    /** True for {@link Unit} and {@link Atom}. */
    default boolean isGround() {
        return this instanceof Unit || this instanceof Atom;
    }
}
