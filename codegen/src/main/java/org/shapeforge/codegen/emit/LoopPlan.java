package org.shapeforge.codegen.emit;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Coverage;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Operation;

/**
 * The loop order of the generic nest: non-reduction factors outside, reduction factors (Def. 7.5)
 * inside, and — when other non-reduction loops remain outside — the iterator of the left-hand
 * side's last (unit-stride) axis innermost, so the innermost loop runs at unit stride over the
 * output and the compiler vectorizes it. {@code parallel} leading loops separate the left-hand
 * side's cells ({@link Coverage#separates}) and may run on different threads.
 *
 * <p>A MAX or MIN reduction along a read's contiguous axis (a softmax's max over the key
 * positions: the reduction iterator indexes a read's last, unit-stride axis, the left-hand side's
 * last iterator indexes none) runs innermost instead, every non-reduction loop outside: the
 * output's innermost loop would walk the reads at the reduced axis's stride. The emitter then
 * folds each cell in vector lanes ({@code contiguous}), which only an order-free fold allows.
 *
 * @param order the factors, outermost first
 * @param parallel how many leading loops are parallel-safe (collapsed together)
 * @param reductions how many factors of {@code order} are reductions
 * @param contiguous the reductions are the innermost loops, the last one over a read's unit-stride axis
 */
public record LoopPlan(List<Factor> order, int parallel, int reductions, boolean contiguous) {
    public LoopPlan {
        order = List.copyOf(order);
    }

    public static LoopPlan of(Operation op) {
        Coverage cov = op.coverage();
        List<Factor> outer = new ArrayList<>(), red = new ArrayList<>(cov.reductionFactors());
        Factor inner = null;
        List<Index> lhs = op.lhs().index();
        String last = lhs.isEmpty() ? null : lhs.getLast().pureIter();
        for (Factor f : op.space().factors()) {
            if (red.contains(f)) continue;
            if (inner == null && f instanceof Factor.Single(var v) && v.symbol().equals(last)) inner = f;
            else outer.add(f);
        }
        Factor unit = op.update().accumulator().filter(LoopPlan::exact).isPresent() ? contiguousReduction(op, red, last) : null;
        if (unit != null) {
            List<Factor> order = new ArrayList<>();
            for (Factor f : op.space().factors()) if (!red.contains(f)) order.add(f);
            for (Factor f : red) if (f != unit) order.add(f);
            order.add(unit);
            int par = 0;
            for (Factor f : order) {
                if (red.contains(f) || !(f instanceof Factor.Single(var v)) || !Coverage.separates(op.lhs(), v.symbol())) break;
                par++;
            }
            return new LoopPlan(order, par, red.size(), true);
        }
        List<Factor> order = new ArrayList<>(outer);
        if (inner != null && outer.isEmpty() && !red.isEmpty()) {
            order.add(inner);
            order.addAll(red);
        } else {
            order.addAll(red);
            if (inner != null) order.add(inner);
        }
        int par = 0;
        for (Factor f : order) {
            if (red.contains(f) || !(f instanceof Factor.Single(var v)) || !Coverage.separates(op.lhs(), v.symbol())) break;
            if (par > 0 && f == inner && order.size() > 1) break;
            par++;
        }
        return new LoopPlan(order, par, red.size(), false);
    }

    /**
     * Whether a fold with {@code acc} gives the same value in any order (MAX, MIN; up to a NaN's
     * position and the sign of a zero). A sum's or product's rounding depends on the order: run in
     * lanes, the softmax sums of ssdlite320_mobilenet_v3_large changed by an ulp, enough to reorder
     * near-tied detection scores (boxes off by 84 % against torch); those keep the nest's order.
     */
    private static boolean exact(BinOp acc) {
        return acc == BinOp.MAX || acc == BinOp.MIN;
    }

    /**
     * The reduction factor whose iterator is the last index of some read (unit stride), when the
     * left-hand side's last iterator {@code last} is the last index of no read; else null.
     */
    private static Factor contiguousReduction(Operation op, List<Factor> red, String last) {
        Factor unit = null;
        for (Access a : op.rhs().reads()) {
            if (a.index().isEmpty()) continue;
            String s = a.index().getLast().pureIter();
            if (s == null) continue;
            if (s.equals(last)) return null;
            for (Factor f : red) if (unit == null && f instanceof Factor.Single(var v) && v.symbol().equals(s)) unit = f;
        }
        return unit;
    }
}
