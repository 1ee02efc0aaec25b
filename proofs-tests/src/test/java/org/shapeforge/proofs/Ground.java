package org.shapeforge.proofs;

import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Generators of ground values (Defs. 1.1, 2.1, 2.12): atoms {@code n_b} with sizes 0..6
 * (including {@code 1_default}, an atom distinct from the unit) over the bases {@code default},
 * {@code rgb}, {@code x}; the unit {@code 1∅}; closed marked rows (empty, with empty or non-empty
 * flanks); rigid rows. The small alphabet makes coincidences (equal atoms, units) frequent.
 */
final class Ground {
    private Ground() {}

    static final List<String> BASES = List.of(Dim.DEFAULT_BASIS, "rgb", "x");

    static Arbitrary<Dim> atoms() {
        return Combinators.combine(Arbitraries.longs().between(0, 6), Arbitraries.of(BASES)).as(Dim.Atom::new);
    }

    /** Ground dimensions, the unit about a quarter of the time. */
    static Arbitrary<Dim> dims() {
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just(Dim.unit())), Tuple.of(3, atoms()));
    }

    /** {@code D_⊥}: {@link Optional#empty()} is the adjoined bottom {@code ⊥}. */
    static Arbitrary<Optional<Dim>> dimsBottom() {
        return Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.just(Optional.<Dim>empty())), Tuple.of(5, dims().map(Optional::of)));
    }

    /** A tiny alphabet for random pairs that must often be related: 1∅, 2, 3, 2_rgb. */
    static Arbitrary<Dim> tinyDims() {
        return Arbitraries.of(Dim.unit(), Dim.atom(2), Dim.atom(3), new Dim.Atom(2, "rgb"));
    }

    static Arbitrary<List<Dim>> seq(Arbitrary<Dim> ds, int max) {
        return ds.list().ofMinSize(0).ofMaxSize(max);
    }

    /** Closed marked rows, flanks of length 0..3; the empty row often. */
    static Arbitrary<Row.Closed> closed(Arbitrary<Dim> ds) {
        Arbitrary<Row.Closed> general = Combinators.combine(seq(ds, 3), seq(ds, 3)).as(Row.Closed::new);
        Arbitrary<Row.Closed> leading = Combinators.combine(ds.list().ofMinSize(1).ofMaxSize(3), seq(ds, 2))
                .as(Row.Closed::new);
        return Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.just(Row.empty())), Tuple.of(4, general), Tuple.of(2, leading));
    }

    static Arbitrary<Row.Closed> closed() {
        return closed(dims());
    }

    static Arbitrary<Row.Rigid> rigid(Arbitrary<Dim> ds) {
        return seq(ds, 4).map(Row.Rigid::new);
    }

    /** Rows of both sorts of Def. 2.12. */
    static Arbitrary<Row> twoSorted(Arbitrary<Dim> ds) {
        return Arbitraries.frequencyOf(Tuple.of(3, closed(ds).map(r -> (Row) r)), Tuple.of(2, rigid(ds).map(r -> (Row) r)));
    }

    /** All re-markings of a row's flat sequence: {@code F[0..k)·◇·F[k..n)} for every k. */
    static List<Row.Closed> placements(List<Dim> flat) {
        return java.util.stream.IntStream.rangeClosed(0, flat.size())
                .mapToObj(k -> new Row.Closed(flat.subList(0, k), flat.subList(k, flat.size())))
                .toList();
    }
}
