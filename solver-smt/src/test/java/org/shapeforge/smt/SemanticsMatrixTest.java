package org.shapeforge.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Row;

/**
 * The same inputs under the four semantics ({@code language.md}, "Semantics"), java-smt style:
 * one test body per semantics, skipped with a reason where the property does not apply.
 */
class SemanticsMatrixTest {
    /** Input, then the expected verdict under flat, marked, rigid, content ('s' sat, 'u' unsat). */
    static final Map<String, String> TABLE = Map.ofEntries(
            Map.entry("<r> ~ [3, 5]; [3] <> [9, 5] <= <r>", "suus"),           // Remark 2.11
            Map.entry("[3] <> <= [3]", "uuus"),                                 // flank-fit vs one-shot
            Map.entry("[3] <r> [4] <= [3, 5, 4]", "ssss"),                      // deficit: rank 4 models
            Map.entry("[3] <r> [4] <=1 [3, 5, 4]", "ssss"),                     // one-shot: r = [5]
            Map.entry("[3] <r> [4] <= [3, 5, 4]; <r> ~ [5]", "uuss"),           // marked order needs rank ≥ 4
            Map.entry("[5] <> [3] <= ![3]", "uuuu"),                            // clause (d)
            Map.entry("![5, 3] <= [3]", "ssss"),                                // clause (c)
            Map.entry("![3] <= ![3]; ![3] ~ [3]", "suss"),                      // sorts differ: marked identity fails
            Map.entry("[2] <> [3] ~ [2, 3]", "suss"),                           // ≈ ignores the marker
            Map.entry("<r> ~ [2, 3]; <r> <= [] <> [3]", "ssss"),                // rigid value below a marked upper: (c)
            Map.entry("<r> ~ [2, 3]; <r> <= [2] <>", "suss"),                   // marked: r = []◇[2,3] fails flank-fit
            Map.entry("<r> ~ [2, 3]; <r> <= [2, 3] <> [4]", "uuuu"),          // rank 2 < 3
            Map.entry("<r> <= ![2, 3]; <r> ~ [2, 3]", "uuss"),                  // marked value below rigid: (d)
            Map.entry("a = 3 ^ b; b = 4; total([a, b]) = 28", "ssss"),
            Map.entry("a = 2:x ^ 3:y", "uuuu"),                                 // basis conflict
            Map.entry("a = 2:x ^ 3; a = 5:x", "ssss"));

    static Stream<Arguments> cases() {
        return TABLE.entrySet().stream().flatMap(e -> Stream.of(Semantics.values())
                .map(s -> Arguments.of(e.getKey(), s, e.getValue().charAt(s.ordinal()))));
    }

    @ParameterizedTest(name = "{1}: {0}")
    @MethodSource("cases")
    void verdictPerSemantics(String input, Semantics s, char expected) {
        Outcome o = new SmtSolver().solve(Parser.parse("matrix.shc", input), SolveOptions.defaults().withSemantics(s));
        if (expected == 's') assertInstanceOf(Outcome.Sat.class, o, () -> s + ": " + o);
        else assertInstanceOf(Outcome.Unsat.class, o, () -> s + ": " + o);
    }

    @ParameterizedTest
    @EnumSource(Semantics.class)
    void rowValuesHaveTheSortOfTheSemantics(Semantics s) {
        Outcome o = new SmtSolver().solve(Parser.parse("sort.shc", "<r> ~ [2, 3]"), SolveOptions.defaults().withSemantics(s));
        Row r = assertInstanceOf(Outcome.Sat.class, o).model().rows().get("r");
        assertEquals(s == Semantics.RIGID ? Row.Rigid.class : Row.Closed.class, r.getClass());
        assertEquals(List.of(new org.shapeforge.term.Dim.Atom(2), new org.shapeforge.term.Dim.Atom(3)), r.flat());
    }

    @ParameterizedTest
    @EnumSource(Semantics.class)
    void remark211ModelPlacesTheMarkerAfterTheFirstAxis(Semantics s) {
        assumeTrue(s != Semantics.RIGID, "rigid: row-variable values are rigid rows, there is no marker to place");
        assumeTrue(s != Semantics.MARKED, "marked: identity forces []◇[3,5] and the input is unsat (verdict table)");
        Outcome o = new SmtSolver().solve(Parser.parse("w01.shc", "<r> ~ [3, 5]; [3] <> [9, 5] <= <r>"),
                SolveOptions.defaults().withSemantics(s));
        Row r = assertInstanceOf(Outcome.Sat.class, o).model().rows().get("r");
        assertEquals(Parser.parseRow("[3] <> [5]"), r, () -> Printer.print(r));
    }
}
