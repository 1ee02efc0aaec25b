package org.shapeforge.codegen.run;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The OpenMP runtime the generated kernels use (libgomp: gcc's {@code -fopenmp}, {@link CCompiler}),
 * reached by its soname: the process has one copy, which a kernel library whose loops have no
 * parallel region does not even link, so its thread count is set here rather than through a
 * kernel's library. Loaded after {@link OpenMpWaitPolicy} put its environment.
 */
public final class OpenMp {
    private OpenMp() {}

    private static MethodHandle setThreads;

    /** Sets the thread count of the parallel regions the calling thread starts from now on (OpenMP's {@code nthreads-var} is per thread). */
    public static void threads(int n) {
        if (n < 1) throw new IllegalArgumentException("an OpenMP thread count must be at least 1, got " + n);
        try {
            handle().invokeExact(n);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Whether libgomp was reached by {@link #threads} in this process (a thread count may have been set). */
    public static synchronized boolean reached() {
        return setThreads != null;
    }

    private static synchronized MethodHandle handle() {
        if (setThreads == null) {
            OpenMpWaitPolicy.apply();
            setThreads = NativeLibrary.loadSystem("libgomp.so.1")
                    .function("omp_set_num_threads", FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT));
        }
        return setThreads;
    }
}
