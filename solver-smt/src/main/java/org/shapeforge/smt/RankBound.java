package org.shapeforge.smt;

import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.term.Row;

/**
 * The default unrolling bound {@code K} on the length of row-variable values: the number of
 * explicit axes written in all row terms (and Exact axis lists) of the input, plus one.
 * {@code docs/smt.md} gives the rationale and what is proved about it; whatever the bound, a
 * verdict that depends on it is reported as {@code unsat (rank ≤ K)}.
 */
public final class RankBound {
    private RankBound() {}

    public static int derive(List<Constraint> cs) {
        long axes = 0;
        for (Constraint c : cs) axes += axes(c);
        return (int) Math.min(axes + 1, 64);
    }

    private static int axes(Constraint c) {
        return switch (c) {
            case Constraint.RowEq(Row l, Row r, var s) -> l.knownRank() + r.knownRank();
            case Constraint.RowLe(Row l, Row r, var s) -> l.knownRank() + r.knownRank();
            case Constraint.RowLeOne(Row l, Row r, var s) -> l.knownRank() + r.knownRank();
            case Constraint.Total t -> t.rows().stream().mapToInt(Row::knownRank).sum();
            case Constraint.Exact e -> e.rows().stream().mapToInt(Row::knownRank).sum() + e.axes().size();
            case Constraint.DimEq d -> 0;
            case Constraint.DimLe d -> 0;
            case Constraint.SizeRel r -> 0;
            case Constraint.SizeIn r -> 0;
            case Constraint.Likely l -> 0;
        };
    }
}
