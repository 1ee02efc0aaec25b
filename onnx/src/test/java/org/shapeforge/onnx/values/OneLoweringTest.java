package org.shapeforge.onnx.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 29's one lowering, kept: MatMul, Gemm, Einsum ({@link Contractions}), Conv and the
 * max and average pools' windows ({@link Windows}) are stated as projections operations ({@link Projected}) and never build
 * a loop-IR kernel, iterator or index by hand (docs/codegen.md, "One lowering"). A source scan: a
 * planted {@code new Kernel(…)}, {@code .iter(…)} or {@code Index.fixed(…)} there fails it.
 */
class OneLoweringTest {
    private static final Path DIR = Path.of("src/main/java/org/shapeforge/onnx/values");

    /** What building loop IR by hand looks like: a kernel, its iterators, index constructors. */
    private static final Pattern BY_HAND = Pattern.compile(
            "new Kernel\\(|\\.iter\\(|\\.concat\\(|Kernel\\.lin\\(|Kernel\\.at\\(|Index\\.(fixed|iter)\\(|new Index\\.|new (Factor|LoopVar|ProductSpace)\\b");

    private static List<String> byHand(String source) {
        Matcher m = BY_HAND.matcher(source);
        List<String> found = new java.util.ArrayList<>();
        while (m.find()) found.add(m.group() + " at offset " + m.start());
        return found;
    }

    @Test
    void contractionsGoThroughProjections() throws IOException {
        String src = Files.readString(DIR.resolve("Contractions.java"));
        assertEquals(List.of(), byHand(src), "Contractions builds loop IR by hand");
        assertTrue(src.contains("new Projected("), "Contractions no longer states its operations through Projected");
    }

    @Test
    void convolutionAndPoolingGoThroughProjections() throws IOException {
        String src = Files.readString(DIR.resolve("Windows.java"));
        for (String method : List.of("static Value conv(Kernels k, String name, Value x, Value w, Value bias, Geometry g, int group, Tail tail)",
                "private static Value pool(Kernels k, String name, Value x, Geometry g, Fold fold)")) {
            int from = src.indexOf(method);
            assertTrue(from >= 0, method + " is gone: update this test");
            String body = src.substring(from, src.indexOf("\n    }\n", from));
            assertEquals(List.of(), byHand(body), method + " builds loop IR by hand");
            assertTrue(body.contains("new Projected("), method + " no longer states its operation through Projected");
        }
    }

    @Test
    void theScanSeesHandBuiltLoopIr() throws IOException {
        // the pattern's own check: what Windows still builds by hand (MaxPool's indices, ConvTranspose) is found
        assertTrue(byHand(Files.readString(DIR.resolve("Windows.java"))).size() > 0);
    }
}
