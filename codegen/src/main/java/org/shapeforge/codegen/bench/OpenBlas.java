package org.shapeforge.codegen.bench;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.run.NativeLibrary;

/**
 * OpenBLAS's {@code cblas_sgemm} through FFM: the benchmark's native anchor (Debian
 * {@code libopenblas0-pthread}; {@code libopenblas-dev} for the unversioned name). {@link #load}
 * fails with a {@link CodegenException} saying what to install.
 */
public final class OpenBlas {
    private static final int ROW_MAJOR = 101, NO_TRANS = 111;
    private final MethodHandle sgemm;
    private final MethodHandle setThreads;
    private final String library;

    private OpenBlas(NativeLibrary lib, String library) {
        this.library = library;
        this.sgemm = lib.function("cblas_sgemm", FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_FLOAT,
                ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_FLOAT,
                ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        this.setThreads = lib.function("openblas_set_num_threads", FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT));
    }

    public static OpenBlas load() {
        CodegenException last = null;
        for (String name : new String[] {"libopenblas.so.0", "libopenblas.so"}) {
            try {
                return new OpenBlas(NativeLibrary.loadSystem(name), name);
            } catch (CodegenException e) {
                last = e;
            }
        }
        throw new CodegenException("OpenBLAS not found (" + last.getMessage()
                + "); install it: apt-get update && apt-get install -y libopenblas-dev");
    }

    public String library() {
        return library;
    }

    public void threads(int n) {
        try {
            setThreads.invokeExact(n);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** {@code C = A·B}, row-major m×k times k×n, single precision. */
    public void sgemm(int m, int n, int k, MemorySegment a, MemorySegment b, MemorySegment c) {
        try {
            sgemm.invokeExact(ROW_MAJOR, NO_TRANS, NO_TRANS, m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
