package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.solve.Solve.det;
import static org.shapeforge.solve.Solve.sat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;
import org.shapeforge.term.Dim;

/**
 * Rows bound to compound dimension terms ({@code x ^ y}, {@code affine(...)}) in the closed model,
 * the solved form and γ↑: σ⋆ is read into the term and the term folded to the atom it denotes
 * ({@code semantics.Sizes}). Regression for the closed model that grounded the parts of such a row
 * at the unit ({@code <o> = [2]} for {@code x = 3, y = 5}) or left the row out of the model.
 * Every answer is checked by the evaluator, in every order of the constraints.
 */
class CompoundTermsClosingTest {

    /** Solves {@code lines} in every rotation and reverse; the model must hold and give {@code rows} their axes. */
    private static Outcome.Sat closes(List<String> lines, Map<String, List<Long>> rows, Map<String, Long> dims) {
        Outcome.Sat first = null;
        for (List<String> order : orders(lines)) {
            String[] text = order.toArray(String[]::new);
            Problem p = Solve.problem(text);
            Outcome.Sat s = sat(det(text));
            assertTrue(Evaluator.holdsAll(p.constraints(), s.model(), Semantics.FLAT), order + ": " + s.model());
            assertEquals(Input.of(p).rowVars().size(), s.model().rows().size(), order + ": every row closed: " + s.model());
            for (var e : rows.entrySet())
                assertEquals(e.getValue(), sizes(s.model().rows().get(e.getKey()).flat()), order + ": <" + e.getKey() + ">");
            for (var e : dims.entrySet())
                assertEquals(Dim.atom(e.getValue()), s.model().dims().get(e.getKey()), order + ": " + e.getKey());
            var up = s.solved().orElseThrow().upward();
            assertTrue(Evaluator.holdsAll(p.constraints(), up, Semantics.FLAT) || !s.solved().get().principal(),
                    order + ": γ↑ of a principal solved form is a solution: " + up);
            if (first == null) first = s;
        }
        return first;
    }

    private static List<Long> sizes(List<Dim> axes) {
        return axes.stream().map(d -> d instanceof Dim.Atom a ? a.size() : -1L).toList();
    }

    private static List<List<String>> orders(List<String> lines) {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            List<String> r = new ArrayList<>(lines.subList(i, lines.size()));
            r.addAll(lines.subList(0, i));
            out.add(r);
            out.add(r.reversed());
        }
        return out;
    }

    @Test
    void concatForward_throughARowInequality() {
        closes(List.of("x = 3", "y = 5", "<o> ~ [x ^ y]", "<w> <= <o>"),
                Map.of("o", List.of(8L), "w", List.of(8L)), Map.of("x", 3L, "y", 5L));
    }

    @Test
    void concatForward_solvedFormBindsTheSum() {
        var s = closes(List.of("x = 3", "y = 5", "<o> ~ [x ^ y]"), Map.of("o", List.of(8L)), Map.of());
        var sf = s.solved().orElseThrow();
        assertEquals(List.of(Dim.atom(8)), sf.rowBindings().get("o").flat());
        assertEquals(List.of(Dim.atom(8)), sf.upward().rows().get("o").flat());
    }

    @Test
    void concatForward_threePartsThroughRows() {
        closes(List.of("<a> ~ [2]", "<b> ~ [3]", "<c> ~ [1]", "<a> ~ [i]", "<b> ~ [j]", "<c> ~ [k]", "<y> ~ [i ^ j ^ k]"),
                Map.of("y", List.of(6L)), Map.of("i", 2L, "j", 3L)); // k is the unit ([1] in .shc)
    }

    @Test
    void concatBackward_solvesTheMissingPart() {
        closes(List.of("y = 2", "<o> ~ [x ^ y]", "<o> ~ [7]"), Map.of("o", List.of(7L)), Map.of("x", 5L, "y", 2L));
    }

    @Test
    void concatNested_andBesideOtherAxes() {
        closes(List.of("a = 2", "b = 3", "c = 4", "<o> ~ [(a ^ b) ^ c, a]", "<w> <= <o>"),
                Map.of("o", List.of(9L, 2L), "w", List.of(9L, 2L)), Map.of());
    }

    @Test
    void concatOfAVariableBoundToAConcat() {
        closes(List.of("a = 2", "b = 3", "s = a ^ b", "<o> ~ [s ^ a]"), Map.of("o", List.of(7L)), Map.of("s", 5L));
    }

    @Test
    void affineForward_convolution() {
        closes(List.of("<w> ~ [2]", "<y> ~ [2]", "<a> ~ [affine(o, stride=1, kernel=k, dilation=1)]", "<w> ~ [k]", "<y> ~ [o]"),
                Map.of("a", List.of(3L)), Map.of("o", 2L, "k", 2L));
    }

    @Test
    void affineForward_stridedThroughARowInequality() {
        closes(List.of("o = 3", "<a> ~ [affine(o, stride=2)]", "<w> <= <a>"),
                Map.of("a", List.of(6L), "w", List.of(6L)), Map.of("o", 3L));
    }

    @Test
    void affineOfAConcat_nested() {
        closes(List.of("x = 1", "y = 2", "<a> ~ [affine(x ^ y, stride=2)]"), Map.of("a", List.of(6L)), Map.of());
    }

    @Test
    void freeParts_closeAtTheUnitAndTheSumFollows() {
        var s = sat(det("<o> ~ [x ^ y]", "<w> <= <o>"));
        var p = Solve.problem("<o> ~ [x ^ y]", "<w> <= <o>");
        assertTrue(Evaluator.holdsAll(p.constraints(), s.model(), Semantics.FLAT), s.model().toString());
        assertEquals(List.of(Dim.atom(2)), s.model().rows().get("o").flat());
    }
}
