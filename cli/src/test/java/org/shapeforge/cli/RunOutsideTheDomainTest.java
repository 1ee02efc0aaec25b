package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run} at a binding outside the model's domain fails at entry, before any kernel: a
 * raw-audio front end valid from 436 samples on ({@code import} prints {@code requires samples >=
 * 436}) run on 300 samples says which dim_params the input files bind, the condition they
 * violate, and the contradiction with its nodes, in text and {@code --json}; 436 samples are
 * inside and pass the shape check.
 */
class RunOutsideTheDomainTest {
    @TempDir
    Path dir;

    private Path inputs(String name, long samples) throws Exception {
        Path in = Files.createDirectories(dir.resolve(name));
        Files.write(in.resolve("input_0.pb"), ImportMutationTest.floats("x", 1, 1, samples).toByteArray());
        return in;
    }

    @Test
    void aBindingOutsideRequiresIsRefusedWithTheConditionItViolates() throws Exception {
        Path model = Files.write(dir.resolve("audio.onnx"), DomainModels.longSignal().toByteArray());
        CliRun imp = CliRun.of("import", model.toString());
        assertTrue(imp.out().contains("requires samples >= 436"), imp.out());

        CliRun out = CliRun.of("run", model.toString(), "--inputs", inputs("short", 300).toString());
        assertEquals(1, out.code(), out.out() + out.err());
        assertTrue(out.out().startsWith("the inputs are outside the model's domain: batch = 1, samples = 300 (from the input files) violate\n"
                + "  requires samples >= 436\n"), out.out());
        assertTrue(out.out().contains("node 'c1' (Conv #0)"), out.out());
        assertTrue(!out.out().contains("passed"), out.out());

        CliRun json = CliRun.of("run", model.toString(), "--inputs", inputs("short-json", 300).toString(), "--json");
        JsonNode domain = Cli.JSON.readTree(json.out()).get("domain");
        assertEquals("[\"samples >= 436\"]", domain.get("violated").toString(), json.out());
        assertEquals(300, domain.get("binding").get("samples").asLong());
    }

    @Test
    void aBindingInsideRequiresIsNotRefused() throws Exception {
        Path model = Files.write(dir.resolve("audio.onnx"), DomainModels.longSignal().toByteArray());
        CliRun out = CliRun.of("run", model.toString(), "--inputs", inputs("long", 436).toString());
        assertTrue(!out.out().contains("outside the model's domain"), out.out());
        assertTrue(!out.out().startsWith("fail"), out.out() + out.err());
    }
}
