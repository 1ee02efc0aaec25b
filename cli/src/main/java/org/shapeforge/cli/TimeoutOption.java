package org.shapeforge.cli;

import picocli.CommandLine.Option;

/**
 * {@code --timeout-ms T} bounding the whole command: the {@link Runner} reads it and answers
 * {@code unknown (timeout after T ms)}, exit 3, past it ({@code cli.md}). A picocli mixin for the
 * commands whose only timeout is that one; commands with a per-query solver timeout declare
 * their own.
 */
final class TimeoutOption {
    @Option(names = "--timeout-ms", paramLabel = "T", description = "bound the whole command (exit 3, unknown (timeout))")
    long millis;
}
