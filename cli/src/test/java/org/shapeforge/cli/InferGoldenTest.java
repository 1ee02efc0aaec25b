package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Plain {@code infer PROGRAM.shp} (no {@code --emit}), text and {@code --json}, on every example,
 * golden program and OCANNL case of the repository, byte for byte against a capture
 * ({@code infer-golden/infer.txt}: each run's exit code and stdout). The capture was taken when
 * {@code infer} still assembled its own solve; since issue 30 it runs through the
 * {@code pipeline} module's {@code Pipeline}, and nothing it prints may have changed.
 * {@code -Dshapeforge.regolden=true} rewrites the capture and fails the run (review the diff, then run without it).
 */
class InferGoldenTest {
    static final Path GOLDEN = Path.of("src/test/resources/infer-golden/infer.txt");
    static final List<Path> FOLDERS = List.of(Path.of("../examples"), Path.of("../constraints/src/test/resources/program/golden"),
            Path.of("../oracle/src/test/resources/ocannl"), Path.of("../docs/witnesses"));

    static List<Path> programs() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path f : FOLDERS)
            try (Stream<Path> s = Files.list(f)) {
                s.filter(p -> p.toString().endsWith(".shp")).sorted().forEach(out::add);
            }
        return out;
    }

    static String capture() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (Path p : programs())
            for (boolean json : List.of(false, true)) {
                CliRun r = json ? CliRun.of("infer", p.toString(), "--json") : CliRun.of("infer", p.toString());
                sb.append("=== infer ").append(p).append(json ? " --json" : "").append(" -> exit ").append(r.code()).append('\n')
                        .append(r.out()).append(r.out().endsWith("\n") || r.out().isEmpty() ? "" : "\n");
            }
        return sb.toString();
    }

    @Test
    void plainInferPrintsWhatItPrintedBeforeThePipelineOnEveryProgram() throws IOException {
        String now = capture();
        if (Boolean.getBoolean("shapeforge.regolden")) {
            Files.writeString(GOLDEN, now, StandardCharsets.UTF_8);
            fail("wrote " + GOLDEN + " (-Dshapeforge.regolden=true): review the diff, then run without the switch");
        }
        assertTrue(programs().size() >= 70, "the programs were not found: is the working directory cli/?");
        String golden = Files.readString(GOLDEN, StandardCharsets.UTF_8);
        String[] want = golden.split("\n", -1), got = now.split("\n", -1);
        for (int i = 0; i < Math.min(want.length, got.length); i++) {
            if (want[i].equals(got[i])) continue;
            String run = "";
            for (int k = i; k >= 0; k--) if (want[k].startsWith("=== ")) { run = want[k]; break; }
            assertEquals(want[i], got[i], "line " + (i + 1) + " of the capture, in " + run);
        }
        assertEquals(want.length, got.length, "lines in the capture");
    }
}
