package org.shapeforge.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.program.OpKind;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** Thm. 7.4's three failures, the stratum-2 conflict and the input contract, each with a message naming tensors and axes. */
class FailureTest {

    private static final Map<String, Row> EMPTY_ROWS = Map.of(
            "y_b", Row.empty(), "y_i", Row.empty(), "a_b", Row.empty(), "a_i", Row.empty(), "b_b", Row.empty(), "b_i", Row.empty());

    private static Assignment model(Map<String, Dim> dims, Map<String, Row> rows) {
        var r = new java.util.LinkedHashMap<>(EMPTY_ROWS);
        r.putAll(rows);
        return new Assignment(dims, r);
    }

    private static Row lit(long... sizes) {
        return Row.literal(java.util.Arrays.stream(sizes).mapToObj(Dim::atom).toList());
    }

    @Test
    void sizeMismatchIsThm7_4a() {
        // A model that does not satisfy this operation's equality (as if another operation's facts were wrong).
        Operation op = Ops.op("y", OpKind.POINTWISE, "y", List.of("a", "b"), "<a_o> ~ <b_o>", "<y_o> <= <a_o>");
        Assignment m = model(Map.of(), Map.of("a_o", lit(3), "b_o", lit(4), "y_o", lit(3)));
        ProjectionError e = assertThrows(ProjectionError.class, () -> ProjectionInference.project(op, m));
        assertEquals(ProjectionError.Kind.SIZE_MISMATCH, e.kind());
        assertTrue(e.getMessage().contains("tensor a (operand 1) output axis 0 (size 3)"), e.getMessage());
        assertTrue(e.getMessage().contains("tensor b (operand 2) output axis 0 (size 4)"), e.getMessage());
    }

    @Test
    void pinConflictIsThm7_4b() {
        Operation op = Ops.op("y", OpKind.EINSUM, "y", List.of("a"), "<a_o> ~ [f, g]", "<y_o> ~ []", "f = g")
                .withPins(Map.of("f", new Index.Fixed(1), "g", new Index.Fixed(2)));
        Assignment m = model(Map.of("f", Dim.atom(4), "g", Dim.atom(4)), Map.of("a_o", lit(4, 4), "y_o", Row.empty()));
        ProjectionError e = assertThrows(ProjectionError.class, () -> ProjectionInference.project(op, m));
        assertEquals(ProjectionError.Kind.PIN_CONFLICT, e.kind());
        assertTrue(e.getMessage().contains("pinned at"), e.getMessage());
    }

    /**
     * A failure names the rule and the constraint each conflicting equation came from, in full: the
     * reasons are kept as data and rendered only here (issue 30), to the same text as before.
     */
    @Test
    void aPinConflictNamesEachEquationsRuleAndConstraint() {
        Operation op = Ops.op("y", OpKind.EINSUM, "y", List.of("a"), "<a_o> ~ [f]", "<y_o> <= <a_o>")
                .withPins(Map.of("f", new Index.External("x")));
        Assignment m = model(Map.of("f", Dim.atom(1)), Map.of("a_o", lit(1), "y_o", lit(5)));
        ProjectionError e = assertThrows(ProjectionError.class, () -> ProjectionInference.project(op, m));
        assertEquals(ProjectionError.Kind.PIN_CONFLICT, e.kind());
        assertEquals("projections of y: the class of tensor a (operand 1) output axis 0 is pinned at 0 by P5 <y_o> <= <a_o>"
                + " (op.shc:2:1) (broadcast: severed and pinned) and at $x by pin of label f (via label f) [Thm. 7.4(b)]",
                e.getMessage());
    }

    @Test
    void aSizeMismatchNamesTheRuleAndConstraint() {
        Operation op = Ops.op("y", OpKind.POINTWISE, "y", List.of("a", "b"), "<a_o> ~ <b_o>", "<y_o> <= <a_o>");
        Assignment m = model(Map.of(), Map.of("a_o", lit(3), "b_o", lit(4), "y_o", lit(3)));
        ProjectionError e = assertThrows(ProjectionError.class, () -> ProjectionInference.project(op, m));
        assertTrue(e.getMessage().endsWith("would be co-iterated by P4 <a_o> ~ <b_o> (op.shc:1:1) [Thm. 7.4(a)]"), e.getMessage());
    }

    @Test
    void solvedMismatchIsThm7_4c() {
        Elaboration.Result r = new Elaboration.Result(List.of(new Equation.Eq(new Atom.Sol(new Index.Fixed(0)),
                new Atom.Sol(new Index.External("n")), "a test equation")), Map.of(), List.of(List.of()));
        Operation op = Operation.of("y", OpKind.OTHER, Ops.t("y"), List.of(), List.of());
        ProjectionError e = assertThrows(ProjectionError.class, () -> ProjectionSolver.solve(op, r));
        assertEquals(ProjectionError.Kind.SOLVED_MISMATCH, e.kind());
        assertTrue(e.getMessage().contains("0 ≠ $n"), e.getMessage());
    }

    @Test
    void fixedIndexOutsideItsAxisViolatesTheSideCondition() {
        Operation op = Ops.op("y", OpKind.EINSUM, "y", List.of("a"), "<a_o> ~ [i, f]", "<y_o> ~ [i]")
                .withPins(Map.of("f", new Index.Fixed(5)));
        Assignment m = model(Map.of("i", Dim.atom(2), "f", Dim.atom(5)), Map.of("a_o", lit(2, 5), "y_o", lit(2)));
        ProjectionError e = assertThrows(ProjectionError.class, () -> ProjectionInference.project(op, m));
        assertEquals(ProjectionError.Kind.INPUT, e.kind());
        assertTrue(e.getMessage().contains("fixed index 5 of label f is outside its axis of size 5"), e.getMessage());
    }

    @Test
    void derivedTermsThatDisagreeAreAStratum2Conflict() {
        // The same axis addressed as 2*o and as 2*o+1 within one operation.
        Operation op = Ops.op("y", OpKind.BLOCK, "y", List.of("a"),
                "<y_o> ~ [affine(o, stride=2)]", "<y_o> ~ [affine(o, stride=2, offset=1)]", "<a_o> ~ [o]");
        Assignment m = model(Map.of("o", Dim.atom(3)), Map.of("a_o", lit(3), "y_o", lit(6)));
        ProjectionError e = assertThrows(ProjectionError.class, () -> ProjectionInference.project(op, m));
        assertEquals(ProjectionError.Kind.DERIVED_CONFLICT, e.kind());
        assertTrue(e.getMessage().contains("tensor y (LHS) output axis 0"), e.getMessage());
    }

    @Test
    void unassignedVariableIsAnInputError() {
        Operation op = Ops.op("y", OpKind.EINSUM, "y", List.of("a"), "<a_o> ~ [i]", "<y_o> ~ [i]");
        Assignment m = model(Map.of(), Map.of("a_o", lit(2), "y_o", lit(2)));
        ProjectionError e = assertThrows(ProjectionError.class, () -> ProjectionInference.project(op, m));
        assertEquals(ProjectionError.Kind.INPUT, e.kind());
        assertTrue(e.getMessage().contains("i is unassigned"), e.getMessage());
    }
}
