package org.shapeforge.onnx.values.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import onnx.Onnx.ModelProto;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Precompile;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.testenv.Requires;

/**
 * The dry run of {@link Precompile} emits the very kernels the real run needs — on an attention
 * block whose Reshape is computed from Shape, Gather and Concat (small kernels the dry run evaluates
 * exactly, or the reshaped kernels would differ): after it, a run on a fresh compiler over the same
 * cache compiles nothing and gives the outputs of a run that compiled everything itself; a second
 * precompile finds the cache warm and compiles nothing.
 */
class PrecompileTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void gcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    @Test
    void theDryRunCompilesEveryKernelTheRunNeeds() {
        ModelProto m = AttentionModel.build();
        Map<String, Value> in = Map.of("x", AttentionModel.input(2, new SplittableRandom(5)));
        Path cache = dir.resolve("cache");
        int compiled = Precompile.run(m, in, new CCompiler("gcc", cache), Kernels.defaultBudget(), 2);
        assertTrue(compiled >= 6, "compiled ahead: " + compiled);
        CCompiler after = new CCompiler("gcc", cache);
        Map<String, Value> got = GraphRun.execute(m, in, new Kernels(after)).outputs();
        assertEquals(0, after.compilations(), "the run found every kernel compiled ahead");
        CCompiler alone = new CCompiler("gcc", dir.resolve("alone"));
        Map<String, Value> want = GraphRun.execute(m, in, new Kernels(alone)).outputs();
        assertEquals(compiled, alone.compilations(), "as many kernels as a run compiles itself");
        for (String o : want.keySet()) assertEquals(java.util.Arrays.toString(want.get(o).data()), java.util.Arrays.toString(got.get(o).data()), o);
        assertEquals(0, Precompile.run(m, in, new CCompiler("gcc", cache), Kernels.defaultBudget(), 2), "a warm cache");
    }
}
