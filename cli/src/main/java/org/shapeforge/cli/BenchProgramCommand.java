package org.shapeforge.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shapeforge.codegen.bench.FmaPeak;
import org.shapeforge.codegen.bench.KernelBench;
import org.shapeforge.codegen.bench.Measurement;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SourceText;
import org.shapeforge.lang.Span;
import org.shapeforge.pipeline.Pipeline;
import org.shapeforge.pipeline.ProgramFailure;
import org.shapeforge.pipeline.Sized;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code shapeforge bench program PROGRAM.shp [--bind NAME=SIZE] [--threads T] [--only gemm|nest]}:
 * the steady-state time and GFLOP/s of every operation's generated C kernel ({@link KernelBench}),
 * beside the machine's FMA peak at the same thread count: where a transformer block's time goes,
 * and how close its contractions come to the peak. The values are checked by {@code run}, not here.
 */
@Command(name = "program", mixinStandardHelpOptions = true,
        description = "Per-operation steady-state time and GFLOP/s of a .shp program's generated C kernels, and the FMA peak.")
public final class BenchProgramCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "the .shp program")
    Path file;

    @Option(names = "--bind", paramLabel = "NAME=SIZE", description = "size of a dynamic dimension (as for run)")
    List<String> binds = new ArrayList<>();

    @Option(names = "--reps", paramLabel = "R", description = "timed repetitions per kernel (default 7); the median is reported")
    int reps = 7;

    @Option(names = "--threads", paramLabel = "T", description = "OpenMP threads (default: all cores)")
    Integer threads;

    @Option(names = "--only", paramLabel = "PATH", description = "only the kernels on this path: ${COMPLETION-CANDIDATES} (default: all)")
    KernelBench.Path only;

    @Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (reps < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--reps must be at least 1, got " + reps);
        int t = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (t < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--threads must be at least 1, got " + t);
        try {
            Pipeline pipeline = ProgramCode.pipeline(false);
            Sized sized = pipeline.specialize(pipeline.parse(file.toString(), SourceText.read(file)), BindOptions.parse(binds));
            Map<String, Operation> ir = new LinkedHashMap<>(pipeline.lower(pipeline.project(pipeline.infer(sized.program()))));
            if (only != null) ir.values().removeIf(op -> KernelBench.Path.of(op) != only);
            CCompiler cc = CCompiler.system();
            List<KernelBench.Row> rows = KernelBench.run(ir, reps, t, cc);
            double peak = FmaPeak.measure(cc); // after the kernels: at their OpenMP thread count
            List<Measurement> ms = rows.stream().map(r -> new Measurement(r.timing().impl(), r.operation() + " "
                    + r.dims().toString().replace(" ", ""), r.timing().flops(), r.timing().medianMillis(), r.timing().minMillis(),
                    r.timing().cpuMillis(), r.timing().reps(), r.timing().status())).toList();
            BenchCodegen.print(spec.commandLine().getOut(), json.on, "program " + file.getFileName() + " (" + t + " threads)", peak, ms);
            return Cli.OK;
        } catch (ProgramFailure f) {
            return RunCommand.failure(f, json.on, spec.commandLine().getOut());
        } catch (CodegenException e) {
            throw new ShapeError("codegen", new Span(file.toString(), 0, 0), e.getMessage());
        }
    }
}
