package org.shapeforge.project;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reduction axes (Def. 7.5) and the injectivity / surjectivity of {@code π_LHS} (Prop. 7.6).
 * Exact on the core labels ({@link Index.Iter}, {@link Index.Fixed}); on the extended forms a
 * sound under-approximation, like OCANNL's {@code Indexing.is_injective} (§10): an LHS affine
 * index naming two iterators counts as non-injective, an LHS affine, external or fixed index on
 * an axis of size &gt; 1 as non-surjective. A Concat index covers its axis exactly.
 */
record Coverage(List<String> reductions, boolean injective, boolean surjective) {

    static Coverage of(List<Factor.Entry> product, List<Index> lhs, List<Long> lhsSizes) {
        Set<String> onLhs = new HashSet<>();
        for (Index i : lhs) onLhs.addAll(i.symbols());
        List<String> reductions = new ArrayList<>();
        for (Factor.Entry e : product)
            for (Factor f : e.factors()) if (!onLhs.contains(f.symbol())) reductions.add(f.symbol());
        boolean injective = reductions.isEmpty();
        for (Index i : lhs) if (i instanceof Index.Affine a && a.terms().size() > 1) injective = false;
        boolean surjective = true;
        boolean empty = false;
        Set<String> used = new HashSet<>();
        for (int k = 0; k < lhs.size(); k++) {
            long size = lhsSizes.get(k);
            if (size == 0) empty = true;
            if (size <= 1) continue;
            switch (lhs.get(k)) {
                case Index.Iter it -> surjective &= used.add(it.symbol());
                case Index.Concat c -> {
                    for (String s : c.symbols()) surjective &= used.add(s);
                }
                case Index.Fixed f -> surjective = false;
                case Index.External x -> surjective = false;
                case Index.Affine a -> surjective = false;
            }
        }
        return new Coverage(List.copyOf(reductions), injective, surjective || empty);
    }
}
