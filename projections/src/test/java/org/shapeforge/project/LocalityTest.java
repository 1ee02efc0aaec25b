package org.shapeforge.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.shapeforge.project.Ops.concat;
import static org.shapeforge.project.Ops.op;
import static org.shapeforge.project.Ops.vec;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.program.OpKind;
import org.shapeforge.term.Assignment;

/**
 * Lemma 7.7(b) and seed 000's contamination example: two axes whose sizes are equal because
 * another operation reduces them together must not be co-iterated here.
 */
class LocalityTest {

    private static final String[] AB = concat(vec("a", "3"), vec("b", "3"));

    private static Operation dot() {
        return op("s", OpKind.EINSUM, "s", List.of("a", "b"),
                "<s_b> ~ []", "<s_i> ~ []", "<a_b> ~ []", "<a_i> ~ []", "<b_b> ~ []", "<b_i> ~ []",
                "<a_o> ~ [i]", "<b_o> ~ [i]", "<s_o> ~ []");
    }

    private static Operation outer() {
        return op("z", OpKind.EINSUM, "z", List.of("a", "b"),
                "<z_b> ~ []", "<z_i> ~ []", "<a_b> ~ []", "<a_i> ~ []", "<b_b> ~ []", "<b_i> ~ []",
                "<a_o> ~ [p]", "<b_o> ~ [q]", "<z_o> ~ [p, q]");
    }

    @Test
    void contaminationExampleOfSeed000() {
        Assignment model = Ops.model(List.of(dot(), outer()), AB);
        ProgramProjections all = ProjectionInference.projectAll(List.of(dot(), outer()), model);
        Projections z = all.operations().get("z");
        assertEquals("product [p:3, q:3] lhs [p, q] rhs [[p], [q]] reduce []", z.summary());
        assertEquals("product [i:3] lhs [] rhs [[i], [i]] reduce [i] accumulate initialize", all.operations().get("s").summary());

        // What leaking the other operation's facts would do: the outer product collapses to a diagonal.
        List<Constraint> leaked = new ArrayList<>(outer().constraints());
        leaked.addAll(dot().constraints().stream().filter(c -> !c.toString().contains("s_")).toList());
        Projections contaminated = ProjectionInference.project(outer().withConstraints(leaked), model);
        assertEquals(contaminated.lhs().get(0), contaminated.lhs().get(1));
        assertNotEquals(z.lhs().get(0), z.lhs().get(1));
    }

    @Test
    void projectionsOfAnOperationIgnoreTheRestOfTheProgram() {
        Assignment alone = Ops.model(List.of(outer()), AB);
        Assignment withDot = Ops.model(List.of(dot(), outer()), AB);
        assertEquals(ProjectionInference.project(outer(), alone), ProjectionInference.project(outer(), withDot));
    }

    @Test
    void repeatedTensorNeedsSlotsAndGetsDistinctIds() {
        // y = a * a (compose): occurrence 1's input contracts with occurrence 2's output.
        TensorOccurrence a = Ops.t("a");
        List<Constraint> cs = Ops.cs(
                "<_slot1_i> <= <_slot2_o>", "<_slot0_b> <= <_slot1_b>", "<_slot0_b> <= <_slot2_b>",
                "<_slot0_i> <= <_slot2_i>", "<_slot0_o> <= <_slot1_o>");
        Operation sq = Operation.of("y", OpKind.COMPOSE, Ops.t("y"), List.of(a, a), cs);
        Projections p = Ops.project(sq, "<a_b> ~ []", "<a_o> ~ [3]", "<a_i> ~ [3]");
        assertEquals("product [s0:3, s1:3, s2:3] lhs [s0, s1] rhs [[s0, s2], [s2, s1]] reduce [s2] accumulate initialize",
                p.summary());

        // The same constraints written with the tensor's own rows are ambiguous: a clear error.
        Operation ambiguous = Operation.of("y", OpKind.COMPOSE, Ops.t("y"), List.of(a, a), sq.globalConstraints());
        ProjectionError e = org.junit.jupiter.api.Assertions.assertThrows(ProjectionError.class,
                () -> ProjectionInference.project(ambiguous, Ops.model(List.of(sq), "<a_b> ~ []", "<a_o> ~ [3]", "<a_i> ~ [3]")));
        assertEquals(ProjectionError.Kind.INPUT, e.kind());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("Operation.slot"), e.getMessage());
    }
}
