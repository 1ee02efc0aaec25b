package org.shapeforge.cli;

import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --target c|cuda} of {@code run} (issue 29): which generated code runs a model's kernels.
 * {@code c} (the default) is generated C in-process; {@code cuda} is generated CUDA on a GPU where
 * one is present, compile-only elsewhere ({@link OnnxCudaRun}). Any other value is a usage error
 * naming both.
 */
final class TargetOption {
    /** The kernel targets of {@code run}. */
    enum Target { C, CUDA }

    @Option(names = "--target", paramLabel = "TARGET", defaultValue = "c", converter = Converter.class,
            description = "for a model.onnx: c (generated C, the default) or cuda (generated CUDA: run on the GPU and compared"
                    + " with C where one is present; elsewhere every kernel is compiled only, exit 3)")
    Target target;

    /** {@code c} or {@code cuda}, any case. */
    static final class Converter implements CommandLine.ITypeConverter<Target> {
        @Override
        public Target convert(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "c" -> Target.C;
                case "cuda" -> Target.CUDA;
                default -> throw new CommandLine.TypeConversionException("--target '" + value + "': expected c or cuda");
            };
        }
    }
}
