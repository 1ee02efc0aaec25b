package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.onnx.Conformance;

/**
 * {@code import --emit shp}: over ONNX's conformance corpus (the node tests of the expressible op
 * families, one that is not, and the pytorch and simple models), every program emitted infers (with
 * {@code infer}) exactly the shapes {@code import} infers for every value, its rows flattened
 * {@code batch @ output @ input}; a graph the program language cannot express is refused naming
 * the node (exit 2). Skipped, saying why, without libonnx-testdata.
 */
class ImportEmitShpTest {
    private static final Pattern LINE = Pattern.compile("^(\\w+) = .*'([^']*)' \\[[^]]*]$");

    @TempDir
    Path dir;

    @Test
    void emittedProgramsInferTheImportedShapes() throws Exception {
        org.shapeforge.testenv.Requires.that(Files.isDirectory(Conformance.DEFAULT_ROOT.resolve("node")),
                "libonnx-testdata is not installed (" + Conformance.DEFAULT_ROOT + "): `apt-get install libonnx-testdata`");
        int emitted = 0, refused = 0;
        List<String> bad = new ArrayList<>();
        Pattern families = Pattern.compile("^node/test_(add|sub|mul|div|max|min|relu|sigmoid|tanh|exp|log|abs|neg|sqrt|identity"
                + "|matmul|gemm|transpose|reciprocal|conv_with_strides_padding)|^(pytorch|simple)");
        for (Path t : Conformance.tests(Conformance.DEFAULT_ROOT)) {
            if (!families.matcher(Conformance.DEFAULT_ROOT.relativize(t).toString()).find()) continue;
            String model = t.resolve("model.onnx").toString();
            CliRun imp = CliRun.of("import", model, "--json");
            if (imp.code() != 0) continue;
            CliRun shp = CliRun.of("import", model, "--emit", "shp");
            if (shp.code() == 2) {
                assertTrue(shp.err().contains("--emit shp: ") && shp.err().contains("node "), shp.err());
                refused++;
                continue;
            }
            assertEquals(0, shp.code(), model + ": " + shp.err());
            emitted++;
            Path p = dir.resolve("p" + emitted + ".shp");
            Files.writeString(p, shp.out());
            CliRun inf = CliRun.of("infer", p.toString(), "--json");
            if (inf.code() != 0) {
                bad.add(model + ": infer exits " + inf.code() + " " + inf.out() + inf.err() + "\n" + shp.out());
                continue;
            }
            JsonNode shapes = Cli.JSON.readTree(imp.out()).get("values"), tensors = Cli.JSON.readTree(inf.out()).get("tensors");
            for (String line : shp.out().split("\n")) {
                Matcher m = LINE.matcher(line);
                if (!m.matches() || !shapes.has(m.group(2))) continue;
                JsonNode t2 = tensors.get(m.group(1));
                List<String> flat = new ArrayList<>();
                // a written 1 is the default-basis atom 1:default: the same size as ONNX's 1
                for (String row : List.of("batch", "output", "input"))
                    for (JsonNode d : t2.get(row)) flat.add(d.asText().replace("1:default", "1"));
                List<String> want = new ArrayList<>();
                for (JsonNode d : shapes.get(m.group(2)).get("shape")) want.add(d.asText());
                if (!flat.equals(want)) bad.add(model + ": " + m.group(2) + " infers " + flat + ", import " + want);
            }
        }
        assertTrue(bad.isEmpty(), String.join("\n", bad));
        assertTrue(emitted >= 50 && refused >= 20, "emitted " + emitted + ", refused " + refused);
    }
}
