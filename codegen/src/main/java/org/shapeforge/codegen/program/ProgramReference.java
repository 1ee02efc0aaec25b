package org.shapeforge.codegen.program;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.program.OpKind;
import org.shapeforge.program.ScalarOp;
import org.shapeforge.project.Operation;
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

    public static HostTensor run(Operation op, Projections p, Map<String, HostTensor> inputs,
            HostTensor lhsBefore) {
        HostTensor fast = runStrided(op, p, inputs, lhsBefore, StridedReference.PARALLEL_MIN);
        return fast != null ? fast : runGeneral(op, p, inputs, lhsBefore);
    }

    /**
     * The fast path ({@link StridedReference}: no Concat, cells carried as strides, chunks in
     * parallel from {@code parallelMin} points), or null when it does not apply.
     */
    static HostTensor runStrided(Operation op, Projections p, Map<String, HostTensor> inputs,
            HostTensor lhsBefore, long parallelMin) {
        HostTensor out = start(op, p, lhsBefore);
        boolean add = p.accumulate() || !op.erasing();
        boolean max = op.scalarOp().equals(Optional.of(ScalarOp.Builtin.SOFTMAX_MAX));
        return StridedReference.run(op, p, inputs, out, add, max, parallelMin);
    }

    /** The LHS before any point: zeros (erasing), its previous value (accumulating), or −∞ under a softmax's max-reduction. */
    private static HostTensor start(Operation op, Projections p, HostTensor lhsBefore) {
        HostTensor out = HostTensor.zeros(dims(p.lhsAxes()));
        if (!op.erasing()) System.arraycopy(lhsBefore.data(), 0, out.data(), 0, out.data().length);
        if (op.scalarOp().equals(Optional.of(ScalarOp.Builtin.SOFTMAX_MAX)) && p.accumulate())
            Arrays.fill(out.data(), Double.NEGATIVE_INFINITY);
        return out;
    }

    /** The general path: any product space (Concat entries and indices included), point by point ({@link GeneralReference}). */
    static HostTensor runGeneral(Operation op, Projections p, Map<String, HostTensor> inputs,
            HostTensor lhsBefore) {
        return GeneralReference.run(op, p, inputs, start(op, p, lhsBefore));
    }

    static List<Integer> dims(List<TensorAxis> axes) {
        return axes.stream().map(a -> Math.toIntExact(a.size())).toList();
    }

    static double apply(OpKind kind, Optional<ScalarOp> s, double[] v) {
        if (s.equals(Optional.of(ScalarOp.Builtin.SOFTMAX_EXP_SUB))) return Math.exp(v[0] - v[1]);
        if (s.equals(Optional.of(ScalarOp.Builtin.SOFTMAX_DIVIDE))) return v[0] / v[1];
        return switch (kind) {
            case POINTWISE -> v.length == 2 ? binary(s).applyAsDouble(v[0], v[1]) : unary(s).applyAsDouble(v[0]);
            case COMPOSE, EINSUM -> {
                double r = 1;
                for (double x : v) r *= x;
                yield r;
            }
            default -> v[0];
        };
    }

    static DoubleBinaryOperator binary(Optional<ScalarOp> op) {
        return switch (op.orElse(null)) {
            case ScalarOp.Builtin.ADD -> Double::sum;
            case ScalarOp.Builtin.SUB -> (a, b) -> a - b;
            case ScalarOp.Builtin.MUL -> (a, b) -> a * b;
            case ScalarOp.Builtin.DIV -> (a, b) -> a / b;
            case ScalarOp.Builtin.MAX -> Math::max;
            case ScalarOp.Builtin.MIN -> Math::min;
            case null, default -> throw new IllegalArgumentException("no reference for '" + token(op) + "'");
        };
    }

    static DoubleUnaryOperator unary(Optional<ScalarOp> op) {
        return switch (op.orElse(null)) {
            case ScalarOp.Builtin.RELU -> x -> Math.max(0, x);
            case ScalarOp.Builtin.EXP -> Math::exp;
            case ScalarOp.Builtin.LOG -> Math::log;
            case ScalarOp.Builtin.SQRT -> Math::sqrt;
            case ScalarOp.Builtin.TANH -> Math::tanh;
            case ScalarOp.Builtin.NEG -> x -> -x;
            case ScalarOp.Builtin.ABS -> Math::abs;
            case ScalarOp.Builtin.SIGMOID -> x -> 1 / (1 + Math.exp(-x));
            case ScalarOp.Builtin.RECIP -> x -> 1 / x;
            case ScalarOp.Builtin.ID -> x -> x;
            case null, default -> throw new IllegalArgumentException("no reference for '" + token(op) + "'");
        };
    }

    /** The source spelling of a scalar operation, for messages (empty when there is none). */
    static String token(Optional<ScalarOp> op) {
        return op.map(ScalarOp::token).orElse("");
    }
}
