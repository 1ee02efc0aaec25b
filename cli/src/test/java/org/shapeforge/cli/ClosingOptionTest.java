package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code --closing notes|ocannl} on {@code infer} and {@code solve} (issue 28): the default is the
 * notes' closing, {@code ocannl} gives OCANNL's answer on the golden cases of the oracle's
 * {@code ocannl/} folder, and any other value is a usage error (exit 2) naming both policies.
 */
class ClosingOptionTest {
    static final Path CASES = Path.of("../oracle/src/test/resources/ocannl");

    @Test
    void inferTakesTheOcannlClosingOnlyWhenAsked() {
        String shp = CASES.resolve("env-lub.shp").toString();
        CliRun notes = CliRun.of("infer", shp), explicit = CliRun.of("infer", shp, "--closing", "notes");
        assertEquals(1, notes.code(), notes.out());
        assertTrue(notes.out().contains("unspecified hidden dimension in parameter <b'o>"), notes.out());
        assertEquals(notes.out(), explicit.out());
        CliRun ocannl = CliRun.of("infer", shp, "--closing", "ocannl");
        assertEquals(0, ocannl.code(), ocannl.out());
        assertTrue(ocannl.out().lines().anyMatch(l -> l.matches("b\\s+\\|->784\\s+.*")), ocannl.out());
    }

    @Test
    void solveTakesTheOption() {
        String shc = Path.of("../examples/broadcast-closing.shc").toString();
        CliRun ocannl = CliRun.of("solve", shc, "--closing", "OCANNL");
        assertEquals(CliRun.of("solve", shc).code(), ocannl.code(), ocannl.out());
    }

    @Test
    void anUnknownPolicyIsAUsageError() {
        CliRun r = CliRun.of("solve", "../examples/broadcast-closing.shc", "--closing", "lub");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("unknown closing policy 'lub' (notes or ocannl)"), r.err());
    }
}
