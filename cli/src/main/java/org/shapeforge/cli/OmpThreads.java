package org.shapeforge.cli;

import org.shapeforge.codegen.run.OpenMp;

/**
 * The OpenMP thread count of the generated kernels run from the calling thread, through
 * {@link OpenMp} (libgomp's {@code omp_set_num_threads}, the one place that reaches it). OpenMP keeps
 * the count per calling thread, so it holds for the kernels this thread runs next, and only for them.
 */
final class OmpThreads {
    private OmpThreads() {}

    /**
     * Back to {@link #standard} on the calling thread, if anything in this process set a thread
     * count through {@link OpenMp} (a runner's {@code Kernels.threads}); else nothing to undo.
     */
    static void restore() {
        if (OpenMp.reached()) OpenMp.threads(standard());
    }

    /** What OpenMP uses unless told otherwise: {@code OMP_NUM_THREADS} when it is a number, else the cores. */
    static int standard() {
        String env = System.getenv("OMP_NUM_THREADS");
        try {
            if (env != null && Integer.parseInt(env.split(",")[0].strip()) >= 1) return Integer.parseInt(env.split(",")[0].strip());
        } catch (NumberFormatException e) {
            // not a plain number: libgomp ignores it too
        }
        return Runtime.getRuntime().availableProcessors();
    }
}
