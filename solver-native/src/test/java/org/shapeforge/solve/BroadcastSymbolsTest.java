package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.shapeforge.solver.Outcome;

/**
 * Golden tests (beside {@link SymbolicSizesTest}) of stage 5's closing of a variable below symbols
 * only: a broadcast result below one dynamic or derived symbol, or below several with provably
 * equal values, is that symbol before any numeric guess, so a strided convolution downstream stays
 * symbolic and no dynamic dim is closed to a number (torchvision's resnet18 / mobilenet_v2 /
 * small CNN exported with dynamic height and width printed every spatial axis as 1). Each case is
 * also solved shuffled and renamed: the same answer.
 */
class BroadcastSymbolsTest {
    /** {@code /tmp/solver-defects/broadcast-below-dynamic-closes-it.shc}: was {@code closed: d = 1, height = 1, …}. */
    static final String[] BROADCAST_THEN_STRIDE = {"dynamic height", "[d] <= [height]", "size(r1) in 1..2",
        "size(d) + 5 == 2 * size(e) + size(3) + size(r1)"};
    /** Two same-padded convs, a residual Add (below both, each = height), a stride-2 conv: was {@code closed: height = 1}. */
    static final String[] ADD_THEN_STRIDED_CONV = {"size(rem_4) in 1..1", "size(height) + 4 == size(y_8) + size(3) + size(rem_4)",
        "size(rem_14) in 1..1", "size(height) + 4 == size(y_22) + size(3) + size(rem_14)", "y_28 <= y_8", "y_28 <= y_22",
        "size(rem_38) in 1..2", "size(y_28) + 5 == 2 * size(y_36) + size(3) + size(rem_38)", "dynamic height"};
    /** A pool (stride 2), an Add below its derived result, a conv, a residual Add: was every one closed to 1 and {@code where h - ((h + 1) % 2) - 1 == 0}. */
    static final String[] RESIDUAL_AFTER_FLOOR = {"dynamic h", "size(r) in 1..2", "size(h) + 5 == 2 * size(e) + 3 + size(r)",
        "[d] <= [e]", "size(r3) in 1..1", "size(d) + 4 == size(k) + 3 + size(r3)", "[p] <= [k]", "[p] <= [d]"};

    /** Cut from small_cnn_hw: a stride-2 conv, then a ceil-mode pool (the remainder on the input's side): was {@code y = 1} and a condition pinning h. */
    static final String[] CEIL_MODE_POOL = {"dynamic h", "size(r1) in 1..2", "size(h) + 5 == 2 * size(e) + size(3) + size(r1)",
        "size(r2) in 1..2", "size(e) + size(r2) + 1 == 2 * size(y) + 2"};

    private static Map<String, String> shown(Outcome.Sat s) {
        Map<String, String> out = new TreeMap<>();
        s.solved().orElseThrow().symbolicSizes().sizes().forEach((k, v) -> out.put(k, v.toString()));
        return out;
    }

    private static Map<String, String> solve(String... c) {
        Outcome.Sat s = Solve.sat(Solve.det(c));
        for (String v : List.of("height", "h", "q_height", "q_h"))
            assertFalse(s.model().dims().containsKey(v), v + " closed to a number: " + s.model());
        return shown(s);
    }

    @Test
    void broadcastBelowADynamicDimIsThatDim() {
        Map<String, String> sym = solve(BROADCAST_THEN_STRIDE);
        assertEquals(Map.of("d", "height", "e", "(height + 1) // 2", "r1", "(height + 1) % 2 + 1"), sym);
    }

    @Test
    void residualAddOfTwoEqualSymbolsThenAStridedConv() {
        Map<String, String> sym = solve(ADD_THEN_STRIDED_CONV);
        assertEquals("height", sym.get("y_28"), sym::toString);
        assertEquals("(height + 1) // 2", sym.get("y_36"), sym::toString);
        assertEquals("(height + 1) % 2 + 1", sym.get("rem_38"), sym::toString);
    }

    @Test
    void broadcastBelowADerivedSymbolLeavesNoCondition() {
        Outcome.Sat s = Solve.sat(Solve.det(RESIDUAL_AFTER_FLOOR));
        Map<String, String> sym = shown(s);
        for (String v : List.of("e", "d", "k", "p")) assertEquals("(h + 1) // 2", sym.get(v), v + ": " + sym);
        assertEquals(List.of(), s.solved().orElseThrow().symbolicSizes().conditions());
        assertFalse(s.model().dims().containsKey("e"), s.model()::toString);
    }

    @Test
    void ceilModePoolIsAFloorDivisionToo() {
        Outcome.Sat s = Solve.sat(Solve.det(CEIL_MODE_POOL));
        Map<String, String> sym = shown(s);
        assertEquals("(h + 3) // 4", sym.get("y"), sym::toString);
        assertEquals(List.of(), s.solved().orElseThrow().symbolicSizes().conditions());
        var sizes = s.solved().orElseThrow().symbolicSizes().sizes();
        for (long h = 1; h < 50; h++) { // e + r2 + 1 == 2·y + 2 with r2 in 1..2 at every h
            long e = sizes.get("e").eval(Map.of("h", h)), y = sizes.get("y").eval(Map.of("h", h)), r2 = sizes.get("r2").eval(Map.of("h", h));
            assertEquals(e + r2 + 1, 2 * y + 2, "h = " + h);
            org.junit.jupiter.api.Assertions.assertTrue(r2 >= 1 && r2 <= 2 && y >= 1, "h = " + h);
        }
    }

    /**
     * {@code /tmp/solver-defects/forced-dynamic-stays-residual.shc}: a dynamic dim the constraints
     * force is a binding in σ⋆, and so is every variable bound to it (was {@code y = batch} with
     * {@code size(batch) == 32} left in the residual). Shuffled and renamed: the same.
     */
    @Test
    void forcedDynamicDimIsABinding() {
        String[] c = {"dynamic batch", "y = batch", "size(a) * size(b) == size(y)", "a = 2", "b = 16"};
        Random rnd = new Random(32);
        for (int k = 0; k < 4; k++) {
            List<String> lines = new ArrayList<>(List.of(c));
            Collections.shuffle(lines, rnd);
            boolean renamed = k % 2 == 1;
            if (renamed) lines.replaceAll(BroadcastSymbolsTest::rename);
            String p = renamed ? "q_" : "";
            Outcome.Sat s = Solve.sat(Solve.det(lines.toArray(String[]::new)));
            var bindings = s.solved().orElseThrow().dimBindings();
            assertEquals(org.shapeforge.term.Dim.atom(32), bindings.get(p + "batch"), bindings::toString);
            assertEquals(org.shapeforge.term.Dim.atom(32), bindings.get(p + "y"), bindings::toString);
        }
        // not forced: the dim stays a symbol in σ⋆
        var b = Solve.sat(Solve.det("dynamic batch", "y = batch", "size(a) * size(b) == size(z)", "a = 2", "b = 16"))
                .solved().orElseThrow().dimBindings();
        assertEquals(org.shapeforge.term.Dim.var("batch"), b.get("y"), b::toString);
        assertFalse(b.containsKey("batch"), b::toString);
    }

    /** A capped variable above a symbol: its cap would pin the symbol (was {@code closed: d = 3, h = 3, q = 3}). */
    @Test
    void capAboveASymbolDoesNotPinIt() {
        for (String[] c : List.of(new String[] {"dynamic h", "[d] <= [h]", "[d] <= [q]", "3 <= q"},
                new String[] {"3 <= q", "[d] <= [q]", "[d] <= [h]", "dynamic h"})) {
            Outcome o = Solve.det(c);
            if (o instanceof Outcome.Sat s) {
                assertFalse(s.model().dims().containsKey("h"), s.model()::toString);
                assertEquals("h", shown(s).get("d"), shown(s)::toString);
            } else org.junit.jupiter.api.Assertions.assertTrue(o instanceof Outcome.Unknown, o::toString);
        }
    }

    /** Below two different dynamic dims a broadcast result has no symbolic reading: never a number for either. */
    @Test
    void belowTwoDifferentSymbolsStaysOpen() {
        Outcome o = Solve.det("dynamic a, b", "[y] <= [a]", "[y] <= [b]");
        if (o instanceof Outcome.Sat s) {
            assertFalse(s.model().dims().containsKey("a"), s.model()::toString);
            assertFalse(s.model().dims().containsKey("b"), s.model()::toString);
        }
        // then a strided conv on y: its numeric guess for y pinned a = b = 1; no symbolic reading: Unknown
        for (String[] c : List.of(
                new String[] {"dynamic a, b", "[y] <= [a]", "[y] <= [b]", "size(y) + 5 == 2 * size(e) + size(3) + size(r)", "size(r) in 1..2"},
                new String[] {"size(r) in 1..2", "size(y) + 5 == 2 * size(e) + size(3) + size(r)", "[y] <= [b]", "[y] <= [a]", "dynamic b, a"})) {
            Outcome u = Solve.det(c);
            org.junit.jupiter.api.Assertions.assertTrue(u instanceof Outcome.Unknown, u::toString);
        }
    }

    private static final Pattern NAME = Pattern.compile("\\b[a-z][a-z0-9_]*\\b");

    private static String rename(String line) {
        Matcher m = NAME.matcher(line);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String n = m.group();
            m.appendReplacement(out, List.of("size", "in", "dynamic").contains(n) ? n : "q_" + n);
        }
        return m.appendTail(out).toString();
    }

    @Test
    void answersDoNotDependOnOrderOrNames() {
        Random rnd = new Random(12);
        for (String[] c : List.of(BROADCAST_THEN_STRIDE, ADD_THEN_STRIDED_CONV, RESIDUAL_AFTER_FLOOR, CEIL_MODE_POOL)) {
            Map<String, String> base = solve(c);
            for (int k = 0; k < 4; k++) {
                List<String> lines = new ArrayList<>(List.of(c));
                Collections.shuffle(lines, rnd);
                assertEquals(base, solve(lines.toArray(String[]::new)), "shuffled " + lines);
            }
            Map<String, String> expect = new TreeMap<>();
            base.forEach((k, v) -> expect.put(rename(k), rename(v)));
            List<String> renamed = new ArrayList<>(List.of(c).stream().map(BroadcastSymbolsTest::rename).toList());
            Collections.reverse(renamed);
            assertEquals(expect, solve(renamed.toArray(String[]::new)), String.join("; ", renamed));
        }
    }
}
