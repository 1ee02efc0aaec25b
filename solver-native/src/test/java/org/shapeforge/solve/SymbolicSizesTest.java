package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SymbolicSizes;
import org.shapeforge.term.Dim;

/**
 * Golden tests of issue 31's symbolic closing (the ONNX reproducers of {@code shared/onnx-repro},
 * emitted as {@code .shc}): sizes determined as functions of the dynamic dims are symbolic answers,
 * never numbers; sizes the size system determines are bound before any guess. Each case is also
 * solved with its constraints permuted and its variables renamed: the answer is the same.
 */
class SymbolicSizesTest {
    static final String[] DYN_CONV1D_S2 = {"y_0 = batch", "y_1 = 4", "size(1) == size(1)", "size(rem_3) in 1..2",
        "size(samples) + 5 == 2 * size(y_2) + size(3) + size(rem_3)", "dynamic batch, samples"};
    static final String[] DYN_CONV_S1 = {"y_0 = batch", "y_1 = 4", "size(3) == size(3)", "size(rem_4) in 1..1",
        "size(height) + 4 == size(y_2) + size(3) + size(rem_4)", "size(rem_5) in 1..1",
        "size(width) + 4 == size(y_3) + size(3) + size(rem_5)", "dynamic batch, height, width"};
    static final String[] FLATTEN = {"size(batch) == size(y_0)", "size(3) * size(8) * size(8) == size(y_1)", "dynamic batch"};
    static final String[] GAP_FLATTEN = {"y_0 = batch", "y_1 = 3", "size(y_0) == size(y_2)", "size(y_1) == size(y_3)", "dynamic batch"};
    static final String[] DYN_ADD_ADD = {"[y_0, y_1] <= [batch, 8]", "[y_0, y_1] <= [batch, 8]", "[y_2, y_3] <= [y_0, y_1]",
        "[y_2, y_3] <= [batch, 8]", "dynamic batch"};
    static final String[] RESIDUAL_THEN_CONV = {
        "size(rem_4) in 1..1", "size(8) + 2 == size(y_2) + size(1) + size(rem_4)",
        "size(rem_10) in 1..1", "size(y_2) + 2 == size(y_8) + size(1) + size(rem_10)",
        "y_14 <= y_8", "y_14 <= y_2",
        "size(rem_20) in 1..1", "size(y_14) + 2 == size(y_18) + size(1) + size(rem_20)"};

    private static SymbolicSizes symbolic(Outcome.Sat s) {
        return s.solved().orElseThrow().symbolicSizes();
    }

    private static Map<String, String> shown(Outcome.Sat s) {
        Map<String, String> out = new TreeMap<>();
        symbolic(s).sizes().forEach((k, v) -> out.put(k, v.toString()));
        return out;
    }

    @Test
    void stridedConv1dGivesAFloorDivisionOfTheDynamicLength() {
        Outcome.Sat s = Solve.sat(Solve.det(DYN_CONV1D_S2));
        Map<String, String> sym = shown(s);
        assertEquals("(samples + 1) // 2", sym.get("y_2"), sym::toString);
        assertEquals("(samples + 1) % 2 + 1", sym.get("rem_3"), sym::toString);
        assertEquals("batch", sym.get("y_0"));
        for (String v : List.of("y_2", "rem_3", "samples", "batch"))
            assertFalse(s.model().dims().containsKey(v), v + " closed to a number: " + s.model());
        assertTrue(symbolic(s).checkedAt().size() >= 2, "checked at several bindings: " + symbolic(s).checkedAt());
        // the value is right at every binding: 2·y + 3 + rem == samples + 5 with rem in 1..2
        for (long n = 1; n < 40; n++) {
            long y = symbolic(s).sizes().get("y_2").eval(Map.of("samples", n)), r = symbolic(s).sizes().get("rem_3").eval(Map.of("samples", n));
            assertEquals(n + 5, 2 * y + 3 + r);
            assertTrue(r >= 1 && r <= 2 && y >= 1);
        }
    }

    @Test
    void samePaddedConvKeepsTheSpatialDims() {
        Map<String, String> sym = shown(Solve.sat(Solve.det(DYN_CONV_S1)));
        assertEquals("height", sym.get("y_2"));
        assertEquals("width", sym.get("y_3"));
    }

    @Test
    void flattenKeepsTheBatch() {
        Outcome.Sat s = Solve.sat(Solve.det(FLATTEN));
        assertEquals("batch", shown(s).get("y_0"));
        assertEquals(Dim.atom(192), s.model().dims().get("y_1"));
        assertFalse(s.model().dims().containsKey("batch"));
    }

    @Test
    void globalPoolThenFlattenKeepsTheBatch() {
        Outcome.Sat s = Solve.sat(Solve.det(GAP_FLATTEN));
        assertEquals("batch", shown(s).get("y_2"));
        assertFalse(s.model().dims().containsKey("batch"), s.model()::toString);
    }

    @Test
    void twoResidualAddsKeepTheBatch() {
        Outcome.Sat s = Solve.sat(Solve.det(DYN_ADD_ADD));
        assertFalse(s.model().dims().containsKey("batch"), s.model()::toString);
        assertEquals("batch", shown(s).get("y_0"), shown(s)::toString);
        assertEquals("batch", shown(s).get("y_2"), shown(s)::toString);
    }

    /** Seed 000's "preventing premature guessing": the conv arithmetic's forced sizes are bound before the Add is guessed. */
    @Test
    void forcedSizesAreBoundBeforeAnyGuess() {
        Outcome.Sat s = Solve.sat(Solve.det(RESIDUAL_THEN_CONV));
        for (String v : List.of("y_2", "y_8", "y_14", "y_18")) assertEquals(Dim.atom(8), s.model().dims().get(v), v);
    }

    /** Two strided convolutions in a chain: the nested floor divisions collapse, and the convolution equations are identities. */
    @Test
    void chainedStridesCollapseWithoutConditions() {
        Outcome.Sat s = Solve.sat(Solve.det("size(r1) in 1..2", "size(s) + 5 == 2 * size(y1) + size(3) + size(r1)",
                "size(r2) in 1..2", "size(y1) + 5 == 2 * size(y2) + size(3) + size(r2)", "dynamic s"));
        assertEquals("(s + 3) // 4", shown(s).get("y2"), shown(s)::toString);
        assertEquals(List.of(), symbolic(s).conditions(), symbolic(s).conditions()::toString);
    }

    /** A flatten of two dynamic axes: a product with one unknown is that product. */
    @Test
    void productOfDynamicDimsIsSymbolic() {
        Outcome.Sat s = Solve.sat(Solve.det("size(h) * size(w) == size(y)", "size(y) * size(c) == size(z)", "c = 3", "dynamic h, w"));
        assertEquals("h * w", shown(s).get("y"), shown(s)::toString);
        assertEquals("h * w * 3", shown(s).get("z"), shown(s)::toString);
        // a product inequality or a product of two unknowns stays open (Unknown, never a number)
        Outcome o = Solve.det("size(h) * size(y) == size(z)", "dynamic h");
        assertTrue(o instanceof Outcome.Unknown, o::toString);
    }

    /** A division that must be exact carries its condition; the guard checks at bindings that satisfy it, never at 1. */
    @Test
    void exactDivisionCarriesItsCondition() {
        Outcome.Sat s = Solve.sat(Solve.det("size(n) == 4 * size(y)", "dynamic n"));
        assertEquals("n // 4", shown(s).get("y"), shown(s)::toString);
        List<String> conds = symbolic(s).conditions().stream().map(Object::toString).toList();
        assertTrue(conds.contains("n % 4 == 0"), conds::toString);
        for (Map<String, Long> b : symbolic(s).checkedAt()) assertEquals(0, b.get("n") % 4, b::toString);
        assertFalse(symbolic(s).checkedAt().isEmpty());
    }

    @Test
    void answersDoNotDependOnOrderOrNames() {
        Random rnd = new Random(31);
        for (String[] c : List.of(DYN_CONV1D_S2, DYN_CONV_S1, FLATTEN, GAP_FLATTEN, DYN_ADD_ADD)) {
            Map<String, String> base = shown(Solve.sat(Solve.det(c)));
            for (int k = 0; k < 3; k++) {
                List<String> lines = new ArrayList<>(List.of(c));
                Collections.shuffle(lines, rnd);
                Map<String, String> shuffled = shown(Solve.sat(Solve.det(lines.toArray(String[]::new))));
                assertEquals(base, shuffled, "shuffled " + lines);
            }
            // renamed: every y_ variable to z_, the dynamic dims prefixed
            String[] renamed = java.util.Arrays.stream(c).map(l -> l.replace("y_", "z_").replace("batch", "nb").replace("samples", "ns")
                    .replace("height", "nh").replace("width", "nw")).toArray(String[]::new);
            Map<String, String> expect = new TreeMap<>();
            base.forEach((k, v) -> expect.put(k.replace("y_", "z_"), v.replace("batch", "nb").replace("samples", "ns")
                    .replace("height", "nh").replace("width", "nw")));
            assertEquals(expect, shown(Solve.sat(Solve.det(renamed))), String.join("; ", renamed));
        }
    }
}
