package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.IntSort;
import java.util.List;

/**
 * The symbolic value of a row variable {@code ρ}, unrolled to at most {@code slots.size()} axes:
 * its length {@code n}, its marker position {@code m} (the length of its leading flank,
 * {@code 0 ≤ m ≤ n}; unused under {@code rigid}, where values are rigid rows) and one symbolic
 * dimension per slot. Slot {@code j} is the value's {@code j}-th axis when {@code j < n}. The
 * length itself is an unbounded integer: the bound {@code n ≤ K} is asserted separately so that
 * the same encoding also serves as the rank-unbounded relaxation ({@link Encoding}). {@code sizeSum}
 * is the sum of the sizes of all the value's axes, an unbounded integer tied to the slots only
 * when {@code n ≤ K}: it carries the additive invariant of ≈ past the unrolling, so that
 * {@code [3]<r> ≈ <r>[5]} (w11) is refuted for every rank ({@code 3 + s = s + 5}).
 */
public record RowVarE(String name, ArithExpr<IntSort> length, ArithExpr<IntSort> marker, List<DimE> slots,
        ArithExpr<IntSort> sizeSum) {
    public RowVarE {
        slots = List.copyOf(slots);
    }
}
