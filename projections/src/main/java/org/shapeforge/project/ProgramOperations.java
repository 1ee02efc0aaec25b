package org.shapeforge.project;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.OpKind;
import org.shapeforge.program.Origin;
import org.shapeforge.program.Role;
import org.shapeforge.program.ScalarOp;
import org.shapeforge.program.Shape;
import org.shapeforge.program.Solution;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.term.Row;

/**
 * The bridge from a parsed program to projection inference (docs/projections.md, "Contract"):
 * one {@link Operation} per operation of {@link Generated#operations()}, with exactly the
 * constraints its shape logic generated (Lemma 7.7(a)'s template), its occurrences (LHS first, a
 * repeated tensor twice), its pins (einsum digits → {@code Fixed}, a slice's index →
 * {@code External}) and {@code erasing} ({@code false} for {@code y := a}).
 *
 * <p>Every row term that denotes an occurrence's row is rewritten to its slot
 * ({@link Operation#slot}), attributed from the constraint's {@link Origin} (which argument,
 * which row kind), so repeated tensors ({@code c *. c}) and equal literal rows ({@code [4]} in two
 * operands) are never ambiguous. The builder then checks that {@link Operation#globalConstraints()}
 * gives back exactly the constraints the global solve received, so the front end's solve and the
 * operations' templates cannot drift apart (a mismatch is an {@link IllegalStateException}: a bug).
 * Terminals ({@code data}, {@code param}, {@code scalar}) are inputs, not operations.
 */
public final class ProgramOperations {
    private ProgramOperations() {}

    /** The operations of a generated program, in program order, with distinct labels. */
    public static List<Operation> of(Generated g) {
        List<Operation> out = new ArrayList<>();
        Set<String> labels = new LinkedHashSet<>();
        for (Generated.OpNode n : g.operations()) {
            String label = n.erasing() ? n.result() : n.result() + ":=@" + n.origin().fileLine();
            for (int k = 2; !labels.add(label); k++) label = n.result() + "#" + k;
            if (n.scalarOp() == ScalarOp.Builtin.FLATTEN) // a reshape: f = d1·|d2| + d2 is no projection
                throw new ProjectionError(ProjectionError.Kind.INPUT, label, "flatten (a reshape) has no projection: its"
                        + " merged index is a mixed-radix combination of the operand's, not an affine term of Def. 7.1",
                        Optional.of(n.origin().statement()));
            out.add(operation(g, n, label));
        }
        return List.copyOf(out);
    }

    /**
     * The projections of every operation of a solved program ({@code infer --projections}); a
     * {@link ProjectionError} is rethrown with the statement's {@code file:line:col} and source
     * text in front of its message. An unsolved program is an {@link IllegalArgumentException}.
     */
    public static ProgramProjections project(Inference inf) {
        return project(inf, of(inf.generated()));
    }

    /** As {@link #project(org.shapeforge.program.Inference)}, over operations already built by {@link #of}. */
    public static ProgramProjections project(Inference inf, List<Operation> ops) {
        if (!(inf.solution() instanceof Solution.Solved s))
            throw new IllegalArgumentException("projections need a solved program");
        try {
            return ProjectionInference.projectAll(ops, inf.closedAtUnit().orElse(s.model())); // symbolic values at the unit
        } catch (ProjectionError e) {
            Operation op = ops.stream().filter(o -> o.label().equals(e.operation())).reduce((x, y) -> y).orElse(null);
            String where = op == null ? "" : op.origin() + " `" + textOf(inf.generated(), op) + "`: ";
            throw new ProjectionError(e.kind(), e.operation(), where + e.detail(), op == null ? e.origin() : Optional.of(op.origin()));
        }
    }

    private static String textOf(Generated g, Operation op) {
        for (Generated.OpNode n : g.operations())
            if (n.origin().statement().equals(op.origin()) && n.result().equals(op.lhs().name())) return n.origin().text();
        return op.label();
    }

    static Operation operation(Generated g, Generated.OpNode n, String label) {
        TensorOccurrence lhs = occurrence(n.result(), n.lhs());
        List<TensorOccurrence> rhs = new ArrayList<>();
        for (int j = 0; j < n.operands().size(); j++) rhs.add(occurrence(n.operandNames().get(j), n.operands().get(j)));
        List<TensorOccurrence> occs = new ArrayList<>(List.of(lhs));
        occs.addAll(rhs);
        List<Constraint> original = g.constraints().subList(n.from(), n.to());
        List<Constraint> template = new ArrayList<>();
        for (int i = n.from(); i < n.to(); i++)
            template.add(slotted(g.constraints().get(i), g.origins().get(i), n.kind(), occs));
        Map<String, Index> pins = new LinkedHashMap<>();
        n.fixedIndices().forEach((v, c) -> pins.put(v, new Index.Fixed(c)));
        n.externals().forEach(v -> pins.put(v, new Index.External(v.replaceAll("[^A-Za-z0-9_]", "_"))));
        Operation op = new Operation(label, n.origin().statement(), n.kind(), Optional.of(n.scalarOp()),
                lhs, rhs, template, pins, n.erasing());
        if (!op.globalConstraints().equals(original))
            throw new IllegalStateException("operation " + label + " at " + n.origin().fileLine()
                    + ": its slotted template does not give back the constraints of the global solve");
        return op;
    }

    static TensorOccurrence occurrence(String name, Shape s) {
        return new TensorOccurrence(name, s.batch(), s.input(), s.output());
    }

    /**
     * Attribution of a constraint's rows to occurrences, from the typed {@link Origin} that
     * {@code ShapeLogic} recorded: its {@link Role} names the operand (compose's contraction: the
     * input row of operand 1 against the output row of operand 2; transpose: the operand's other
     * row kind), its row kind the rows; a slice equates the result's rows with its operand's.
     */
    private static Constraint slotted(Constraint c, Origin o, OpKind op, List<TensorOccurrence> occs) {
        AxisKind kind = axisKind(o.axis());
        Role role = o.role();
        int operand = role.operand();
        return switch (c) {
            case Constraint.RowLe le -> switch (role) {
                case Role.Contraction() -> new Constraint.RowLe(slot(le.lower(), occs, 1, AxisKind.INPUT),
                        slot(le.upper(), occs, 2, AxisKind.OUTPUT), le.span());
                case Role.ArgumentRow(int j, Kind row) -> new Constraint.RowLe(slot(le.lower(), occs, 0, kind),
                        slot(le.upper(), occs, j, axisKind(row)), le.span());
                default -> new Constraint.RowLe(slot(le.lower(), occs, 0, kind), slot(le.upper(), occs, operand, kind),
                        le.span());
            };
            case Constraint.RowEq eq -> {
                if (role instanceof Role.Result) yield new Constraint.RowEq(slot(eq.left(), occs, 0, kind), eq.right(), eq.span());
                if (op == OpKind.SLICE)
                    yield new Constraint.RowEq(slot(eq.left(), occs, 0, kind), slot(eq.right(), occs, 1, kind), eq.span());
                if (operand > 0) yield new Constraint.RowEq(eq.left(), slot(eq.right(), occs, operand, kind), eq.span());
                yield eq;
            }
            default -> c;
        };
    }

    private static AxisKind axisKind(Kind k) {
        return k == null ? null : switch (k) {
            case BATCH -> AxisKind.BATCH;
            case INPUT -> AxisKind.INPUT;
            case OUTPUT -> AxisKind.OUTPUT;
        };
    }

    /** {@code term} as occurrence {@code j}'s slot (with the term's extra lead/trail flanks), or unchanged. */
    private static Row slot(Row term, List<TensorOccurrence> occs, int j, AxisKind kind) {
        if (kind == null || j < 0 || j >= occs.size()) return term;
        Row occ = occs.get(j).row(kind);
        Row.Open s = Operation.slot(j, kind);
        if (term.equals(occ)) return s;
        if (term instanceof Row.Open t && occ instanceof Row.Open r && t.var().equals(r.var())
                && t.lead().size() >= r.lead().size() && t.trail().size() >= r.trail().size()
                && t.lead().subList(t.lead().size() - r.lead().size(), t.lead().size()).equals(r.lead())
                && t.trail().subList(0, r.trail().size()).equals(r.trail()))
            return new Row.Open(t.lead().subList(0, t.lead().size() - r.lead().size()), s.var(),
                    t.trail().subList(r.trail().size(), t.trail().size()));
        return term;
    }
}
