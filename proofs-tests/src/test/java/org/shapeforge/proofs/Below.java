package org.shapeforge.proofs;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * A recipe for building an element below a given one, from the definitions' shapes rather than
 * by filtering: it makes order properties non-vacuous. Generated once, applied to any upper
 * value (no {@code flatMap}, so generation stays fast).
 *
 * <ul>
 *   <li>Below a dimension (Def. 1.2): an atom stays; the unit is replaced by a fill value
 *       (anything, the unit included).
 *   <li>Below a marked row {@code l·◇·r} (Def. 2.3): leading flank {@code l'·m}, trailing
 *       {@code m'·r'} with {@code l', r'} refining {@code l, r} pointwise and surplus axes
 *       {@code m, m'} (they face the unit padding of the upper row's expansion).
 *   <li>Below a rigid row (Def. 2.12(b)): a pointwise refinement, same rank.
 *   <li>A rigid row below a marked one (Def. 2.12(c)): the flattening of a marked row below it.
 * </ul>
 */
record Below(List<Dim> fill, List<Dim> surplusLead, List<Dim> surplusTrail, boolean rigid) {
    static final int FILL = 16;

    static Arbitrary<Below> recipes() {
        Arbitrary<List<Dim>> surplus = Ground.seq(Ground.dims(), 2);
        return Combinators.combine(Ground.dims().list().ofSize(FILL), surplus, surplus,
                net.jqwik.api.Arbitraries.of(false, true)).as(Below::new);
    }

    /** A marked row below {@code upper} in the marked order. */
    Row.Closed marked(Row.Closed upper) {
        List<Dim> lead = pointwise(upper.lead(), 0);
        List<Dim> trail = pointwise(upper.trail(), upper.lead().size());
        return new Row.Closed(concat(lead, surplusLead), concat(surplusTrail, trail));
    }

    /** A row below {@code upper} in the two-sorted order: rigid or marked per {@link #rigid}. */
    Row twoSorted(Row upper) {
        return switch (upper) {
            case Row.Closed c -> rigid ? new Row.Rigid(marked(c).flat()) : marked(c);
            case Row.Rigid g -> new Row.Rigid(pointwise(g.axes(), 0));
            case Row.Open o -> throw new IllegalArgumentException("not ground: " + o);
        };
    }

    private List<Dim> pointwise(List<Dim> upper, int offset) {
        List<Dim> out = new ArrayList<>(upper.size());
        for (int i = 0; i < upper.size(); i++)
            out.add(upper.get(i) instanceof Dim.Unit ? fill.get((offset + i) % FILL) : upper.get(i));
        return out;
    }

    static List<Dim> concat(List<Dim> a, List<Dim> b) {
        List<Dim> out = new ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }
}
