package org.shapeforge.project;

import java.util.List;
import java.util.Objects;
import org.shapeforge.term.Dim;

/**
 * The atoms of projection equations (Def. 7.1), with the derived forms of Conj. 8.2:
 * {@code Proj(p)}, {@code Sol(idx)}, an affine or concatenated term over atoms, and
 * {@link Free} for a literal size of a spec that carries no index information.
 */
sealed interface Atom {

    record Proj(Node node) implements Atom {}

    /** A supplied index: {@link Index.Fixed} or {@link Index.External}. */
    record Sol(Index index) implements Atom {}

    /**
     * {@code stride·over + dilation·kernel + offset} (minus the left padding in padded mode) for
     * the affine axis {@code term}; {@code kernelSize} is the kernel's solved size (1 without one).
     */
    record Affine(Atom over, Atom kernel, Dim.Affine term, long kernelSize) implements Atom {
        public Affine {
            Objects.requireNonNull(over);
            Objects.requireNonNull(term);
        }
    }

    record Concat(List<Atom> parts) implements Atom {
        public Concat {
            parts = List.copyOf(parts);
        }
    }

    /** A literal of size &gt; 1 in a spec: a size fact, no projection (no equation mentions it). */
    record Free() implements Atom {}
}
