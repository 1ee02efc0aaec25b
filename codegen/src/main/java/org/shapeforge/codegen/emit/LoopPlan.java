package org.shapeforge.codegen.emit;

import java.util.ArrayList;
import java.util.List;
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
 * @param order the factors, outermost first
 * @param parallel how many leading loops are parallel-safe (collapsed together)
 * @param reductions how many factors of {@code order} are reductions
 */
public record LoopPlan(List<Factor> order, int parallel, int reductions) {

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
        return new LoopPlan(order, par, red.size());
    }
}
