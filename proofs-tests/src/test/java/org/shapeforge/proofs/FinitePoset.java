package org.shapeforge.proofs;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * A relation tabulated on a finite universe of ground values, for exhaustive checks of the order
 * laws: {@code down[j]} is the set of {@code i} with {@code elems[i] ⊑ elems[j]}.
 */
record FinitePoset<T>(List<T> elems, BitSet[] down) {

    static <T> FinitePoset<T> of(List<T> elems, BiPredicate<T, T> le) {
        BitSet[] down = new BitSet[elems.size()];
        for (int j = 0; j < elems.size(); j++) {
            down[j] = new BitSet(elems.size());
            for (int i = 0; i < elems.size(); i++) if (le.test(elems.get(i), elems.get(j))) down[j].set(i);
        }
        return new FinitePoset<>(List.copyOf(elems), down);
    }

    boolean le(int i, int j) {
        return down[j].get(i);
    }

    /** A counterexample to reflexivity, antisymmetry or transitivity, if any. */
    Optional<String> partialOrderViolation() {
        int n = elems.size();
        for (int i = 0; i < n; i++) {
            if (!le(i, i)) return Optional.of("not reflexive at " + elems.get(i));
            for (int j = down[i].nextSetBit(0); j >= 0; j = down[i].nextSetBit(j + 1)) {
                if (j != i && le(i, j)) return Optional.of("not antisymmetric: " + elems.get(i) + ", " + elems.get(j));
                // transitivity: everything below j is below i
                BitSet miss = (BitSet) down[j].clone();
                miss.andNot(down[i]);
                if (!miss.isEmpty())
                    return Optional.of("not transitive: " + elems.get(miss.nextSetBit(0)) + " ⊑ " + elems.get(j)
                            + " ⊑ " + elems.get(i));
            }
        }
        return Optional.empty();
    }

    /** Indices of the elements above every element. */
    List<Integer> tops() {
        List<Integer> out = new ArrayList<>();
        for (int j = 0; j < elems.size(); j++) if (down[j].cardinality() == elems.size()) out.add(j);
        return out;
    }

    /** {@code ups()[i]}: the set of {@code k} with {@code elems[i] ⊑ elems[k]}. */
    BitSet[] ups() {
        BitSet[] up = new BitSet[elems.size()];
        for (int i = 0; i < elems.size(); i++) up[i] = new BitSet(elems.size());
        for (int k = 0; k < elems.size(); k++)
            for (int i = down[k].nextSetBit(0); i >= 0; i = down[k].nextSetBit(i + 1)) up[i].set(k);
        return up;
    }

    /** Rows over {@code alphabet} with both flanks of length at most {@code maxFlank}. */
    static List<Row.Closed> closedRows(List<Dim> alphabet, int maxFlank) {
        List<List<Dim>> flanks = words(alphabet, maxFlank);
        List<Row.Closed> out = new ArrayList<>();
        for (List<Dim> l : flanks) for (List<Dim> r : flanks) out.add(new Row.Closed(l, r));
        return out;
    }

    /** All words over {@code alphabet} of length at most {@code max}. */
    static List<List<Dim>> words(List<Dim> alphabet, int max) {
        List<List<Dim>> out = new ArrayList<>();
        List<List<Dim>> layer = List.of(List.of());
        out.addAll(layer);
        for (int len = 1; len <= max; len++) {
            List<List<Dim>> next = new ArrayList<>();
            for (List<Dim> w : layer) for (Dim d : alphabet) next.add(Below.concat(w, List.of(d)));
            out.addAll(next);
            layer = next;
        }
        return out;
    }

    /** The tiny alphabet of {@link Ground#tinyDims()}. */
    static final List<Dim> TINY = List.of(Dim.unit(), Dim.atom(2), Dim.atom(3), new Dim.Atom(2, "rgb"));
}
