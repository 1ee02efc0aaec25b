package org.shapeforge.onnx.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import onnx.Onnx.ModelProto;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shapeforge.codegen.cuda.CudaDriver;
import org.shapeforge.codegen.cuda.PtxCompiler;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.Model;

/**
 * Issue 29 on a GPU: two small corpus networks run whole through {@link CudaTarget} (every kernel
 * launched on the device, results copied back), each output within {@link GraphRun#TOLERANCE} of
 * generated C's and of {@code output_0.pb}. Skipped, with the reason, where {@code libcuda.so.1}
 * cannot be loaded, nvcc/ptxas are absent or the driver finds no device.
 */
@Tag("gpu")
@EnabledIf(value = "gpuPresent", disabledReason = "no libcuda.so.1 or no nvcc/ptxas: whole models run on CUDA only where an NVIDIA driver and the CUDA toolkit are present")
class CudaTargetRunsModelsOnGpuTest {
    static boolean gpuPresent() {
        return CudaDriver.unavailable().isEmpty() && PtxCompiler.available() && CCompiler.available("gcc");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"small_cnn_hw", "lstm"})
    void wholeModelOnTheGpuAgreesWithC(String name) {
        Path dir = CudaTargetCompilesModelsTest.model(name);
        ModelProto m = Model.load(dir.resolve("model.onnx"));
        CCompiler cc = CCompiler.system();
        try (CudaTarget target = CudaTarget.open(cc)) {
            Assumptions.assumeTrue(target.notRun().isEmpty(), () -> "no usable CUDA device: " + target.notRun().orElseThrow());
            CudaModelRun.Report r = CudaModelRun.execute(m, RunInputs.read(m, dir.resolve("test_data_set_0")), target, cc,
                    Kernels.defaultBudget());
            assertEquals(r.kernels().size(), r.count(CudaOutcome.Ran.class), () -> name + ": not every kernel ran on the GPU: " + r.kernels());
            assertFalse(r.againstC().isEmpty());
            for (GraphRun.Output o : r.againstC()) assertTrue(o.passed(), name + ": " + o.name() + " vs C max rel " + o.maxRel());
            for (GraphRun.Output o : GraphRun.compare(m, r.result().outputs(), dir.resolve("test_data_set_0")))
                assertTrue(o.compared() && o.passed(), name + ": " + o.name() + " vs output_0.pb max rel " + o.maxRel());
        }
    }
}
