package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.shapeforge.solve.Solve.sat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Printer;
import org.shapeforge.semantics.Admissible;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.ClosingPolicy;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * {@code --closing ocannl}'s stage 3 (seed 000: "sets yet-unknown row variables in terminal
 * shapes to their least upper bounds LUB", the LUB read from the row environment; issue 28):
 * a terminal row whose only cap is an interior row takes the bound that reaches it through that
 * row, where the notes' Def. 6.1 (the default) closes it to no-further-axes.
 */
class RowEnvLubTest {

    /** A parameter {@code b}, {@code t = relu(b)}, {@code y = t + x} with {@code x.o = [784]} (the output rows). */
    static final List<String> THROUGH_ONE = List.of("<t> <= <b>", "<y> <= <t>", "<y> <= [784]", "param <b>");

    /** Two interior rows in a chain, two axes. */
    static final List<String> THROUGH_TWO = List.of("<t1> <= <b>", "<t2> <= <t1>", "<y> <= <t2>", "<y> <= [3, 5]", "leaf <b>");

    static Outcome.Sat solve(List<String> lines, ClosingPolicy p) {
        var problem = Solve.problem(lines.toArray(String[]::new));
        var s = sat(new NativeSolver().solve(problem, SolveOptions.defaults().withClosing(p)));
        assertEquals(true, Admissible.solves(problem, s.model(), Semantics.FLAT), "closing ∈ Sol: " + Printer.print(s.model()));
        return s;
    }

    static String row(Outcome.Sat s, String v) {
        return Printer.print(s.model().rows().get(v));
    }

    @Test
    void ocannl_terminalRowTakesTheLubThroughAnInteriorRow() {
        assertEquals("[784]", row(solve(THROUGH_ONE, ClosingPolicy.OCANNL), "b"));
        assertEquals("[784]", row(solve(THROUGH_ONE, ClosingPolicy.OCANNL), "t"));
        assertEquals("[3, 5]", row(solve(THROUGH_TWO, ClosingPolicy.OCANNL), "b"));
    }

    /** The default keeps Def. 6.1: the join of the ground parts of b's own caps ({@code <t>}: none) is {@code []}. */
    @Test
    void notes_terminalRowWithoutGroundCapClosesToNoFurtherAxes() {
        assertEquals("[]", row(solve(THROUGH_ONE, ClosingPolicy.NOTES), "b"));
        assertEquals("[]", row(solve(THROUGH_TWO, ClosingPolicy.NOTES), "b"));
    }

    /** Flows through two interior rows join, distinct atoms to the unit (Prop. 2.7), as OCANNL's dimension-wise LUB. */
    @Test
    void ocannl_twoFlowsJoin() {
        List<String> lines = List.of("<t> <= <b>", "<u> <= <b>", "<y> <= <t>", "<z> <= <u>", "<y> <= [2, 3]", "<z> <= [4, 3]", "leaf <b>");
        assertEquals("[1, 3]", row(solve(lines, ClosingPolicy.OCANNL), "b"));
        assertEquals("[]", row(solve(lines, ClosingPolicy.NOTES), "b"));
    }

    /** The same closed values in every order of the constraints and under renamed variables. */
    @Test
    void ocannl_orderAndNamesDoNotMatter() {
        Map<String, String> rename = Map.of("t1", "zz", "t2", "aa", "b", "m", "y", "q");
        for (List<String> order : ClosingTest.permutations(THROUGH_TWO)) {
            assertEquals("[3, 5]", row(solve(order, ClosingPolicy.OCANNL), "b"), order.toString());
            List<String> renamed = new ArrayList<>();
            for (String line : order) {
                String r = line;
                for (var e : rename.entrySet()) r = r.replace("<" + e.getKey() + ">", "<" + e.getValue() + ">");
                renamed.add(r);
            }
            var s = solve(renamed, ClosingPolicy.OCANNL);
            assertEquals("[3, 5]", row(s, "m"), renamed.toString());
            assertEquals("[3, 5]", row(s, "zz"), renamed.toString());
        }
    }

    /**
     * 40 diamonds in a chain ({@code <a_i> <= <x_i>, <a_i> <= <y_i>, <x_i> <= <a_i+1>, <y_i> <=
     * <a_i+1>}): 2^40 paths from the leaf down to the bound, each variable's LUB read once.
     */
    @Test
    void ocannl_diamondsAreReadOncePerVariable() {
        List<String> lines = new ArrayList<>(List.of("<y> <= <a0>", "<y> <= [7]", "leaf <a40>"));
        for (int i = 0; i < 40; i++)
            lines.addAll(List.of("<a" + i + "> <= <x" + i + ">", "<a" + i + "> <= <z" + i + ">",
                    "<x" + i + "> <= <a" + (i + 1) + ">", "<z" + i + "> <= <a" + (i + 1) + ">"));
        var s = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> solve(lines, ClosingPolicy.OCANNL), "2^40 paths: each variable's LUB must be read once");
        assertEquals("[7]", row(s, "a40"));
    }

    /** Mutual caps between interior rows (a cycle of adjacencies) end, and the bound below still reaches the leaf. */
    @Test
    void ocannl_cycleOfInteriorRows() {
        var s = solve(List.of("<t> <= <b>", "<u> <= <t>", "<t> <= <u>", "<y> <= <u>", "<y> <= [4]", "leaf <b>"), ClosingPolicy.OCANNL);
        assertEquals("[4]", row(s, "b"));
    }

    /**
     * Stage 3's exception, "but only if they don't have a Total_elems 1 constraint" ({@code
     * close.TotalOneRows}): OCANNL gives the row no LUB and then no-further-axes; the notes close it to
     * its cap's join, and Total_elems fails (a policy failure).
     */
    @Test
    void ocannl_totalElemsOneRowTakesNoLub() {
        List<String> lines = List.of("[3] <= <r>", "total(<r>) = 1", "leaf <r>");
        assertEquals("[]", row(solve(lines, ClosingPolicy.OCANNL), "r"));
        var notes = new NativeSolver().solve(Solve.problem(lines.toArray(String[]::new)), SolveOptions.defaults());
        assertEquals(org.shapeforge.solver.FailureKind.POLICY, Solve.unsat(notes).failure().kind(), notes.toString());
    }
}
