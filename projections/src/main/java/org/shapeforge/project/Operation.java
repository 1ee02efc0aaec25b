package org.shapeforge.project;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.shapeforge.collect.FrozenMap;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.program.OpKind;
import org.shapeforge.program.ScalarOp;
import org.shapeforge.term.Row;

/**
 * One operation of a tensor program, as the front end hands it to projection inference
 * (docs/projections.md, "Contract"). §7 fixes one operation; its constraint set {@code Φ_op}
 * is re-derived locally (Lemma 7.7).
 *
 * <ul>
 *   <li>{@code lhs} is the assigned tensor, {@code rhs} the operands (occurrence 0 is the LHS,
 *       occurrence {@code k ≥ 1} is {@code rhs.get(k-1)}); a repeated tensor is two occurrences.
 *   <li>{@code constraints}: exactly the constraints this operation's shape logic generated
 *       (the spec template of Lemma 7.7(a)): row equalities of einsum specs, row inequalities
 *       {@code result ⊑ operand} of broadcasting, Concat / Affine axes, size facts. A row term
 *       that denotes an occurrence's row is either that occurrence's row term itself (when no
 *       other occurrence of this operation has an equal term) or the slot {@link #slot}, which
 *       is unambiguous for repeated tensors; {@link #globalConstraints} substitutes the slots.
 *   <li>{@code pins}: dimension variables of the spec that stand for fixed indices (einsum digits)
 *       or external indices (slices) — OCANNL's {@code proj_axis_env}.
 *   <li>{@code erasing}: the operation defines its LHS afresh (every {@code .shp} statement);
 *       false for an accumulation into existing contents. Decides initialization (Prop. 7.6(iii)).
 * </ul>
 */
public record Operation(
        String label,
        Span origin,
        OpKind kind,
        Optional<ScalarOp> scalarOp,
        TensorOccurrence lhs,
        List<TensorOccurrence> rhs,
        List<Constraint> constraints,
        Map<String, Index> pins,
        boolean erasing) {

    public Operation {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(scalarOp, "scalarOp");
        Objects.requireNonNull(lhs, "lhs");
        rhs = List.copyOf(rhs);
        constraints = List.copyOf(constraints);
        pins = FrozenMap.copyOf(pins);
        for (var e : pins.entrySet())
            if (!(e.getValue() instanceof Index.Fixed || e.getValue() instanceof Index.External))
                throw new IllegalArgumentException("pin of " + e.getKey() + " must be Fixed or External, got " + e.getValue());
    }

    /** An erasing operation with no pins, no scalar op name and no known origin. */
    public static Operation of(String label, OpKind kind, TensorOccurrence lhs, List<TensorOccurrence> rhs,
            List<Constraint> constraints) {
        return new Operation(label, Span.NONE, kind, Optional.empty(), lhs, rhs, constraints, Map.of(), true);
    }

    public Operation withPins(Map<String, Index> newPins) {
        return new Operation(label, origin, kind, scalarOp, lhs, rhs, constraints, newPins, erasing);
    }

    public Operation withConstraints(List<Constraint> cs) {
        return new Operation(label, origin, kind, scalarOp, lhs, rhs, cs, pins, erasing);
    }

    public Operation withErasing(boolean e) {
        return new Operation(label, origin, kind, scalarOp, lhs, rhs, constraints, pins, e);
    }

    /** Occurrence 0 is the LHS, then the operands in order. */
    public List<TensorOccurrence> occurrences() {
        List<TensorOccurrence> all = new ArrayList<>(rhs.size() + 1);
        all.add(lhs);
        all.addAll(rhs);
        return List.copyOf(all);
    }

    /** The slot row of occurrence {@code occurrence}'s {@code kind} row: a reserved row variable. */
    public static Row.Open slot(int occurrence, AxisKind kind) {
        if (occurrence < 0) throw new IllegalArgumentException("negative occurrence " + occurrence);
        return Row.var(Slots.PREFIX + occurrence + "_" + kind.tag);
    }

    /** The constraints with every slot replaced by its occurrence's row: what the global solve receives. */
    public List<Constraint> globalConstraints() {
        return Slots.substitute(this);
    }
}
