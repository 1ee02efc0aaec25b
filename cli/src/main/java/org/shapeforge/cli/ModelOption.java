package org.shapeforge.cli;

import org.shapeforge.program.ModelPrograms;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --model transformer|cnn|mlp}: which generated program family ({@link ModelPrograms}) a
 * program benchmark runs; a picocli mixin. An unknown name is a usage error (exit 2).
 */
final class ModelOption {
    @Option(names = "--model", paramLabel = "MODEL", description = "transformer (default), cnn or mlp")
    String name = "transformer";

    /** The family named, or a usage error on {@code cl} naming the option. */
    ModelPrograms programs(CommandLine cl) {
        try {
            return ModelPrograms.of(name);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, "--model: " + e.getMessage());
        }
    }
}
