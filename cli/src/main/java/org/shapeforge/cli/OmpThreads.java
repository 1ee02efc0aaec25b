package org.shapeforge.cli;

import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;

/**
 * The OpenMP thread count of the generated kernels run from the calling thread:
 * {@code omp_set_num_threads} of libgomp, reached through a small generated kernel's library
 * ({@link CKernel#ompThreads}; every kernel is compiled with {@code -fopenmp}). OpenMP keeps the
 * count per calling thread, so it holds for the kernels this thread runs next, and only for them.
 */
final class OmpThreads {
    private OmpThreads() {}

    private static CKernel probe;

    /** Sets the calling thread's OpenMP thread count to {@code n} (at least 1). */
    static synchronized void set(int n) {
        if (n < 1) throw new IllegalArgumentException("an OpenMP thread count must be at least 1, got " + n);
        if (probe == null) probe = CKernel.compile(Ops.matmul(64, 64, 64), CCompiler.system());
        probe.ompThreads(n);
    }

    /** Back to {@link #standard} on the calling thread, if {@link #set} ever reached libgomp (else nothing to undo). */
    static synchronized void restore() {
        if (probe != null) probe.ompThreads(standard());
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
