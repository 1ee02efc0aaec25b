package org.shapeforge.codegen.cuda;

import static org.bytedeco.cuda.global.cudart.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.bytedeco.cuda.cudart.CUctx_st;
import org.bytedeco.cuda.cudart.CUfunc_st;
import org.bytedeco.cuda.cudart.CUmod_st;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shapeforge.codegen.Catalogue;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.run.Buffers;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Generated CUDA launched on a GPU through the JavaCPP CUDA presets (driver API: primary context,
 * {@code cuModuleLoadData} on nvcc's PTX, {@code cuLaunchKernel}) and compared with the reference.
 * Skipped, with the reason, where there is no {@code libcuda.so.1} (probed through FFM so that a
 * failed JavaCPP class initialisation never sticks to the JVM), no device, or no nvcc.
 */
@Tag("gpu")
@EnabledIf(value = "gpuPresent", disabledReason = "no libcuda.so.1 or no nvcc/ptxas: GPU launch tests run only where an NVIDIA driver and the CUDA toolkit are present")
class CudaRunsOnGpuTest {
    @TempDir
    static Path dir;

    /** Probed through FFM, never through JavaCPP (whose failed class initialisation would stick to the JVM). */
    static boolean gpuPresent() {
        try {
            SymbolLookup.libraryLookup("libcuda.so.1", Arena.global());
        } catch (IllegalArgumentException e) {
            return false;
        }
        return PtxCompiler.available();
    }

    @BeforeAll
    static void needsDevice() {
        Assumptions.assumeTrue(cuInit(0) == CUDA_SUCCESS, "cuInit failed: no usable GPU");
        int[] count = new int[1];
        Assumptions.assumeTrue(cuDeviceGetCount(count) == CUDA_SUCCESS && count[0] > 0, "no CUDA device");
    }

    static Stream<Catalogue.Case> ops() {
        return Catalogue.all().stream();
    }

    private static void ok(int status, String what) {
        assertEquals(CUDA_SUCCESS, status, what + " failed with CUresult " + status);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ops")
    void matchesReference(Catalogue.Case c) {
        Operation op = c.op();
        CudaProgram prog = new CudaEmitter(op).program();
        String ptx = new PtxCompiler(dir).compile(c.name(), prog.source());
        IntPointer dev = new IntPointer(1);
        ok(cuDeviceGet(dev, 0), "cuDeviceGet");
        CUctx_st ctx = new CUctx_st();
        ok(cuDevicePrimaryCtxRetain(ctx, dev.get()), "cuDevicePrimaryCtxRetain");
        ok(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
        CUmod_st mod = new CUmod_st();
        ok(cuModuleLoadData(mod, new BytePointer(ptx)), "cuModuleLoadData");

        SplittableRandom rnd = new SplittableRandom(99);
        Map<String, HostTensor> in = new LinkedHashMap<>();
        for (TensorDecl t : op.tensors()) if (!t.name().equals(op.lhs().tensor())) in.put(t.name(), HostTensor.random(t.dims(), rnd));
        Map<String, Long> dptr = new HashMap<>();
        try (Arena arena = Arena.ofConfined()) {
            for (TensorDecl t : op.tensors()) {
                MemorySegment host = Buffers.upload(t, in.get(t.name()), 1.0e6, arena);
                long bytes = host.byteSize();
                LongPointer p = new LongPointer(1);
                ok(cuMemAlloc(p, bytes), "cuMemAlloc");
                ok(cuMemcpyHtoD(p.get(), new FloatPointer(host.toArray(ValueLayout.JAVA_FLOAT)), bytes), "cuMemcpyHtoD");
                dptr.put(t.name(), p.get());
            }
            Pointer[] params = new Pointer[op.tensors().size()];
            for (int i = 0; i < params.length; i++) params[i] = new LongPointer(1).put(dptr.get(op.tensors().get(i).name()));
            for (CudaLaunch l : prog.launches()) {
                CUfunc_st fn = new CUfunc_st();
                ok(cuModuleGetFunction(fn, mod, l.kernel()), "cuModuleGetFunction " + l.kernel());
                ok(cuLaunchKernel(fn, (int) l.gridX(), (int) l.gridY(), (int) l.gridZ(), l.blockX(), l.blockY(), l.blockZ(), 0, null,
                        new PointerPointer<>(params), null), "cuLaunchKernel " + l.kernel());
            }
            ok(cuCtxSynchronize(), "cuCtxSynchronize");
            TensorDecl lhs = op.tensor(op.lhs().tensor());
            float[] back = new float[Math.toIntExact(Math.max(1, lhs.physicalSize()))];
            ok(cuMemcpyDtoH(new FloatPointer(back), dptr.get(lhs.name()), 4L * back.length), "cuMemcpyDtoH");
            MemorySegment seg = arena.allocateFrom(ValueLayout.JAVA_FLOAT, back);
            HostTensor got = Buffers.download(lhs, seg);
            Errors e = Errors.compare(got, c.reference().apply(in));
            assertTrue(e.within(1e-5), c.name() + " on the GPU: " + e);
        } finally {
            for (long p : dptr.values()) cuMemFree(p);
        }
    }
}
