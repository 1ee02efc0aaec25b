package org.shapeforge.solve.rules;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Exact (seed 000) over concatenated rows: {@code exact(R1, …) = [d1, …, dn]}. With at most one
 * open row the axes are sliced: closed rows take their positions (DE facts), the open row the
 * rest (a row equality); more open rows wait (stage 6 closes them). Lengths that cannot fit fail
 * with the numbers.
 */
final class ExactRule {
    private final SizeRules sr;

    ExactRule(SizeRules sr) {
        this.sr = sr;
    }

    boolean step(SizeItem it, SizeItem.Exact x) {
        Constraint.Exact c = x.c();
        Trace t = new Trace(it.why, false);
        List<Row> rows = new ArrayList<>();
        int openAt = -1, fixed = 0;
        for (Row r : c.rows()) {
            Row s = sr.cx.subst().row(r, t);
            if (s.isOpen()) {
                if (openAt >= 0) {
                    it.residual = "Exact: two or more rows still open";
                    return false;
                }
                openAt = rows.size();
            }
            fixed += s.knownRank();
            rows.add(s);
        }
        int n = c.axes().size();
        StringBuilder text = new StringBuilder();
        for (Row r : rows) text.append(text.isEmpty() ? "" : " ").append(Show.row(r));
        if (openAt < 0 ? fixed != n : fixed > n)
            throw Contradiction.fail("Exact: rows " + text + " have " + (openAt < 0 ? "" : "at least ") + fixed
                    + " axes, but exact needs " + n + " " + Show.row(Row.literal(c.axes())), t.why());
        it.alive = false;
        int pos = 0;
        for (int i = 0; i < rows.size() && i != openAt; i++)
            for (Dim d : rows.get(i).flat()) sr.cx.emit(new Fact.DimEq(d, c.axes().get(pos++)), t.why());
        if (openAt < 0) return false;
        int end = n;
        for (int i = rows.size() - 1; i > openAt; i--) {
            List<Dim> f = rows.get(i).flat();
            end -= f.size();
            for (int j = 0; j < f.size(); j++) sr.cx.emit(new Fact.DimEq(f.get(j), c.axes().get(end + j)), t.why());
        }
        sr.cx.emit(new Fact.RowEq(rows.get(openAt), Row.literal(c.axes().subList(pos, end))), t.why());
        return false;
    }
}
