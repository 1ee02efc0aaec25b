package org.shapeforge.codegen.bench;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.run.NativeLibrary;

/**
 * cuBLAS's {@code cublasSgemm_v2} through FFM: the GPU benchmark's anchor, as {@link OpenBlas} is
 * the CPU one. Device pointers come from {@code CudaDriver}; cuBLAS runs on the runtime API, which
 * uses the device's primary context, the one {@code CudaDriver} makes current. The handle keeps the
 * default math mode (FP32 arithmetic, no TF32) and the default (legacy) stream, so events recorded
 * by {@code CudaDriver.time} bracket its work. The library is {@code -Dshapeforge.cublas=PATH}, else
 * {@code libcublas.so.13}, {@code .12} or {@code libcublas.so} on the loader's path.
 */
public final class Cublas implements AutoCloseable {
    private static final int OP_N = 0;
    private final MethodHandle sgemm, destroy;
    private final MemorySegment handle;
    private final Arena arena = Arena.ofConfined();
    private final MemorySegment alpha = arena.allocateFrom(JAVA_FLOAT, 1.0f), beta = arena.allocateFrom(JAVA_FLOAT, 0.0f);
    private final String library;

    private Cublas(NativeLibrary lib, String library) {
        this.library = library;
        this.sgemm = lib.function("cublasSgemm_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT,
                JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
        this.destroy = lib.function("cublasDestroy_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        MemorySegment out = arena.allocate(ADDRESS);
        try {
            check("cublasCreate", (int) lib.function("cublasCreate_v2", FunctionDescriptor.of(JAVA_INT, ADDRESS)).invokeExact(out));
        } catch (CodegenException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        this.handle = out.get(ADDRESS, 0);
    }

    /** Loads cuBLAS and creates a handle (needs a current CUDA context). */
    public static Cublas load() {
        List<String> tried = new ArrayList<>();
        String explicit = System.getProperty("shapeforge.cublas");
        if (explicit != null && !explicit.isBlank()) return new Cublas(NativeLibrary.loadResident(Path.of(explicit)), explicit);
        for (String name : new String[] {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}) {
            try {
                return new Cublas(NativeLibrary.loadSystem(name), name);
            } catch (CodegenException e) {
                tried.add(e.getMessage());
            }
        }
        throw new CodegenException("cuBLAS not found (" + String.join("; ", tried) + "); pass -Dshapeforge.cublas=/path/to/libcublas.so.N");
    }

    public String library() {
        return library;
    }

    /** {@code C = A·B} for row-major device matrices (m×k times k×n): column-major {@code Cᵀ = Bᵀ·Aᵀ}. */
    public void sgemm(int m, int n, int k, long a, long b, long c) {
        try {
            check("cublasSgemm", (int) sgemm.invokeExact(handle, OP_N, OP_N, n, m, k, alpha, b, n, a, k, beta, c, n));
        } catch (CodegenException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    @Override
    public void close() {
        try {
            check("cublasDestroy", (int) destroy.invokeExact(handle));
        } catch (CodegenException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        } finally {
            arena.close();
        }
    }

    private static void check(String what, int status) {
        if (status != 0) throw new CodegenException(what + " failed with cublasStatus_t " + status);
    }
}
