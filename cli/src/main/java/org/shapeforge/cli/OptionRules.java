package org.shapeforge.cli;

import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Ranges of the numeric options, checked once for every command right after picocli has parsed
 * the command line (so a new command with one of these options gets the same rule): a violation
 * is a usage error (exit 2) naming the option and the allowed range, never a trace. An option in
 * {@link #MAXIMUM} has a greatest value too (every option there also has a least value).
 */
final class OptionRules {
    private OptionRules() {}

    /** Option name → least allowed value (for list options: of every element). */
    static final Map<String, Long> MINIMUM = Map.of(
            "--rank-bound", 0L,
            "--timeout-ms", 0L,
            "--size", 1L,
            "--sizes", 1L,
            "--reps", 1L,
            "--warmup", 0L,
            "--cases", 0L);

    /**
     * Option name → greatest allowed value, where a larger one would exhaust memory before doing
     * anything useful: a rank bound unrolls every row variable to that many axes in the SMT encoding
     * (issue 27: {@code --rank-bound 2147483647} was an out-of-memory exit); ranks in practice are
     * below 10, and the derived bound of a large input stays far below this.
     */
    static final Map<String, Long> MAXIMUM = Map.of(
            "--rank-bound", 1024L);

    /** Throws picocli's {@link CommandLine.ParameterException} for the first value out of range. */
    static void validate(ParseResult parsed) {
        for (OptionSpec o : parsed.matchedOptions()) {
            Long min = MINIMUM.get(o.longestName());
            if (min == null) continue;
            Object v = o.getValue();
            List<?> values = v instanceof List<?> l ? l : List.of(v == null ? min : v);
            Long max = MAXIMUM.get(o.longestName());
            for (Object x : values) {
                if (!(x instanceof Number n)) continue;
                if (max != null && (n.longValue() < min || n.longValue() > max))
                    throw new CommandLine.ParameterException(parsed.commandSpec().commandLine(),
                            o.longestName() + " must be between " + min + " and " + max + ", got " + n, o, String.valueOf(n));
                if (n.longValue() < min)
                    throw new CommandLine.ParameterException(parsed.commandSpec().commandLine(),
                            o.longestName() + " must be " + (min == 0 ? ">= 0" : "a positive number (>= " + min + ")")
                                    + ", got " + n, o, String.valueOf(n));
            }
        }
    }
}
