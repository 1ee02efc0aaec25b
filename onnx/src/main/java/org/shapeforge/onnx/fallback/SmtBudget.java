package org.shapeforge.onnx.fallback;

/**
 * How much solver work the fallback's shape derivation may spend: each query (one
 * {@code ShapeSolver.solve}) within {@code perQueryMs}, all of them within {@code totalMs} and at
 * most {@code maxQueries}. An axis whose questions run past either stays undetermined, with the
 * reason ({@link AxisNote.Reason#TIMEOUT}, {@link AxisNote.Reason#BUDGET}).
 */
public record SmtBudget(long perQueryMs, long totalMs, int maxQueries) {
    public SmtBudget {
        if (perQueryMs < 1 || totalMs < 1 || maxQueries < 0) throw new IllegalArgumentException("budget must be positive: " + perQueryMs + ", " + totalMs + ", " + maxQueries);
    }

    /** Within {@code totalMs} in all, each query within min(2 s, totalMs), at most 10,000 queries (time is the real bound). */
    public static SmtBudget within(long totalMs) {
        long t = Math.max(1, totalMs);
        return new SmtBudget(Math.min(2000, t), t, 10_000);
    }
}
