package org.shapeforge.cli;

import picocli.CommandLine.Option;

/**
 * {@code --trace}: one line per pipeline stage on stderr ({@link org.shapeforge.pipeline.Trace#lines}),
 * its wall time and what it produced; stdout is unchanged. A picocli mixin of the commands that
 * drive the {@link org.shapeforge.pipeline.Pipeline}.
 */
final class TraceOption {
    @Option(names = "--trace", description = "one line per pipeline stage on stderr: its time and what it produced")
    boolean on;
}
