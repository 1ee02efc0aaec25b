package org.shapeforge.solve.close;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The join of row caps (Prop. 2.7): leading flank of the shortest leading length, aligned from
 * the front; trailing from the back; dimensions joined in D (distinct atoms join to 1). A
 * position where no cap is ground is a hole, filled with 1 (Def. 6.1 step 1) and reported.
 */
final class RowJoin {
    private RowJoin() {}

    record Result(Row.Closed row, int holes) {}

    static Result of(List<Row> caps) {
        int lead = Integer.MAX_VALUE, trail = Integer.MAX_VALUE;
        for (Row c : caps) {
            lead = Math.min(lead, c.lead().size());
            trail = Math.min(trail, c.trail().size());
        }
        int[] holes = {0};
        List<Dim> l = new ArrayList<>(), t = new ArrayList<>();
        for (int i = 0; i < lead; i++) {
            final int k = i;
            l.add(join(caps.stream().map(c -> c.lead().get(k)).toList(), holes));
        }
        for (int j = trail; j >= 1; j--) {
            final int k = j;
            t.add(join(caps.stream().map(c -> c.trail().get(c.trail().size() - k)).toList(), holes));
        }
        return new Result(new Row.Closed(l, t), holes[0]);
    }

    static Dim join(List<Dim> ds, int[] holes) {
        Dim acc = null;
        for (Dim d : ds) {
            if (!d.isGround()) continue;
            if (acc == null) acc = d;
            else if (!acc.equals(d)) acc = Dim.unit();
        }
        if (acc == null) {
            holes[0]++;
            return Dim.unit();
        }
        return acc;
    }
}
