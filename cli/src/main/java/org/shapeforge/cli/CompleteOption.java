package org.shapeforge.cli;

import picocli.CommandLine.Option;

/** {@code --complete}: the native solver with finite backtracking at policy choice points ({@code cli.md}); a picocli mixin. */
final class CompleteOption {
    @Option(names = "--complete", description = "finite backtracking at the policy choice points (Remark 6.7(ii))")
    boolean on;
}
