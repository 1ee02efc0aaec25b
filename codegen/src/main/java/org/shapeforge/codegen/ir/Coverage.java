package org.shapeforge.codegen.ir;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Def. 7.5 and Prop. 7.6 for one left-hand side: the reduction factors, and whether π_LHS is
 * injective and surjective. Exact on core labels (Iter/Fix); on derived labels (affine sums,
 * strides, offsets) a sound under-approximation, as OCANNL's {@code Indexing.is_injective} is
 * (seed 003, §7 notes): "not injective"/"not surjective" may be conservative, costing at most an
 * unneeded initialization or a sequential loop, never a wrong result.
 *
 * @param reductionFactors factors none of whose iterators the left-hand side mentions (Def. 7.5)
 * @param injective distinct points write distinct cells (Prop. 7.6(i))
 * @param surjective every cell of the left-hand side is written (Prop. 7.6(ii))
 */
public record Coverage(List<Factor> reductionFactors, boolean injective, boolean surjective) {
    public Coverage {
        reductionFactors = List.copyOf(reductionFactors);
    }

    /** Prop. 7.6(i)/(iii): the read-modify-write is required iff a reduction axis exists. */
    public boolean accumulateRequired() {
        return !reductionFactors.isEmpty();
    }

    /**
     * Prop. 7.6(iii) ({@code assignments.ml}: "initialization if initialize_neutral and (not
     * surjective or not injective)"): the left-hand side must be filled with the neutral element
     * before the points are folded in.
     */
    public boolean initializationRequired(Update u) {
        return u.initializeNeutral() && (!surjective || !injective);
    }

    /** The reduction iterators' symbols. */
    public List<String> reductionSymbols() {
        List<String> s = new ArrayList<>();
        for (Factor f : reductionFactors) for (LoopVar v : f.vars()) s.add(v.symbol());
        return s;
    }

    /**
     * Whether the points differing only in {@code symbol} write distinct cells: some left-hand side
     * axis is indexed by {@code c·symbol + o} alone ({@code c ≠ 0}). Loops over such iterators may
     * run in parallel.
     */
    public static boolean separates(Access lhs, String symbol) {
        for (Index ix : lhs.index())
            if (ix instanceof Index.Affine(List<Index.Term> terms, int offset) && terms.size() == 1
                    && terms.getFirst().symbol().equals(symbol)) return true;
        return false;
    }

    public static Coverage of(ProductSpace space, TensorDecl decl, Access lhs) {
        Set<String> mentioned = new HashSet<>(lhs.symbols());
        List<Factor> reductions = new ArrayList<>();
        boolean injective = true;
        for (Factor f : space.factors()) {
            boolean any = f.vars().stream().anyMatch(v -> mentioned.contains(v.symbol()));
            if (!any) {
                reductions.add(f);
                injective = false;
                continue;
            }
            switch (f) {
                case Factor.Single(LoopVar v) -> injective &= v.extent() == 1 || separates(lhs, v.symbol());
                case Factor.Concat(List<LoopVar> parts) -> injective &= lhs.index().stream().anyMatch(ix ->
                        ix instanceof Index.Concat(List<String> symbols)
                                && symbols.containsAll(parts.stream().map(LoopVar::symbol).toList()));
            }
        }
        boolean surjective = true;
        Set<String> used = new HashSet<>();
        for (int ax = 0; ax < decl.rank(); ax++) {
            int dim = decl.dims().get(ax);
            if (dim == 1) continue; // bounded addressing leaves coordinate 0 as the only one
            Index ix = lhs.index().get(ax);
            String s = ix.pureIter();
            if (s != null) {
                surjective &= space.var(s).orElseThrow().extent() == dim && used.add(s);
            } else if (ix instanceof Index.Concat(List<String> symbols)) {
                long total = 0;
                for (String p : symbols) {
                    total += space.var(p).orElseThrow().extent();
                    surjective &= used.add(p);
                }
                surjective &= total == dim;
            } else {
                surjective = false;
            }
        }
        return new Coverage(reductions, injective, surjective);
    }
}
