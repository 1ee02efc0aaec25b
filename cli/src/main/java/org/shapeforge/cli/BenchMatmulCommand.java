package org.shapeforge.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.codegen.bench.FmaPeak;
import org.shapeforge.codegen.bench.MatmulBench;
import org.shapeforge.codegen.bench.Measurement;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code shapeforge bench matmul [--n 256,512,1024]}: generated C beside ojalgo and OpenBLAS on the
 * same data, with the machine's measured FMA peak (codegen's {@link MatmulBench}).
 */
@Command(name = "matmul", mixinStandardHelpOptions = true,
        description = "Generated C matmul GFLOP/s beside ojalgo and OpenBLAS cblas_sgemm, and the FMA peak.")
public final class BenchMatmulCommand implements Callable<Integer> {

    @Option(names = "--n", paramLabel = "N,N,...", split = ",", description = "matrix sizes (default 256,512,1024)")
    List<Integer> sizes = List.of(256, 512, 1024);

    @Option(names = "--reps", paramLabel = "R", description = "timed repetitions (default: 21, 11, 5 by size); the median is reported")
    int reps;

    @Option(names = "--threads", paramLabel = "T", description = "threads for the generated C (OpenMP) and OpenBLAS (default: all cores)")
    Integer threads;

    @Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        for (int n : sizes) if (n < 1 || n > 8192) throw new CommandLine.ParameterException(spec.commandLine(), "--n: sizes must be in 1..8192, got " + n);
        try {
            CCompiler cc = CCompiler.system();
            double peak = FmaPeak.measure(cc);
            List<Measurement> rows = MatmulBench.run(sizes, reps, threads != null ? threads : Runtime.getRuntime().availableProcessors(), cc);
            BenchCodegen.print(spec.commandLine().getOut(), json.on, "matmul", peak, rows);
            return Cli.OK;
        } catch (CodegenException e) {
            throw new ShapeError("codegen", Span.NONE, e.getMessage());
        }
    }
}
