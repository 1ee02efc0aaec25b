package org.shapeforge.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.codegen.bench.ConvBench;
import org.shapeforge.codegen.bench.FmaPeak;
import org.shapeforge.codegen.bench.Measurement;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code shapeforge bench conv}: generated C 3×3 convolutions (padded and valid), with the FMA peak. */
@Command(name = "conv", mixinStandardHelpOptions = true,
        description = "Generated C convolution GFLOP/s (3x3, padded and valid) and the FMA peak.")
public final class BenchConvCommand implements Callable<Integer> {

    @Option(names = "--size", paramLabel = "S", description = "spatial size (default 56)")
    int size = 56;

    @Option(names = "--channels", paramLabel = "C", description = "input = output channels (default 64)")
    int channels = 64;

    @Option(names = "--batch", paramLabel = "B", description = "batch (default 4)")
    int batch = 4;

    @Option(names = "--reps", paramLabel = "R", description = "timed repetitions (default 7); the median is reported")
    int reps;

    @Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (size < 3 || channels < 1 || batch < 1)
            throw new CommandLine.ParameterException(spec.commandLine(), "need --size >= 3, --channels >= 1, --batch >= 1");
        try {
            CCompiler cc = CCompiler.system();
            double peak = FmaPeak.measure(cc);
            List<Measurement> rows = new ArrayList<>();
            rows.add(ConvBench.run(new ConvBench.Shape(batch, channels, channels, size, 3, 1, true), reps, cc));
            rows.add(ConvBench.run(new ConvBench.Shape(batch, channels, channels, size, 3, 1, false), reps, cc));
            BenchCodegen.print(spec.commandLine().getOut(), json.on, "conv", peak, rows);
            return Cli.OK;
        } catch (CodegenException e) {
            throw new ShapeError("codegen", Span.NONE, e.getMessage());
        }
    }
}
