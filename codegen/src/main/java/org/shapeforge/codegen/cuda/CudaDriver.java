package org.shapeforge.codegen.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import org.shapeforge.codegen.run.CodegenException;

/**
 * The CUDA driver API ({@code libcuda.so.1}) through the Foreign Function &amp; Memory API: the
 * device's primary context, PTX modules ({@code cuModuleLoadData}, JIT-compiled by the driver for
 * the device), device buffers, {@link CudaLaunch launches} on the default stream, and event timing.
 * Every call's {@code CUresult} is checked; a failure is a {@link CodegenException} naming the call
 * and the driver's own name and text for the error ({@code cuGetErrorName}, {@code cuGetErrorString}).
 *
 * <p>Why FFM and not JavaCPP's CUDA presets ({@code org.bytedeco:cuda:12.9-9.10-1.5.12}, which
 * {@code ../shared/spec/stack.md} names): the preset's JNI library {@code libjnicudart.so} links
 * {@code libcudart.so.12} ({@code readelf -d}: NEEDED), which a CUDA 13 machine does not have, so
 * its classes cannot even initialise there (and a failed class initialisation sticks to the JVM).
 * The driver API's versioned entry points ({@code cuMemAlloc_v2}, …) are ABI-stable across CUDA
 * releases, and FFM needs nothing but {@code libcuda.so.1}, which the NVIDIA driver installs.
 *
 * <p>Not thread-safe: one driver object per thread; {@link #close} releases the primary context.
 */
public final class CudaDriver implements AutoCloseable {
    public static final String LIBRARY = "libcuda.so.1";
    private static final Linker LINKER = Linker.nativeLinker();
    private static final int NAME_LENGTH = 256;

    private final SymbolLookup lib;
    private final Arena arena = Arena.ofConfined();
    private final int device;
    private final MethodHandle getErrorName, getErrorString, memAlloc, memFree, htoD, dtoH, dtoD, memset32, moduleLoad, moduleUnload,
            getFunction, launch, synchronize, eventCreate, eventRecord, eventSynchronize, eventElapsed, eventDestroy, release;

    /** A loaded module ({@code CUmodule}). */
    public record Module(MemorySegment handle) {}

    /** A kernel entry of a loaded module ({@code CUfunction}). */
    public record Function(String name, MemorySegment handle) {}

    /** Empty where {@code libcuda.so.1} can be loaded; otherwise why not (for capability skips). */
    public static Optional<String> unavailable() {
        try {
            SymbolLookup.libraryLookup(LIBRARY, Arena.global());
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(LIBRARY + " cannot be loaded (" + e.getMessage() + "): no NVIDIA driver on this machine");
        }
    }

    private CudaDriver(int ordinal) {
        try {
            lib = SymbolLookup.libraryLookup(LIBRARY, Arena.global());
        } catch (IllegalArgumentException e) {
            throw new CodegenException(unavailable().orElse(e.getMessage()), e);
        }
        getErrorName = fn("cuGetErrorName", JAVA_INT, ADDRESS);
        getErrorString = fn("cuGetErrorString", JAVA_INT, ADDRESS);
        memAlloc = fn("cuMemAlloc_v2", ADDRESS, JAVA_LONG);
        memFree = fn("cuMemFree_v2", JAVA_LONG);
        htoD = fn("cuMemcpyHtoD_v2", JAVA_LONG, ADDRESS, JAVA_LONG);
        dtoH = fn("cuMemcpyDtoH_v2", ADDRESS, JAVA_LONG, JAVA_LONG);
        dtoD = fn("cuMemcpyDtoD_v2", JAVA_LONG, JAVA_LONG, JAVA_LONG);
        memset32 = fn("cuMemsetD32_v2", JAVA_LONG, JAVA_INT, JAVA_LONG);
        moduleLoad = fn("cuModuleLoadData", ADDRESS, ADDRESS);
        moduleUnload = fn("cuModuleUnload", ADDRESS);
        getFunction = fn("cuModuleGetFunction", ADDRESS, ADDRESS, ADDRESS);
        launch = fn("cuLaunchKernel", ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS,
                ADDRESS, ADDRESS);
        synchronize = fn("cuCtxSynchronize");
        eventCreate = fn("cuEventCreate", ADDRESS, JAVA_INT);
        eventRecord = fn("cuEventRecord", ADDRESS, ADDRESS);
        eventSynchronize = fn("cuEventSynchronize", ADDRESS);
        eventElapsed = lib.find("cuEventElapsedTime_v2").isPresent() ? fn("cuEventElapsedTime_v2", ADDRESS, ADDRESS, ADDRESS)
                : fn("cuEventElapsedTime", ADDRESS, ADDRESS, ADDRESS);
        eventDestroy = fn("cuEventDestroy_v2", ADDRESS);
        release = fn("cuDevicePrimaryCtxRelease_v2", JAVA_INT);
        check("cuInit", call(fn("cuInit", JAVA_INT), 0));
        MemorySegment out = arena.allocate(JAVA_LONG);
        check("cuDeviceGetCount", call(fn("cuDeviceGetCount", ADDRESS), out));
        if (ordinal >= out.get(JAVA_INT, 0))
            throw new CodegenException("CUDA device " + ordinal + " requested, " + out.get(JAVA_INT, 0) + " present");
        check("cuDeviceGet", call(fn("cuDeviceGet", ADDRESS, JAVA_INT), out, ordinal));
        device = out.get(JAVA_INT, 0);
        check("cuDevicePrimaryCtxRetain", call(fn("cuDevicePrimaryCtxRetain", ADDRESS, JAVA_INT), out, device));
        check("cuCtxSetCurrent", call(fn("cuCtxSetCurrent", ADDRESS), out.get(ADDRESS, 0)));
    }

    /** Initialises the driver and makes device {@code ordinal}'s primary context current on this thread. */
    public static CudaDriver open(int ordinal) {
        return new CudaDriver(ordinal);
    }

    /** The device's name as the driver reports it ({@code cuDeviceGetName}). */
    public String deviceName() {
        MemorySegment name = arena.allocate(NAME_LENGTH);
        check("cuDeviceGetName", call(fn("cuDeviceGetName", ADDRESS, JAVA_INT, JAVA_INT), name, NAME_LENGTH, device));
        return name.getString(0);
    }

    /** Loads PTX text (the driver JIT-compiles it for the device). */
    public Module load(String ptx) {
        MemorySegment out = arena.allocate(ADDRESS);
        check("cuModuleLoadData", call(moduleLoad, out, arena.allocateFrom(ptx)));
        return new Module(out.get(ADDRESS, 0));
    }

    public Function function(Module m, String name) {
        MemorySegment out = arena.allocate(ADDRESS);
        check("cuModuleGetFunction " + name, call(getFunction, out, m.handle(), arena.allocateFrom(name)));
        return new Function(name, out.get(ADDRESS, 0));
    }

    public void unload(Module m) {
        check("cuModuleUnload", call(moduleUnload, m.handle()));
    }

    /** A device buffer of {@code bytes} bytes ({@code CUdeviceptr}). */
    public long alloc(long bytes) {
        MemorySegment out = arena.allocate(JAVA_LONG);
        check("cuMemAlloc(" + bytes + ")", call(memAlloc, out, bytes));
        return out.get(JAVA_LONG, 0);
    }

    public void free(long dptr) {
        check("cuMemFree", call(memFree, dptr));
    }

    public void copyToDevice(long dptr, MemorySegment host) {
        check("cuMemcpyHtoD", call(htoD, dptr, host, host.byteSize()));
    }

    public void copyToHost(MemorySegment host, long dptr) {
        check("cuMemcpyDtoH", call(dtoH, host, dptr, host.byteSize()));
    }

    public void copyOnDevice(long dst, long src, long bytes) {
        check("cuMemcpyDtoD", call(dtoD, dst, src, bytes));
    }

    /** Sets {@code count} floats at {@code dptr} to {@code value} ({@code cuMemsetD32} with its bit pattern). */
    public void fill(long dptr, float value, long count) {
        check("cuMemsetD32", call(memset32, dptr, Float.floatToRawIntBits(value), count));
    }

    /** Launches {@code f} as {@code l} says on the default stream, with the device pointers as its parameters. */
    public void launch(Function f, CudaLaunch l, long... dptrs) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment values = a.allocate(JAVA_LONG, Math.max(1, dptrs.length));
            MemorySegment params = a.allocate(ADDRESS, Math.max(1, dptrs.length));
            for (int i = 0; i < dptrs.length; i++) {
                values.setAtIndex(JAVA_LONG, i, dptrs[i]);
                params.setAtIndex(ADDRESS, i, values.asSlice(8L * i, 8));
            }
            check("cuLaunchKernel " + f.name(), call(launch, f.handle(), (int) l.gridX(), (int) l.gridY(), (int) l.gridZ(), l.blockX(),
                    l.blockY(), l.blockZ(), 0, MemorySegment.NULL, params, MemorySegment.NULL));
        }
    }

    /** Waits for all work on the context ({@code cuCtxSynchronize}); asynchronous launch errors surface here. */
    public void synchronize() {
        check("cuCtxSynchronize", call(synchronize));
    }

    /** Milliseconds of device time that {@code work} enqueues on the default stream, between two events. */
    public float time(Runnable work) {
        MemorySegment e = arena.allocate(ADDRESS, 2), ms = arena.allocate(JAVA_FLOAT);
        check("cuEventCreate", call(eventCreate, e, 0));
        check("cuEventCreate", call(eventCreate, e.asSlice(ADDRESS.byteSize()), 0));
        MemorySegment start = e.getAtIndex(ADDRESS, 0), stop = e.getAtIndex(ADDRESS, 1);
        try {
            check("cuEventRecord", call(eventRecord, start, MemorySegment.NULL));
            work.run();
            check("cuEventRecord", call(eventRecord, stop, MemorySegment.NULL));
            check("cuEventSynchronize", call(eventSynchronize, stop));
            check("cuEventElapsedTime", call(eventElapsed, ms, start, stop));
            return ms.get(JAVA_FLOAT, 0);
        } finally {
            call(eventDestroy, start);
            call(eventDestroy, stop);
        }
    }

    @Override
    public void close() {
        check("cuDevicePrimaryCtxRelease", call(release, device));
        arena.close();
    }

    private MethodHandle fn(String symbol, MemoryLayout... args) {
        MemorySegment addr = lib.find(symbol).orElseThrow(() -> new CodegenException("no symbol " + symbol + " in " + LIBRARY));
        return LINKER.downcallHandle(addr, FunctionDescriptor.of(JAVA_INT, args));
    }

    private static int call(MethodHandle h, Object... args) {
        try {
            return (int) h.invokeWithArguments(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private void check(String what, int status) {
        if (status == 0) return;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            String name = call(getErrorName, status, p) == 0 ? p.get(ADDRESS, 0).reinterpret(NAME_LENGTH).getString(0) : "?";
            String text = call(getErrorString, status, p) == 0 ? p.get(ADDRESS, 0).reinterpret(1024).getString(0) : "unknown error";
            throw new CodegenException(what + " failed: " + name + " (" + status + "): " + text);
        }
    }
}
