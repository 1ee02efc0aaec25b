package org.shapeforge.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.program.Program;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.testenv.Requires;

/**
 * The pipeline reads as its stage table: each stage reported once, in {@link Stage} order, by
 * the trace; the inner inferences of specialization are not stages of their own; a trace changes
 * no result; a program that does not infer is a {@link ProgramFailure} naming its line.
 */
class PipelineStagesTest {
    static String read(String example) throws Exception {
        return Files.readString(Path.of("examples", example));
    }

    @Test
    void runReportsEachStageOnceInOrder() throws Exception {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        List<Stage> seen = new ArrayList<>();
        var report = Pipeline.of(new NativeSolver()).withTrace((s, ms, summary) -> seen.add(s))
                .run("examples/transformer-dynamic.shp", read("transformer-dynamic.shp"), Map.of(), 1, CCompiler.system());
        assertTrue(report.passed(), report.results().toString());
        assertEquals(List.of(Stage.PARSE, Stage.SPECIALIZE, Stage.GENERATE, Stage.SOLVE, Stage.CLOSE, Stage.CHECK,
                Stage.OPERATIONS, Stage.PROJECT, Stage.RUN), seen);
    }

    @Test
    void aTraceChangesNoKernel() throws Exception {
        List<String> lines = new ArrayList<>();
        Pipeline plain = Pipeline.of(new NativeSolver());
        Pipeline traced = plain.withTrace((s, ms, summary) -> lines.add(s.keyword + " " + summary));
        Program p = plain.parse("examples/transformer-dynamic.shp", read("transformer-dynamic.shp"));
        Emitted a = plain.emit(p, p, Map.of(), Kernel.Target.C), b = traced.emit(p, p, Map.of(), Kernel.Target.C);
        assertEquals(a.kernels().stream().map(Kernel::source).toList(), b.kernels().stream().map(Kernel::source).toList());
        assertEquals(a.sized().sizes(), b.sized().sizes());
        assertTrue(a.sized().dynamic());
        assertTrue(a.kernels().stream().allMatch(k -> k.use().symbolic()), a.kernels().toString());
        assertTrue(lines.contains("lower " + 33 + " kernels"), lines.toString());
    }

    @Test
    void aProgramThatDoesNotInferIsAProgramFailureAtItsLine() throws Exception {
        Pipeline pipeline = Pipeline.of(new NativeSolver());
        Program p = pipeline.parse("bad.shp", "x = data(b=[2], o=[3])\ny = data(b=[4], o=[3])\nz = x + y\n");
        ProgramFailure f = assertThrows(ProgramFailure.class, () -> pipeline.project(pipeline.infer(p)));
        assertTrue(f.getMessage().startsWith("shape inference failed: "), f.getMessage());
        assertTrue(f.origin().startsWith("bad.shp:"), f.origin());
    }
}
