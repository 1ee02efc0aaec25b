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
 * Issue 29's one lowering, kept: MatMul, Gemm, Einsum ({@link Contractions}) and Conv
 * ({@link Windows#conv}) are stated as projections operations ({@link Projected}) and never build
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
    void convolutionGoesThroughProjections() throws IOException {
        String src = Files.readString(DIR.resolve("Windows.java"));
        int from = src.indexOf("static Value conv(Kernels k, String name, Value x, Value w, Value bias, Geometry g, int group, Tail tail)");
        assertTrue(from >= 0, "Windows.conv with a tail is gone: update this test");
        int to = src.indexOf("\n    }\n", from);
        String conv = src.substring(from, to);
        assertEquals(List.of(), byHand(conv), "Windows.conv builds loop IR by hand");
        assertTrue(conv.contains("new Projected("), "Windows.conv no longer states its operation through Projected");
    }

    @Test
    void theScanSeesHandBuiltLoopIr() throws IOException {
        // the pattern's own check: the hand-built pooling beside conv is found
        assertTrue(byHand(Files.readString(DIR.resolve("Windows.java"))).size() > 0);
    }
}
