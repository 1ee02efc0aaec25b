package org.shapeforge.codegen.ir;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The product space P× = Π_j R_j of one operation (Def. 7.3), as an ordered list of factors. The
 * order is projection inference's and carries no meaning: emitters choose their own loop order
 * (non-reduction factors outside, reduction factors inside). Symbols are unique across factors.
 */
public record ProductSpace(List<Factor> factors) {
    public ProductSpace {
        factors = List.copyOf(factors);
        Map<String, LoopVar> seen = new LinkedHashMap<>();
        for (Factor f : factors)
            for (LoopVar v : f.vars())
                if (seen.put(v.symbol(), v) != null)
                    throw new IllegalArgumentException("iterator symbol " + v.symbol() + " appears twice in the product space");
    }

    /** The iterator named {@code symbol}, if any. */
    public Optional<LoopVar> var(String symbol) {
        for (Factor f : factors) for (LoopVar v : f.vars()) if (v.symbol().equals(symbol)) return Optional.of(v);
        return Optional.empty();
    }

    /** The factor holding {@code symbol}. */
    public Optional<Factor> factorOf(String symbol) {
        for (Factor f : factors) for (LoopVar v : f.vars()) if (v.symbol().equals(symbol)) return Optional.of(f);
        return Optional.empty();
    }

    /** The number of points of the whole space (a product of the factors' point counts). */
    public long points() {
        long n = 1;
        for (Factor f : factors) n = Math.multiplyExact(n, f.points());
        return n;
    }
}
