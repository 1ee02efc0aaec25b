package org.shapeforge.pipeline;

import java.io.PrintWriter;

/**
 * The pipeline's one hook: told once after each stage ends, with its wall time and a one-line
 * summary of the value it produced. The benchmark records the times; {@code --trace} prints a line
 * per stage on stderr; the default does nothing. A trace never changes a result.
 */
@FunctionalInterface
public interface Trace {
    /** After {@code stage} produced its value in {@code millis} ms; {@code summary} is for people. */
    void after(Stage stage, double millis, String summary);

    /** The trace that does nothing. */
    Trace NONE = (stage, millis, summary) -> {};

    /** One line per stage on {@code out}: {@code [pipeline] solve       12.3 ms  sat, 195 constraints}. */
    static Trace lines(PrintWriter out) {
        return (stage, millis, summary) -> {
            out.printf("[pipeline] %-10s %9.1f ms  %s%n", stage.keyword, millis, summary);
            out.flush();
        };
    }

    /** This trace, then {@code next}. */
    default Trace andThen(Trace next) {
        return (stage, millis, summary) -> {
            after(stage, millis, summary);
            next.after(stage, millis, summary);
        };
    }
}
