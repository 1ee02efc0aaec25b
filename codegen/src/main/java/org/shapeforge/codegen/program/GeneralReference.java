package org.shapeforge.codegen.program;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.program.OpKind;
import org.shapeforge.program.ScalarOp;
import org.shapeforge.project.Factor;
import org.shapeforge.project.Operation;
import org.shapeforge.project.Projections;

/**
 * {@link ProgramReference}'s general path: any product space (Concat entries and indices
 * included), point by point, the odometer over entries and, within a sequential entry, over its
 * active part.
 *
 * <p>Its cost is linear in the number of operands and factors (issue 27: a 3,000-operand
 * {@code block(...)} was quadratic): an access keeps only its non-zero coefficients
 * ({@link Access}), the factors bound at a point change only where the odometer turns, and at a
 * point only the reads that can be present are read: a read whose index mentions a part of a
 * sequential entry is present only while that part is active, so it is looked up by that part;
 * the others (and reads with a Concat index) are read at every point. The present reads are
 * combined in operand order, as before, so the values are the same bit for bit.
 */
final class GeneralReference {
    private GeneralReference() {}

    static HostTensor run(Operation op, Projections p, Map<String, HostTensor> inputs, HostTensor out) {
        boolean add = p.accumulate() || !op.erasing();
        OpKind kind = op.kind();
        Optional<ScalarOp> s = op.scalarOp();
        boolean max = s.equals(Optional.of(ScalarOp.Builtin.SOFTMAX_MAX)); // a softmax's normaliser: the max over the reduced axes
        boolean block = kind == OpKind.BLOCK || kind == OpKind.STACK;
        // symbols → slot in the point array; each slot's entry
        List<Factor> factors = new ArrayList<>();
        List<int[]> entries = new ArrayList<>();
        List<Integer> entryOfSlot = new ArrayList<>();
        for (Factor.Entry e : p.product()) {
            int[] ids = new int[e.factors().size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = factors.size();
                factors.add(e.factors().get(i));
                entryOfSlot.add(entries.size());
            }
            entries.add(ids);
        }
        Map<String, Integer> slot = new HashMap<>();
        for (int i = 0; i < factors.size(); i++) slot.put(factors.get(i).symbol(), i);
        long[] extent = factors.stream().mapToLong(Factor::extent).toArray();
        int[] entryOf = entryOfSlot.stream().mapToInt(Integer::intValue).toArray();
        int nr = op.rhs().size();
        Access lhs = Access.of(p.lhs(), slot, extent, entryOf);
        Access[] reads = new Access[nr];
        HostTensor[] operands = new HostTensor[nr];
        // reads keyed by the sequential part they need active; the rest are read at every point
        List<List<Integer>> bySlot = new ArrayList<>();
        for (int f = 0; f < factors.size(); f++) bySlot.add(null);
        List<Integer> always = new ArrayList<>();
        for (int j = 0; j < nr; j++) {
            reads[j] = Access.of(p.rhs().get(j), slot, extent, entryOf);
            operands[j] = inputs.get(op.rhs().get(j).name());
            int key = reads[j].requiredSequential(entries);
            if (key < 0) always.add(j);
            else {
                if (bySlot.get(key) == null) bySlot.set(key, new ArrayList<>());
                bySlot.get(key).add(j);
            }
        }
        long[] point = new long[factors.size()];
        boolean[] bound = new boolean[factors.size()];
        int[] active = new int[entries.size()];
        for (int[] ids : entries) bound[ids[0]] = true;
        double[] vals = new double[nr];
        boolean[] present = new boolean[nr];
        int[] candidates = new int[nr];
        outer:
        while (true) {
            int lcell = lhs.offset(point, bound, active, entries, out.dims());
            if (lcell >= 0) {
                int m = 0;
                for (int j : always) candidates[m++] = j;
                for (int e = 0; e < entries.size(); e++) {
                    List<Integer> keyed = bySlot.get(entries.get(e)[active[e]]);
                    if (keyed != null) for (int j : keyed) candidates[m++] = j;
                }
                Arrays.sort(candidates, 0, m); // operand order
                int n = 0;
                for (int i = 0; i < m; i++) {
                    int j = candidates[i];
                    int c = reads[j].offset(point, bound, active, entries, operands[j].dims());
                    present[j] = c != Access.ABSENT;
                    vals[j] = c >= 0 ? operands[j].data()[c] : 0.0;
                    if (present[j]) n++;
                }
                boolean skip = block ? n == 0 : n < nr;
                if (!skip) {
                    double v;
                    if (block) {
                        v = 0;
                        for (int i = 0; i < m; i++) if (present[candidates[i]]) v += vals[candidates[i]];
                    } else {
                        v = ProgramReference.apply(kind, s, vals);
                    }
                    out.data()[lcell] = !add ? v : max ? Math.max(out.data()[lcell], v) : out.data()[lcell] + v;
                }
                for (int i = 0; i < m; i++) present[candidates[i]] = false;
            }
            // advance
            for (int e = entries.size() - 1; ; e--) {
                if (e < 0) break outer;
                int[] ids = entries.get(e);
                int f = ids[active[e]];
                if (++point[f] < extent[f]) break;
                point[f] = 0;
                bound[f] = false;
                if (++active[e] < ids.length) {
                    bound[ids[active[e]]] = true;
                    break;
                }
                active[e] = 0;
                bound[ids[0]] = true;
            }
        }
        return out;
    }
}
