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
 * {@code solve --trace} (issue 28): after the answer, each stage with what it bound; in JSON the
 * field {@code trace}, whose steps add up to the answer's. Without {@code --trace} the output has
 * no trace (the answer is unchanged).
 */
class SolveTraceTest {
    @TempDir Path dir;

    /** A leaf row closed by stage 3 to the join of its caps, a leaf dim by stage 4 to its cap. */
    private Path leaves() throws Exception {
        return Files.writeString(dir.resolve("leaves.shc"), "leaf <x>, a\n[2, 3] <= <x>\n[4, 3] <= <x>\n3 <= a\n");
    }

    @Test
    void textNamesTheStageThatBoundEachVariable() throws Exception {
        CliRun t = CliRun.of("solve", "--trace", leaves().toString());
        assertEquals(0, t.code(), t::out);
        String out = t.out();
        int trace = out.indexOf("trace:\n");
        assertTrue(trace > 0 && out.indexOf("closed:") < trace, out);
        String leafRows = out.substring(out.indexOf("stage 3 LEAF_ROWS"), out.indexOf("stage 4 LEAF_DIMS"));
        assertTrue(leafRows.contains("1 commitment(s)") && leafRows.contains("bound <x> = [1, 3]"), leafRows);
        String leafDims = out.substring(out.indexOf("stage 4 LEAF_DIMS"), out.indexOf("stage 5 SIZE_GUESS"));
        assertTrue(leafDims.contains("bound a = 3"), leafDims);
        assertFalse(CliRun.of("solve", leaves().toString()).out().contains("trace"));
    }

    @Test
    void jsonTraceStepsAddUpToTheAnswers() throws Exception {
        JsonNode doc = ErrorContractTest.oneJson(CliRun.of("solve", "--json", "--trace", leaves().toString()));
        JsonNode trace = doc.get("trace");
        assertEquals(7, trace.size(), doc::toString);
        long steps = 0;
        for (JsonNode s : trace) {
            steps += s.get("steps").asLong();
            assertTrue(s.get("completed").asBoolean(), s::toString);
        }
        assertEquals(doc.get("stats").get("steps").asLong(), steps, doc::toString);
        assertEquals("LEAF_ROWS", trace.get(1).get("name").asText());
        assertEquals("[1, 3]", trace.get(1).get("bound").get("<x>").asText());
        assertFalse(ErrorContractTest.oneJson(CliRun.of("solve", "--json", leaves().toString())).has("trace"));
    }

    @Test
    void aFailureEndsItsStage() throws Exception {
        Path f = Files.writeString(dir.resolve("param.shc"), "param p\nleaf p\n<r> ~ [p]\n");
        JsonNode doc = ErrorContractTest.oneJson(CliRun.of("solve", "--json", "--trace", f.toString()));
        JsonNode last = doc.get("trace").get(doc.get("trace").size() - 1);
        assertFalse(last.get("completed").asBoolean(), doc::toString);
        assertEquals("LEAF_GUESS", last.get("name").asText(), doc::toString);
    }
}
