package org.shapeforge.codegen.program;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.program.OpKind;
import org.shapeforge.project.Factor;
import org.shapeforge.project.Index;
import org.shapeforge.project.Operation;
import org.shapeforge.project.Projections;

/**
 * {@link ProgramReference}'s fast path, for an operation whose product space has no Concat
 * component and whose indices are all Iter, Fixed or Affine (seed 003 Def. 7.5; not a block or a
 * stack): every factor is then bound at every point, no read is absent, and each access's cell is
 * {@code base + Σ stride·point} ({@link StridedAccess}), kept up to date as the odometer advances.
 * It reads the projections directly, like the general path — never the loop IR, its lowering or
 * the emitters it checks — and combines into each LHS cell the same values in the same order as
 * the general path (entries in product order, the last fastest), so its results are the general
 * path's bit for bit (ProgramReferenceFastPathTest). The one change of loop order: a factor that
 * an LHS axis indexes as exactly {@code Iter(g)} may move innermost ({@link #innermost}); all
 * points reaching a cell share g's value, so among them the order is unchanged.
 *
 * <p>Parallelism: the range of one factor {@code f} that some LHS axis indexes as exactly
 * {@code Iter(f)} is cut into chunks run on the common ForkJoin pool. Safe because two points with
 * different values of {@code f} differ on that LHS axis, hence write different LHS cells (or a
 * margin, which is skipped): every cell is written by one chunk only, and within it the points
 * that reach a cell come in the sequential order; operands are only read, and the result array is
 * fresh. Small operations (fewer than {@code parallelMin} points) run on the calling thread.
 */
final class StridedReference {
    private StridedReference() {}

    /** Below this many points an operation runs on the calling thread. */
    static final long PARALLEL_MIN = 1L << 18;

    /** How a point's value meets its LHS cell: overwrite, add ({@code +=}) or keep the larger (a softmax's max). */
    enum Combine { SET, ADD, MAX }

    /** The result, or null when the fast path does not apply (the general path then runs). */
    static HostTensor run(Operation op, Projections p, Map<String, HostTensor> inputs,
            HostTensor out, boolean add, boolean max, long parallelMin) {
        OpKind kind = op.kind();
        if (kind == OpKind.BLOCK || kind == OpKind.STACK) return null;
        List<Factor> factors = new ArrayList<>();
        for (Factor.Entry e : p.product()) {
            if (e.sequential()) return null;
            factors.add(e.factors().getFirst());
        }
        int nr = op.rhs().size();
        StridedAccess[] reads = new StridedAccess[nr];
        double[][] data = new double[nr][];
        for (int j = 0; j < nr; j++) data[j] = inputs.get(op.rhs().get(j).name()).data();
        Map<String, Integer> slot = new HashMap<>();
        long[] extent = null;
        StridedAccess lhs = null;
        for (int pass = 0; pass < 2; pass++) { // the second pass only when a factor moves innermost
            slot.clear();
            for (int i = 0; i < factors.size(); i++) slot.put(factors.get(i).symbol(), i);
            extent = factors.stream().mapToLong(Factor::extent).toArray();
            lhs = StridedAccess.of(p.lhs(), out.dims(), slot, extent);
            if (lhs == null) return null;
            for (int j = 0; j < nr; j++) {
                reads[j] = StridedAccess.of(p.rhs().get(j), inputs.get(op.rhs().get(j).name()).dims(), slot, extent);
                if (reads[j] == null) return null;
            }
            int g = pass == 0 ? innermost(p, slot, lhs, reads) : -1;
            if (g < 0) break;
            factors.add(factors.remove(g));
        }
        long points = 1;
        for (long e : extent) points *= e;
        if (points == 0) return out;
        Scalar scalar = Scalar.of(kind, op.scalarOp(), nr);
        Combine combine = !add ? Combine.SET : max ? Combine.MAX : Combine.ADD;
        boolean[] disjoint = new boolean[extent.length];
        for (var ix : p.lhs()) if (ix instanceof Index.Iter(var sym)) disjoint[slot.get(sym)] = true;
        Nest nest = new Nest(extent, lhs, reads, data, out.data(), scalar, combine, disjoint);
        int split = points >= parallelMin ? splitFactor(p, slot, extent) : -1;
        if (split < 0) {
            nest.run(-1, 0, 0);
            return out;
        }
        long ext = extent[split];
        int chunks = (int) Math.min(ext, 4L * Math.max(1, Runtime.getRuntime().availableProcessors()));
        IntStream.range(0, chunks).parallel().forEach(c -> nest.run(split, ext * c / chunks, ext * (c + 1) / chunks));
        return out;
    }

    /**
     * A factor to move innermost, or −1: one that an LHS axis indexes as exactly Iter(g) (so all
     * points reaching an LHS cell share g's value, and moving g keeps the order of every cell's
     * points — the other factors keep their order) and whose strides are cheaper than the current
     * innermost factor's (a weight reduction over a strided row, e.g. {@code w * x} with w stored
     * input-major: the output factor innermost reads both contiguously).
     */
    private static int innermost(Projections p, Map<String, Integer> slot, StridedAccess lhs, StridedAccess[] reads) {
        int last = slot.size() - 1, best = -1;
        if (last < 1) return -1;
        long bestCost = cost(last, lhs, reads);
        for (var ix : p.lhs())
            if (ix instanceof Index.Iter(var sym)) {
                int g = slot.get(sym);
                long c = cost(g, lhs, reads);
                if (g != last && c < bestCost) {
                    best = g;
                    bestCost = c;
                }
            }
        return best;
    }

    /** Memory cost of factor f innermost: a contiguous (|stride| ≤ 1) access costs its stride, any other one a cache line. */
    private static long cost(int f, StridedAccess lhs, StridedAccess[] reads) {
        long c = 0;
        for (int a = 0; a <= reads.length; a++) {
            long s = Math.abs((a == 0 ? lhs : reads[a - 1]).stride()[f]);
            c += s <= 1 ? s : 16;
        }
        return c;
    }

    /** The factor indexed as exactly Iter(f) by some LHS axis with the largest extent (the outermost of equals), or −1. */
    private static int splitFactor(Projections p, Map<String, Integer> slot, long[] extent) {
        int best = -1;
        for (var ix : p.lhs())
            if (ix instanceof Index.Iter(var sym)) {
                int f = slot.get(sym);
                if (extent[f] >= 2 && (best < 0 || better(f, best, extent))) best = f;
            }
        return best;
    }

    /** Not the innermost factor before the innermost, then the larger extent, then the outer one. */
    private static boolean better(int f, int best, long[] extent) {
        int last = extent.length - 1;
        if ((f == last) != (best == last)) return best == last;
        return extent[f] > extent[best] || extent[f] == extent[best] && f < best;
    }
}
