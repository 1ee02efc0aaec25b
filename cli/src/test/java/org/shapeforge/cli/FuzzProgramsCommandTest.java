package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.oracle.fuzz.Klass;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.ShapeLogic;

/**
 * {@code fuzz --programs} (issue 11, the surface-language probe of Cor. 5.5): one JSON document
 * whose counts are over the known classes and add up to the cases run; every finding file is a
 * program that still parses and generates, and its class is one that is written out. A violation
 * found by the fuzzer fails the test (issue 27: it used to pass with violations counted).
 */
class FuzzProgramsCommandTest {

    private static final Set<String> KNOWN = Arrays.stream(Klass.values()).map(k -> k.keyword).collect(Collectors.toSet());

    @Test
    void twentyProgramsAreCountedInKnownClasses(@TempDir Path dir) throws Exception {
        var r = CliRun.of("fuzz", "--programs", "--seed", "3", "--cases", "20", "--json", "--out", dir.toString());
        assertTrue(r.code() == Cli.OK || r.code() == Cli.NEGATIVE, r.code() + ": " + r.err() + r.out());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("programs", doc.get("mode").asText());
        assertEquals(20, doc.get("cases").asLong());
        long sum = 0, violations = 0;
        for (var e : doc.get("counts").properties()) {
            assertTrue(KNOWN.contains(e.getKey()), "unknown class " + e.getKey());
            sum += e.getValue().asLong();
            if (Klass.valueOf(e.getKey().toUpperCase().replace('-', '_')).isViolation()) violations += e.getValue().asLong();
        }
        assertEquals(20, sum, doc.toString());
        assertEquals(violations, doc.get("violations").asLong());
        assertEquals(violations == 0 ? Cli.OK : Cli.NEGATIVE, r.code());
        // a violation is a defect (unsound, metamorphic, crash): the test fails on it, naming the findings
        assertEquals(0, violations, () -> "fuzz --programs found violations: " + doc.get("findings"));
        for (JsonNode f : doc.get("findings")) {
            String klass = f.get("class").asText();
            assertTrue(klass.startsWith("unsound") || klass.equals("policy-rejection") || klass.equals("metamorphic")
                    || klass.equals("crash"), klass);
            Path p = Path.of(f.get("file").asText());
            assertTrue(p.getFileName().toString().endsWith(".shp"), p.toString());
            String text = Files.readString(p);
            if (!klass.equals("crash")) ShapeLogic.generate(ProgramParser.parse(p.toString(), text)).problem();
        }
    }

    @Test
    void fragmentAndConcatAreUsageErrorsInTheWrongMode() {
        assertEquals(Cli.BAD_INPUT, CliRun.of("fuzz", "--programs", "--fragment", "core", "--cases", "1").code());
        assertEquals(Cli.BAD_INPUT, CliRun.of("fuzz", "--concat", "--cases", "1").code());
    }
}
