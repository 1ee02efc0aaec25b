package org.shapeforge.cli;

import picocli.CommandLine.Option;

/**
 * {@code --trace}: what each stage did. For the commands that drive the
 * {@link org.shapeforge.pipeline.Pipeline} ({@code run}, {@code infer --emit}, {@code bench pipeline}):
 * one line per pipeline stage on stderr ({@link org.shapeforge.pipeline.Trace#lines}), its wall time
 * and what it produced, stdout unchanged. For {@code solve}: after the answer, each closing stage's
 * commitments, re-solves, steps and the variables it bound (JSON: the field {@code trace};
 * docs/solver.md). A picocli mixin, declared once here.
 */
final class TraceOption {
    @Option(names = "--trace", description = "what each stage did (solve: the closing stages after the answer, JSON field trace;"
            + " run, infer --emit, bench pipeline: one line per pipeline stage on stderr)")
    boolean on;
}
