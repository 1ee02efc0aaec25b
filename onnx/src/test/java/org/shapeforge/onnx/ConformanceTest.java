package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;

/**
 * Issue 16's measure over ONNX's own conformance tests (Debian {@code libonnx-testdata}, installed
 * by {@code .ci/run}): ≥ 95% of the node tests whose ops are all in the issue's list infer exactly
 * the expected output shapes, and every pytorch-converted model whose ops are all supported does.
 * Skipped, with the reason, where the corpus is not installed.
 */
class ConformanceTest {
    private static Conformance.Report report;

    @BeforeAll
    static void run() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Conformance.DEFAULT_ROOT.resolve("node")),
                "libonnx-testdata is not installed (" + Conformance.DEFAULT_ROOT + "): `apt-get install libonnx-testdata`");
        report = Conformance.run(Conformance.DEFAULT_ROOT, new NativeSolver());
    }

    @Test
    void atLeast95PercentOfNodeTestsInTheIssueListInferTheExpectedShapes() {
        long[] r = report.inIssueList("node");
        assertTrue(r[0] >= 250, "the corpus should hold hundreds of such node tests, found " + r[0]);
        assertTrue(r[1] * 100 >= 95 * r[0], "passed " + r[1] + " of " + r[0] + ": " + failures("node/"));
    }

    @Test
    void everySupportedPytorchConvertedModelInfersTheExpectedShapes() {
        var folder = report.byFolder().get("pytorch-converted");
        assertTrue(folder[1] >= 50, "supported pytorch-converted models: " + folder[1]);
        assertEquals(folder[1], folder[2], failures("pytorch-converted/"));
    }

    private static String failures(String prefix) {
        StringBuilder sb = new StringBuilder();
        for (var c : report.cases())
            if (c.name().startsWith(prefix) && c.supported() && c.status() != Conformance.Status.PASSED)
                sb.append("\n  ").append(c.name()).append(": ").append(c.reason());
        return sb.toString();
    }
}
