package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code shapeforge query}: native first, Z3 for what native leaves open; the answer names the decider. */
class QueryCommandTest {
    @TempDir
    Path dir;

    Path program(String text) throws Exception {
        Path p = dir.resolve("q.shp");
        Files.writeString(p, text);
        return p;
    }

    static final String FORCED = """
            dynamic n
            x = data(b=[n], o=[784])
            y = data(b=[16], o=[784])
            e = einsum(x, y, "a|->o; a|->o => a|->o")
            """;
    static final String FREE = """
            dynamic n, m
            x = data(b=[n], o=[784])
            y = data(b=[m], o=[784])
            e = einsum(x, y, "a|->o; a|->o => a|->o")
            """;

    JsonNode answers(int code, String... args) throws Exception {
        CliRun r = CliRun.of(args);
        assertEquals(code, r.code(), r.out() + r.err());
        return Cli.JSON.readTree(r.out()).get("answers");
    }

    @Test
    void nativeDecidesWhatStageOneBinds() throws Exception {
        JsonNode a = answers(0, "query", program(FORCED).toString(), "--json", "n = 16");
        assertEquals("proved", a.get(0).get("verdict").asText());
        assertEquals("native", a.get(0).get("decidedBy").asText());
        JsonNode b = answers(1, "query", program(FREE).toString(), "--json", "n == 3");
        assertEquals("refuted", b.get(0).get("verdict").asText());
        assertEquals("native", b.get(0).get("decidedBy").asText());
    }

    @Test
    void z3DecidesRelationsNativeCannot() throws Exception {
        JsonNode a = answers(0, "query", program(FREE).toString(), "--json", "n*4 == m*4", "n = m");
        for (JsonNode x : a) {
            assertEquals("proved", x.get("verdict").asText(), x.toString());
            assertEquals("z3", x.get("decidedBy").asText(), x.toString());
        }
    }

    @Test
    void assumedDistributionFactsAreUsed() throws Exception {
        Path p = program(FREE);
        assertEquals("proved", answers(0, "query", p.toString(), "--json", "--assume", "n % 8 == 0", "n % 4 == 0")
                .get(0).get("verdict").asText());
        assertEquals("refuted", answers(1, "query", p.toString(), "--json", "n % 4 == 0").get(0).get("verdict").asText());
        JsonNode r = answers(1, "query", p.toString(), "--json", "--assume", "n in 1..4096", "n <= 4096", "n <= 4000");
        assertEquals("proved", r.get(0).get("verdict").asText());
        assertEquals("refuted", r.get(1).get("verdict").asText());
        assertTrue(r.get(1).get("detail").asText().contains("n = 40"), r.toString()); // a counterexample above 4000
    }

    @Test
    void aMalformedQueryIsBadInput() throws Exception {
        CliRun r = CliRun.of("query", program(FREE).toString(), "--json", "n ==");
        assertEquals(2, r.code(), r.out() + r.err());
        assertNotNull(Cli.JSON.readTree(r.out()).get("error"));
    }
}
