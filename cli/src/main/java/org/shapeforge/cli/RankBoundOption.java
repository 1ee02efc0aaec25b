package org.shapeforge.cli;

import picocli.CommandLine.Option;

/** {@code --rank-bound K}: the SMT encoding's unrolling of row variables ({@code docs/smt.md}); a picocli mixin. */
final class RankBoundOption {
    @Option(names = "--rank-bound", defaultValue = "0", paramLabel = "K",
            description = "unroll row variables to K axes (0: derive from the input)")
    int k;
}
