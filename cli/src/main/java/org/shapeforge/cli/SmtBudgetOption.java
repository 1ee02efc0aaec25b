package org.shapeforge.cli;

import picocli.CommandLine.Option;

/** {@code --smt-budget-ms}: how long {@code --verified}'s SMT fallback may take ({@code oracle.Verified}); a picocli mixin. */
final class SmtBudgetOption {
    @Option(names = "--smt-budget-ms", defaultValue = "5000", paramLabel = "T", description = "SMT budget of --verified (default 5000)")
    long millis;
}
