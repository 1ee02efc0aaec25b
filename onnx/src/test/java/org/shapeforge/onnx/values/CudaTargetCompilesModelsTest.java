package org.shapeforge.onnx.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.ModelProto;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shapeforge.codegen.cuda.PtxCompiler;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.Model;
import org.shapeforge.testenv.Requires;

/**
 * Issue 29: every kernel of two small corpus networks (a CNN: convolutions with padding, max
 * pooling, Gemm; a bidirectional LSTM: gates, Concat, Slice) is emitted as CUDA and compiled with
 * {@code nvcc -ptx -arch=sm_90} and {@code ptxas} ({@link CudaTarget} compile-only, PTX cached in
 * the test's own folder so every source really is compiled); none is refused or rejected, and the
 * model's outputs (generated C's, compile-only) still match {@code output_0.pb}. Skipped where
 * nvcc is absent, CI included: {@code .ci/run} installs no CUDA toolkit.
 */
class CudaTargetCompilesModelsTest {
    @TempDir
    static Path ptx;

    @BeforeAll
    static void toolchains() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        Assumptions.assumeTrue(PtxCompiler.available(),
                "nvcc/ptxas not on PATH (CI installs no CUDA toolkit, see .ci/run): generated CUDA cannot be compiled here");
    }

    static Path model(String name) {
        try {
            return Path.of(CudaTargetCompilesModelsTest.class.getResource("cuda/" + name + "/model.onnx").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"small_cnn_hw", "lstm"})
    void everyKernelCompilesForSm90(String name) {
        Path dir = model(name);
        ModelProto m = Model.load(dir.resolve("model.onnx"));
        CCompiler cc = CCompiler.system();
        try (CudaTarget target = CudaTarget.compileOnly(cc, new PtxCompiler(ptx.resolve(name)), "compile-only test")) {
            CudaModelRun.Report r = CudaModelRun.execute(m, RunInputs.read(m, dir.resolve("test_data_set_0")), target, cc,
                    Kernels.defaultBudget());
            assertTrue(r.kernels().size() >= 5, name + ": only " + r.kernels().size() + " kernels");
            List<CudaOutcome> fellBack = r.kernels().stream().filter(o -> !(o instanceof CudaOutcome.Compiled)).toList();
            assertEquals(List.of(), fellBack, name + ": kernels refused or rejected");
            assertTrue(r.compilations() >= 1 && r.compilations() <= r.kernels().size(), "compilations " + r.compilations());
            assertEquals("compile-only test", r.notRun().orElseThrow());
            assertTrue(r.againstC().isEmpty(), "compile-only runs compare nothing with C");
            List<GraphRun.Output> outs = GraphRun.compare(m, r.result().outputs(), dir.resolve("test_data_set_0"));
            for (GraphRun.Output o : outs) assertTrue(o.compared() && o.passed(), name + ": " + o.name() + " max rel " + o.maxRel());
        }
    }
}
