package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.program.Fold;
import org.shapeforge.codegen.program.ProgramLowering;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.program.OpKind;
import org.shapeforge.program.ScalarOp;
import org.shapeforge.project.ProgramProjections;
import org.shapeforge.project.ProjectionInference;
import org.shapeforge.project.Projections;
import org.shapeforge.project.TensorOccurrence;
import org.shapeforge.semantics.Grounding;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The ONNX → projections bridge (issue 29, "one lowering"): an ONNX node's operation built as the
 * typed {@link org.shapeforge.project.Operation} a {@code .shp} statement becomes, then taken
 * through the same stages — {@link ProjectionInference} (Def. 7.3's labels, Def. 7.5's
 * reductions), {@link ExplicitPads} (ONNX's pads as Prop. 8.1 margins), {@link ProgramLowering} —
 * to the loop IR, which a {@link Kernel} then runs with the node's epilogue.
 *
 * <p>The builder mints spec labels ({@link #label}: a dimension variable {@code i0, i1, …} of a
 * concrete size in the closed model, {@code u0, u1, …} for size 1, which become {@code Fix 0}),
 * states each operand's axes as labels, broadcast axes ({@link #broadcast}: P2/P3 severance) or
 * affine terms ({@link #window}: {@code stride·o + dilation·k}, valid mode), and each occurrence's
 * output row as a row equality {@code <x_o> ~ [axes]} (P4). The closed model is the ONNX values'
 * own dims — every size here is concrete: a values run has every tensor in hand, so no symbol is
 * turned into a number it was not already.
 *
 * <p>Tensors are named as {@link Kernel} names them: operands {@code x0, x1, …} in order, the
 * result {@code out}. Loops keep the order the labels were minted in (the ONNX lowering's
 * schedule: {@link #label} order), since projection inference names the product space canonically
 * (LHS axes first), which is one valid order among many (Def. 7.3 fixes the set, not the nesting).
 */
final class Projected {
    private final String label;
    private final List<TensorOccurrence> operands = new ArrayList<>();
    private final List<Value> values = new ArrayList<>();
    private final List<List<Integer>> views = new ArrayList<>();
    private final List<Constraint> constraints = new ArrayList<>();
    private final Map<String, Dim> dims = new LinkedHashMap<>();
    private final Map<String, Row> rows = new LinkedHashMap<>();
    private final List<ExplicitPads.Pad> pads = new ArrayList<>();
    private final List<String> order = new ArrayList<>();
    private int next, unit;
    private boolean empty;
    private Assignment model;

    Projected(String label) {
        this.label = label;
    }

    /** A fresh spec label of this size: an iterator of the product space, or {@code Fix 0} at size 1. */
    Dim label(int size) {
        if (size < 1) empty = true;
        String name = size == 1 ? "u" + unit++ : "i" + next++;
        dims.put(name, Dim.atom(Math.max(0, size)));
        model = null;
        if (size > 1) order.add(name);
        return Dim.var(name);
    }

    /**
     * An operand axis of {@code size} under the result's {@code label}: the label itself, or for
     * a size-1 axis under a larger label, a size-1 variable {@code v} with {@code label ⊑ v} (the
     * broadcast order; P2/P3 pin {@code v} at 0 and iterate the label).
     */
    Dim broadcast(Dim label, int size) {
        if (size(label) == size) return label;
        if (size != 1) throw new IllegalArgumentException(this.label + ": an axis of size " + size + " against " + size(label));
        Dim v = label(1);
        constraints.add(new Constraint.DimLe(label, v, Span.NONE));
        return v;
    }

    /** The affine axis {@code stride·over + dilation·kernel} (valid mode; ONNX's pads come from {@link #operand}). */
    static Dim window(Dim over, int stride, Dim kernel, int dilation) {
        return Dim.Affine.conv(over, stride, kernel, dilation, false);
    }

    /** The size the closed model gives {@code d}. */
    long size(Dim d) {
        return Sizes.size(Grounding.dim(d, model()));
    }

    /** The next operand: {@code v} read through the row-major view {@code view}, its axes {@code axes}. */
    void operand(Value v, List<Integer> view, List<Dim> axes) {
        operand(v, view, axes, new int[axes.size()]);
    }

    /**
     * The next operand whose axis {@code a} is addressed {@code begin[a]} cells before its start (an
     * ONNX pad): {@code axes} address the padded extent, the tensor itself has {@code view}'s size.
     */
    void operand(Value v, List<Integer> view, List<Dim> axes, int[] begin) {
        if (view.contains(0)) empty = true;
        String name = "x" + operands.size();
        TensorOccurrence occ = occurrence(name, axes);
        for (int a = 0; a < axes.size() && !empty; a++)
            if (begin[a] != 0 || size(axes.get(a)) != view.get(a)) pads.add(new ExplicitPads.Pad(operands.size(), a, begin[a], view.get(a)));
        operands.add(occ);
        values.add(v);
        views.add(List.copyOf(view));
    }

    private TensorOccurrence occurrence(String name, List<Dim> axes) {
        Row ground = empty ? null : Row.literal(axes.stream().map(d -> Dim.atom(size(d))).toList());
        rows.put(name + "_b", Row.empty());
        rows.put(name + "_i", Row.empty());
        if (ground != null) rows.put(name + "_o", ground);
        model = null;
        constraints.add(new Constraint.RowEq(Row.var(name + "_o"), Row.literal(axes), Span.NONE));
        return new TensorOccurrence(name, Row.var(name + "_b"), Row.var(name + "_i"), Row.var(name + "_o"));
    }

    /** The closed model of the labels and rows so far (made again only after one is added). */
    private Assignment model() {
        if (model == null) model = new Assignment(dims, rows);
        return model;
    }

    /**
     * The kernel of {@code result ⟵ Π operands} (an EINSUM: the product of the operands — one
     * operand: the operand — folded by {@code fold} over the labels the result does not mention,
     * margins holding the fold's neutral element), or a kernel of no cells when a size is 0.
     */
    Kernel kernel(List<Dim> result, Fold fold) {
        if (empty) return Kernel.empty(label);
        TensorOccurrence lhs = occurrence("out", result);
        var op = new org.shapeforge.project.Operation(label, Span.NONE, OpKind.EINSUM, Optional.<ScalarOp>empty(), lhs,
                operands, constraints, Map.of(), true);
        Assignment closed = model();
        Operation lowered = LoweringMemo.lowered(new LoweringMemo.Key(op, closed, pads, fold, order), () -> {
            Projections p = ExplicitPads.apply(ProjectionInference.project(op, closed), pads);
            return inOrder(ProgramLowering.lower(op, p, new ProgramProjections(Map.of(label, p), p.padding()), fold));
        });
        return Kernel.lowered(lowered, values, views);
    }

    /** {@code op} with its factors in {@link #label} order. */
    private Operation inOrder(Operation op) {
        Map<String, Factor> bySymbol = new HashMap<>();
        for (Factor f : op.space().factors()) bySymbol.put(f.vars().getFirst().symbol(), f);
        List<Factor> ordered = new ArrayList<>();
        for (String s : order) if (bySymbol.containsKey(s)) ordered.add(bySymbol.remove(s));
        if (!bySymbol.isEmpty()) throw new IllegalStateException(label + ": iterators " + bySymbol.keySet() + " minted by no label");
        return new Operation(op.name(), op.tensors(), new ProductSpace(ordered), op.lhs(), op.rhs(), op.update(), op.epilogue());
    }
}
