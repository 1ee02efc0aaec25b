package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code solve} with dynamic dims (issue 31): sizes determined as functions of the dynamic dims are
 * printed in a {@code symbolic:} section (JSON {@code symbolic}), never as numbers in
 * {@code closed:}; the {@code upward:} line is printed only when it satisfies the input.
 */
class SolveSymbolicOutputTest {
    @TempDir Path dir;

    @Test
    void aStridedConvolutionIsPrintedSymbolically() throws Exception {
        Path f = Files.writeString(dir.resolve("conv.shc"), """
                y_0 = batch
                y_1 = 4
                size(rem_3) in 1..2
                size(samples) + 5 == 2 * size(y_2) + size(3) + size(rem_3)
                dynamic batch, samples
                """);
        CliRun t = CliRun.of("solve", f.toString());
        assertEquals(0, t.code(), t::out);
        assertTrue(t.out().contains("symbolic:\n") && t.out().contains("  y_2 = (samples + 1) // 2\n"), t::out);
        String closed = t.out().substring(t.out().indexOf("closed:"), t.out().indexOf("symbolic:"));
        assertFalse(closed.contains("batch") || closed.contains("samples") || closed.contains("y_2"), closed);
        JsonNode doc = ErrorContractTest.oneJson(CliRun.of("solve", "--json", f.toString()));
        assertEquals("(samples + 1) // 2", doc.get("symbolic").get("y_2").asText(), doc::toString);
        assertEquals("batch", doc.get("symbolic").get("y_0").asText(), doc::toString);
        assertFalse(doc.get("closed").has("batch"), doc::toString);
    }

    @Test
    void anUpwardLineThatViolatesTheInputIsNotPrinted() throws Exception {
        Path f = Files.writeString(dir.resolve("total.shc"), "<r> ~ [3, a, 4]\ntotal(<r>) = 60\n");
        CliRun t = CliRun.of("solve", f.toString());
        assertTrue(t.out().contains("  a = 5\n") && !t.out().contains("upward:"), t::out);
        JsonNode doc = ErrorContractTest.oneJson(CliRun.of("solve", "--json", f.toString()));
        assertFalse(doc.has("upward"), doc::toString);
        // a valid γ↑ is still printed
        Path g = Files.writeString(dir.resolve("plain.shc"), "<r> ~ [3, a]\na = 4\n");
        assertTrue(CliRun.of("solve", g.toString()).out().contains("upward: "));
    }

    @Test
    void aForcedSizeIsListedUnderTheBindings() throws Exception {
        Path f = Files.writeString(dir.resolve("forced.shc"), "<r> ~ [3, a, 4]\ntotal(<r>) = 60\n");
        CliRun t = CliRun.of("solve", f.toString());
        String bindings = t.out().substring(t.out().indexOf("bindings:"), t.out().indexOf("residual:"));
        assertTrue(bindings.contains("  size(a) = 5\n"), t::out);
        JsonNode doc = ErrorContractTest.oneJson(CliRun.of("solve", "--json", f.toString()));
        assertEquals(5, doc.get("forcedSizes").get("a").asLong(), doc::toString);
        // a size nothing forces is not listed
        Path g = Files.writeString(dir.resolve("free.shc"), "<r> ~ [3, a, 4]\nsize(a) in 2..9\n");
        JsonNode free = ErrorContractTest.oneJson(CliRun.of("solve", "--json", g.toString()));
        assertEquals("sat", free.get("verdict").asText(), free::toString);
        assertFalse(free.get("forcedSizes").has("a"), free::toString);
    }
}
