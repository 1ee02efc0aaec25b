package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.testenv.Requires;

/**
 * Every model of the small corpus ({@link SmallCorpus}), annotated by {@code import -o}, is a valid
 * ONNX model for ONNX itself — {@code onnx.checker.check_model(m, full_check=True)}, which also runs
 * ONNX's strict shape inference against the shapes we wrote — and imports again to the same shapes,
 * symbolic names and expressions included.
 */
class AnnotatedCorpusTest {
    @TempDir
    Path dir;

    @Test
    void annotatedRealNetworksPassTheFullCheckerAndReimportToTheSameShapes() throws Exception {
        List<Path> models = SmallCorpus.models();
        assertFalse(models.isEmpty(), "no model in the corpus");
        Requires.python("onnx.checker", "python3-onnx");
        List<String> annotated = new ArrayList<>();
        for (Path d : models) {
            String name = d.getFileName().toString();
            Path out = dir.resolve(name + "-annotated.onnx");
            CliRun first = CliRun.of("import", d.resolve("model.onnx").toString(), "-o", out.toString(), "--json");
            assertEquals(Cli.OK, first.code(), name + ": " + first.out() + first.err());
            CliRun again = CliRun.of("import", out.toString(), "--json");
            assertEquals(Cli.OK, again.code(), name + " annotated: " + again.out() + again.err());
            assertEquals(values(first), values(again), name + ": the annotated model imports to other shapes");
            annotated.add(out.toString());
        }
        String why = checker(annotated);
        assertTrue(why.isEmpty(), why);
    }

    private static JsonNode values(CliRun r) throws IOException {
        return Cli.JSON.readTree(r.out()).path("values");
    }

    /** What {@code onnx.checker} (full check) says against each model, one line per rejected model; empty when it accepts all. */
    private String checker(List<String> files) throws IOException, InterruptedException {
        String script = """
                import sys, onnx, onnx.checker
                for f in sys.argv[1:]:
                    try:
                        onnx.checker.check_model(onnx.load(f), full_check=True)
                    except Exception as e:
                        print(f + ": " + str(e).replace("\\n", " "))
                """;
        List<String> cmd = new ArrayList<>(List.of(Requires.PYTHON, "-I", "-c", script));
        cmd.addAll(files);
        Path log = dir.resolve("checker.log");
        Process p = new ProcessBuilder(cmd).directory(new File("/")).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return "onnx.checker did not finish in 5 minutes";
        }
        String out = Files.readString(log, StandardCharsets.UTF_8).strip();
        return p.exitValue() == 0 ? out : "onnx.checker exited " + p.exitValue() + ": " + out;
    }
}
