package org.shapeforge.onnx.values;

import java.util.Locale;

/**
 * A tensor a run would allocate past its memory budget ({@link Kernels#budget()}), refused before
 * anything is allocated or compiled: a model whose sizes (a Pad by 10⁹, an Expand, a Range, a
 * ConstantOfShape read from its data) ask for more memory than the run may take. The sizes are
 * computed in checked long arithmetic; a size past {@code Long.MAX_VALUE} is reported as such.
 * Bad input, not a bug: {@code run} answers it with exit 2.
 */
public final class OverBudget extends RuntimeException {
    private final String where;
    private final String tensor;
    private final long bytes;
    private final long budget;

    /**
     * @param where  the node, when known ("" inside a lowering; {@link #at} adds it)
     * @param tensor what would be allocated (a kernel's name, a tensor's role)
     * @param bytes  the bytes it needs ({@code Long.MAX_VALUE}: more than a long counts)
     * @param budget the budget it exceeds
     */
    public OverBudget(String where, String tensor, long bytes, long budget) {
        super((where.isEmpty() ? "" : where + ": ") + tensor + " needs " + (bytes == Long.MAX_VALUE ? "more than 2^63 bytes"
                : bytes(bytes)) + ", over the memory budget of " + bytes(budget) + " (--max-memory raises it)");
        this.where = where;
        this.tensor = tensor;
        this.bytes = bytes;
        this.budget = budget;
    }

    /** The same refusal located at {@code where} (the node). */
    public OverBudget at(String where) {
        return this.where.isEmpty() ? new OverBudget(where, tensor, bytes, budget) : this;
    }

    public long bytes() {
        return bytes;
    }

    public long budget() {
        return budget;
    }

    /** {@code 8.0 GB (8000000000 bytes)}, or {@code 512 bytes}. */
    static String bytes(long b) {
        if (b < 1024) return b + " bytes";
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = b;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s (%d bytes)", v, units[u], b);
    }
}
