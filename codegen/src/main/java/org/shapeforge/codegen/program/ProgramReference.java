package org.shapeforge.codegen.program;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.program.Softmax;
import org.shapeforge.project.Factor;
import org.shapeforge.project.Index;
import org.shapeforge.project.Projections;
import org.shapeforge.project.TensorAxis;

/**
 * The reference for {@code shapeforge run}: an interpreter of a program operation's meaning in
 * double precision, straight from its projections (seed 003 Def. 7.5: the operation is the sum,
 * over the product space, of the scalar operation applied to the operands at their index maps),
 * written without the loop IR, its lowering or the emitters — the code it checks.
 *
 * <p>Per point of the product space (Concat entries run their parts one after the other; an index
 * naming an inactive part is absent): the LHS cell gets the scalar operation of the present reads
 * (a block / stack sums its present parts; a point with an absent LHS or, for the other kinds, an
 * absent operand is skipped); an operation with a reduction, or a {@code :=}, adds into the cell,
 * otherwise the cell is overwritten. A softmax ({@link Softmax}): its max-reduction keeps the
 * largest value (from −∞), its two einsums compute {@code exp(a − m)} and {@code e / s}. An erasing operation starts from zeros (Prop. 7.6(iii)); a
 * read outside the operand's extent (a padded convolution's margin) is 0.
 *
 * <p>Two paths, one meaning: an operation without Concat runs through {@link StridedReference}
 * (accesses compiled to strides, the innermost loop specialised, disjoint LHS chunks in
 * parallel — the same points in the same order per cell, so the same values bit for bit); any
 * other through {@link #runGeneral}, the odometer over entries and active parts.
 * ProgramReferenceFastPathTest holds the two equal on the golden programs.
 */
public final class ProgramReference {
    private ProgramReference() {}

    public static HostTensor run(org.shapeforge.project.Operation op, Projections p, Map<String, HostTensor> inputs,
            HostTensor lhsBefore) {
        HostTensor fast = runStrided(op, p, inputs, lhsBefore, StridedReference.PARALLEL_MIN);
        return fast != null ? fast : runGeneral(op, p, inputs, lhsBefore);
    }

    /**
     * The fast path ({@link StridedReference}: no Concat, cells carried as strides, chunks in
     * parallel from {@code parallelMin} points), or null when it does not apply.
     */
    static HostTensor runStrided(org.shapeforge.project.Operation op, Projections p, Map<String, HostTensor> inputs,
            HostTensor lhsBefore, long parallelMin) {
        HostTensor out = start(op, p, lhsBefore);
        boolean add = p.accumulate() || !op.erasing();
        boolean max = op.scalarOp().orElse("").equals(Softmax.MAX);
        return StridedReference.run(op, p, inputs, out, add, max, parallelMin);
    }

    /** The LHS before any point: zeros (erasing), its previous value (accumulating), or −∞ under a softmax's max-reduction. */
    private static HostTensor start(org.shapeforge.project.Operation op, Projections p, HostTensor lhsBefore) {
        HostTensor out = HostTensor.zeros(dims(p.lhsAxes()));
        if (!op.erasing()) System.arraycopy(lhsBefore.data(), 0, out.data(), 0, out.data().length);
        if (op.scalarOp().orElse("").equals(Softmax.MAX) && p.accumulate())
            java.util.Arrays.fill(out.data(), Double.NEGATIVE_INFINITY);
        return out;
    }

    /** The general path: any product space (Concat entries and indices included), point by point. */
    static HostTensor runGeneral(org.shapeforge.project.Operation op, Projections p, Map<String, HostTensor> inputs,
            HostTensor lhsBefore) {
        HostTensor out = start(op, p, lhsBefore);
        boolean add = p.accumulate() || !op.erasing();
        String kind = op.kind().name(), s = op.scalarOp().orElse("");
        boolean max = s.equals(Softmax.MAX); // a softmax's normaliser: the max over the reduced axes
        boolean block = kind.equals("BLOCK") || kind.equals("STACK");
        // symbols → slot in the point array
        List<Factor> factors = new ArrayList<>();
        List<int[]> entries = new ArrayList<>();
        for (Factor.Entry e : p.product()) {
            int[] ids = new int[e.factors().size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = factors.size();
                factors.add(e.factors().get(i));
            }
            entries.add(ids);
        }
        Map<String, Integer> slot = new HashMap<>();
        for (int i = 0; i < factors.size(); i++) slot.put(factors.get(i).symbol(), i);
        long[] extent = factors.stream().mapToLong(Factor::extent).toArray();
        Compiled lhs = Compiled.of(p.lhs(), slot, extent);
        List<Compiled> reads = new ArrayList<>();
        List<HostTensor> operands = new ArrayList<>();
        for (int j = 0; j < op.rhs().size(); j++) {
            reads.add(Compiled.of(p.rhs().get(j), slot, extent));
            operands.add(inputs.get(op.rhs().get(j).name()));
        }
        long[] point = new long[factors.size()];
        boolean[] bound = new boolean[factors.size()];
        int[] active = new int[entries.size()];
        double[] vals = new double[reads.size()];
        boolean[] present = new boolean[reads.size()];
        // odometer over entries (and, within a sequential entry, over its active part)
        java.util.Arrays.fill(point, 0);
        outer:
        while (true) {
            java.util.Arrays.fill(bound, false);
            for (int e = 0; e < entries.size(); e++) bound[entries.get(e)[active[e]]] = true;
            int lcell = lhs.offset(point, bound, out.dims());
            if (lcell >= 0) {
                int n = 0;
                for (int j = 0; j < reads.size(); j++) {
                    int c = reads.get(j).offset(point, bound, operands.get(j).dims());
                    present[j] = c != Compiled.ABSENT;
                    vals[j] = c >= 0 ? operands.get(j).data()[c] : 0.0;
                    if (present[j]) n++;
                }
                boolean skip = block ? n == 0 : n < reads.size();
                if (!skip) {
                    double v = block ? sumPresent(vals, present) : apply(kind, s, vals);
                    out.data()[lcell] = !add ? v : max ? Math.max(out.data()[lcell], v) : out.data()[lcell] + v;
                }
            }
            // advance
            for (int e = entries.size() - 1; ; e--) {
                if (e < 0) break outer;
                int[] ids = entries.get(e);
                int f = ids[active[e]];
                if (++point[f] < extent[f]) break;
                point[f] = 0;
                if (++active[e] < ids.length) break;
                active[e] = 0;
            }
        }
        return out;
    }

    static List<Integer> dims(List<TensorAxis> axes) {
        return axes.stream().map(a -> Math.toIntExact(a.size())).toList();
    }

    private static double sumPresent(double[] v, boolean[] present) {
        double s = 0;
        for (int i = 0; i < v.length; i++) if (present[i]) s += v[i];
        return s;
    }

    private static double apply(String kind, String s, double[] v) {
        if (s.equals(Softmax.EXP_SUB)) return Math.exp(v[0] - v[1]);
        if (s.equals(Softmax.DIVIDE)) return v[0] / v[1];
        return switch (kind) {
            case "POINTWISE" -> v.length == 2 ? binary(s).applyAsDouble(v[0], v[1]) : unary(s).applyAsDouble(v[0]);
            case "COMPOSE", "EINSUM" -> {
                double r = 1;
                for (double x : v) r *= x;
                yield r;
            }
            default -> v[0];
        };
    }

    static DoubleBinaryOperator binary(String s) {
        return switch (s) {
            case "+" -> Double::sum;
            case "-" -> (a, b) -> a - b;
            case "*." -> (a, b) -> a * b;
            case "/" -> (a, b) -> a / b;
            case "max" -> Math::max;
            case "min" -> Math::min;
            default -> throw new IllegalArgumentException("no reference for '" + s + "'");
        };
    }

    static DoubleUnaryOperator unary(String s) {
        return switch (s) {
            case "relu" -> x -> Math.max(0, x);
            case "exp" -> Math::exp;
            case "log" -> Math::log;
            case "sqrt" -> Math::sqrt;
            case "tanh" -> Math::tanh;
            case "neg" -> x -> -x;
            case "abs" -> Math::abs;
            case "sigmoid" -> x -> 1 / (1 + Math.exp(-x));
            case "recip" -> x -> 1 / x;
            case "id" -> x -> x;
            default -> throw new IllegalArgumentException("no reference for '" + s + "'");
        };
    }

    /** One access's index maps, resolved to point slots; {@link #offset} gives the row-major cell. */
    private record Compiled(long[][] coeff, long[] offset, int[][] concat, long[] extent) {
        static final int ABSENT = -2, OUTSIDE = -1;

        static Compiled of(List<Index> ix, Map<String, Integer> slot, long[] extent) {
            int n = slot.size();
            long[][] coeff = new long[ix.size()][];
            long[] off = new long[ix.size()];
            int[][] concat = new int[ix.size()][];
            for (int a = 0; a < ix.size(); a++) {
                switch (ix.get(a)) {
                    case Index.Iter(var s) -> {
                        coeff[a] = new long[n];
                        coeff[a][slot.get(s)] = 1;
                    }
                    case Index.Fixed(var c) -> {
                        coeff[a] = new long[n];
                        off[a] = c;
                    }
                    case Index.Affine(var terms, var o) -> {
                        coeff[a] = new long[n];
                        for (Index.Term t : terms) coeff[a][slot.get(t.symbol())] += t.coeff();
                        off[a] = o;
                    }
                    case Index.Concat(var parts) -> concat[a] = parts.stream().mapToInt(slot::get).toArray();
                    case Index.External(var s) -> throw new IllegalArgumentException("no reference for the runtime index $" + s);
                }
            }
            return new Compiled(coeff, off, concat, extent);
        }

        /** The cell, {@link #OUTSIDE} (a margin read: 0) or {@link #ABSENT} (an inactive Concat part). */
        int offset(long[] point, boolean[] bound, List<Integer> dims) {
            long cell = 0;
            boolean outside = false;
            for (int a = 0; a < dims.size(); a++) {
                long x;
                if (concat[a] != null) {
                    x = -1;
                    long before = 0;
                    for (int f : concat[a]) {
                        if (bound[f]) {
                            x = before + point[f];
                            break;
                        }
                        before += extent[f];
                    }
                    if (x < 0) return ABSENT;
                } else {
                    x = offset[a];
                    for (int f = 0; f < coeff[a].length; f++)
                        if (coeff[a][f] != 0) {
                            if (!bound[f]) return ABSENT;
                            x += coeff[a][f] * point[f];
                        }
                }
                if (x < 0 || x >= dims.get(a)) outside = true;
                cell = cell * dims.get(a) + x;
            }
            return outside ? OUTSIDE : Math.toIntExact(cell);
        }
    }
}
