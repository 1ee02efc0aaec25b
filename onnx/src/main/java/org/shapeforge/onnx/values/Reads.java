package org.shapeforge.onnx.values;

/**
 * Where {@link Value} reports reads of its numbers: to the {@link RunListener} of the node being
 * lowered on this thread, if any. Costs one volatile read per access when nothing listens.
 */
final class Reads {
    private Reads() {}

    private static final ThreadLocal<RunListener> CURRENT = new ThreadLocal<>();
    private static volatile int watching;

    /** From now until {@link #end}, reads on this thread go to {@code l}. */
    static synchronized void begin(RunListener l) {
        CURRENT.set(l);
        watching++;
    }

    static synchronized void end() {
        CURRENT.remove();
        watching--;
    }

    static void note(double[] data) {
        if (watching == 0) return;
        RunListener l = CURRENT.get();
        if (l != null) l.read(data);
    }
}
