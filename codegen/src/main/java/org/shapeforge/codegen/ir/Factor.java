package org.shapeforge.codegen.ir;

import java.util.List;

/**
 * One factor of the product space P× (Def. 7.3): a single iterator, or a Concat component — a
 * connected component of the hypergraph whose hyperedges are the Concat indices (seed 000,
 * "Concatenation"; Conj. 8.2). A Concat component is iterated <em>sequentially</em>: block b runs
 * its part b over that part's extent while the other parts are inactive; an access that mentions an
 * inactive part is absent in that block (see {@link Expr}). Parts keep their symbols even at size 1.
 */
public sealed interface Factor {

    /** The iterators of this factor, in iteration order. */
    List<LoopVar> vars();

    /** The number of points this factor contributes: the extent, or the sum of the parts' extents. */
    default long points() {
        long n = 0;
        for (LoopVar v : vars()) n += v.extent();
        return n;
    }

    /** A plain iterator. */
    record Single(LoopVar var) implements Factor {
        public List<LoopVar> vars() { return List.of(var); }
    }

    /** A Concat component: its parts are iterated one after the other. */
    record Concat(List<LoopVar> parts) implements Factor {
        public Concat {
            parts = List.copyOf(parts);
            if (parts.isEmpty()) throw new IllegalArgumentException("a Concat factor needs at least one part");
        }
        public List<LoopVar> vars() { return parts; }
    }
}
