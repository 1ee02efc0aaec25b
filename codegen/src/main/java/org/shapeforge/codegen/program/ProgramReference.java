package org.shapeforge.codegen.program;

import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.program.Softmax;
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

    /** The general path: any product space (Concat entries and indices included), point by point ({@link GeneralReference}). */
    static HostTensor runGeneral(org.shapeforge.project.Operation op, Projections p, Map<String, HostTensor> inputs,
            HostTensor lhsBefore) {
        return GeneralReference.run(op, p, inputs, start(op, p, lhsBefore));
    }

    static List<Integer> dims(List<TensorAxis> axes) {
        return axes.stream().map(a -> Math.toIntExact(a.size())).toList();
    }

    static double apply(String kind, String s, double[] v) {
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
}
