package org.shapeforge.codegen.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.GeneratedOps;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.reference.LoopIrSemantics;
import org.shapeforge.codegen.run.Buffers;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.codegen.run.NativeLibrary;
import org.shapeforge.testenv.Requires;

/**
 * The CUDA emitter's point kernels checked without a GPU: the generated {@code .cu} text is
 * compiled as C by gcc with a small shim ({@code blockIdx}, {@code threadIdx}, … as globals;
 * {@code __global__} dropped) and every launch is run on the host, block by block and thread by
 * thread, in order, then compared with {@link LoopIrSemantics}. Sequential threads cannot show a
 * race, so this checks the arithmetic: addressing, margins, Concat blocks, initialization, the
 * accumulators, and the loops inside a thread for iterators that do not separate the left-hand
 * side (a transposed convolution's {@code 2·i + k}). Kernels with {@code __shared__} memory (the
 * tiled GEMM) need a GPU; contractions are emitted one thread per point here ({@link CudaEmitter#perPoint}).
 * The left-hand side starts as garbage, so a missing initialization shows.
 */
class CudaPointKernelsOnHostTest {
    private static final double GARBAGE = 1.0e6;

    @BeforeAll
    static void gcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: the emulated CUDA kernels cannot be compiled here");
    }

    /** The program as C: the shim, the kernels as static functions, one host loop per launch, {@code sf_run(float **)} calling them in order. */
    static String onHost(Operation op, CudaProgram p) {
        if (p.source().contains("__shared__")) throw new IllegalArgumentException("shared memory needs a GPU: " + op.name());
        StringBuilder c = new StringBuilder("""
                #include <math.h>
                #include <string.h>
                typedef struct { unsigned x, y, z; } sf_dim3;
                static sf_dim3 blockIdx, threadIdx, blockDim, gridDim;
                static inline float sf_int_as_float(int i) { float f; memcpy(&f, &i, 4); return f; }
                #define __int_as_float(i) sf_int_as_float(i)
                #define __device__ static
                #define __forceinline__ inline
                """);
        c.append(p.source().replace("extern \"C\" __global__ void", "static void"));
        StringBuilder args = new StringBuilder();
        for (int i = 0; i < op.tensors().size(); i++) args.append(i == 0 ? "" : ", ").append("a[").append(i).append("]");
        StringBuilder run = new StringBuilder("void sf_run(float **a) {\n");
        for (int i = 0; i < p.launches().size(); i++) {
            CudaLaunch l = p.launches().get(i);
            c.append("static void sf_launch_").append(i).append("(float **a) {\n")
                    .append("    gridDim = (sf_dim3){").append(l.gridX()).append(", ").append(l.gridY()).append(", ").append(l.gridZ()).append("};\n")
                    .append("    blockDim = (sf_dim3){").append(l.blockX()).append(", ").append(l.blockY()).append(", ").append(l.blockZ()).append("};\n")
                    .append("    for (unsigned bz = 0; bz < gridDim.z; bz++) for (unsigned by = 0; by < gridDim.y; by++) for (unsigned bx = 0; bx < gridDim.x; bx++)\n")
                    .append("    for (unsigned tz = 0; tz < blockDim.z; tz++) for (unsigned ty = 0; ty < blockDim.y; ty++) for (unsigned tx = 0; tx < blockDim.x; tx++) {\n")
                    .append("        blockIdx = (sf_dim3){bx, by, bz}; threadIdx = (sf_dim3){tx, ty, tz};\n")
                    .append("        ").append(l.kernel()).append("(").append(args).append(");\n")
                    .append("    }\n}\n");
            run.append("    sf_launch_").append(i).append("(a);\n");
        }
        return c.append(run).append("}\n").toString();
    }

    /** Runs {@code op}'s CUDA on the host and compares it with the IR's meaning. */
    private static void check(Operation op, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<String, HostTensor> in = new LinkedHashMap<>();
        for (TensorDecl t : op.tensors()) in.put(t.name(), HostTensor.random(t.dims(), rnd));
        if (op.update().initializeNeutral()) in.remove(op.lhs().tensor());
        CudaProgram p = CudaEmitter.perPoint(op).program();
        String src = onHost(op, p);
        MethodHandle run = NativeLibrary.loadResident(CCompiler.system().compile(src)).kernel("sf_run");
        HostTensor got;
        try (Arena arena = Arena.ofConfined()) {
            Map<String, MemorySegment> bufs = new HashMap<>();
            MemorySegment args = arena.allocate(ValueLayout.ADDRESS, op.tensors().size());
            for (int i = 0; i < op.tensors().size(); i++) {
                TensorDecl t = op.tensors().get(i);
                bufs.put(t.name(), Buffers.upload(t, in.get(t.name()), GARBAGE, arena));
                args.setAtIndex(ValueLayout.ADDRESS, i, bufs.get(t.name()));
            }
            run.invokeExact(args);
            got = Buffers.download(op.tensor(op.lhs().tensor()), bufs.get(op.lhs().tensor()));
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        Errors e = Errors.compare(got, LoopIrSemantics.run(op, in));
        assertTrue(e.within(1e-5), op + "\n" + e + "\n" + p.source().substring(CudaEmitter.prologue().length()));
    }

    private static boolean hasLoopInThread(Operation op) {
        return op.space().factors().stream().anyMatch(f -> !op.coverage().reductionFactors().contains(f)
                && f instanceof Factor.Single(LoopVar v) && v.extent() > 1 && !org.shapeforge.codegen.ir.Coverage.separates(op.lhs(), v.symbol()));
    }

    /**
     * Issue 29's epilogue as CUDA: the main launch, then one thread per finished cell applying
     * {@code relu(c + bias + res)} — after a contraction (with an outer reduction axis too) and
     * after a MAX reduction (the generic kernel); on the host against the IR's meaning.
     */
    @Test
    void anEpilogueIsALaunchAfterTheMainOne() {
        check(org.shapeforge.codegen.c.EpilogueTest.gemm(5, 7, 6, 1), 1);
        check(org.shapeforge.codegen.c.EpilogueTest.gemm(5, 7, 6, 3), 2);
        check(org.shapeforge.codegen.c.EpilogueTest.rowMax(4, 6, 5), 3);
        assertEquals(2, CudaEmitter.perPoint(org.shapeforge.codegen.c.EpilogueTest.gemm(5, 7, 6, 1)).program().launches().size(),
                "the main launch and the epilogue's");
    }

    /** The GPU test's generated operations ({@code CudaRunsOnGpuTest}, seed 2024), on the host. */
    @Test
    void generatedOperationsMatchLoopIrSemantics() {
        SplittableRandom rnd = new SplittableRandom(2024);
        for (int i = 0; i < 40; i++) check(GeneratedOps.generate(rnd, i), i);
    }

    /**
     * A 1-D transposed convolution, stride 2, per channel: {@code y[c, 2·i + k] ⟵+ x[c, i] · w[c, k]}
     * (as the ONNX lowering of ConvTranspose writes it): {@code i} and {@code k} do not separate
     * the output, {@code c} does. With ADD and with MAX (a fold whose neutral is −∞).
     */
    @Test
    void transposedConvolutionLoopsInsideTheThread() {
        for (BinOp fold : List.of(BinOp.ADD, BinOp.MAX)) {
            Index out = new Index.Affine(List.of(new Index.Term(2, "i"), new Index.Term(1, "k")), 0);
            Operation op = new Operation("convT_" + fold, List.of(TensorDecl.of("x", List.of(3, 5)), TensorDecl.of("w", List.of(3, 3)),
                    TensorDecl.of("y", List.of(3, 11))),
                    new ProductSpace(List.of(new Factor.Single(new LoopVar("c", 3)), new Factor.Single(new LoopVar("i", 5)),
                            new Factor.Single(new LoopVar("k", 3)))),
                    new Access("y", List.of(Index.iter("c"), out)),
                    new Expr.Binary(BinOp.MUL, new Expr.Read(new Access("x", List.of(Index.iter("c"), Index.iter("i")))),
                            new Expr.Read(new Access("w", List.of(Index.iter("c"), Index.iter("k"))))),
                    Update.accumulate(fold));
            assertTrue(hasLoopInThread(op));
            assertEquals(Optional.empty(), CudaRefusal.of(op));
            check(op, 7);
        }
    }

    /** The same with a reduction over input channels {@code d} inside the thread's loops: {@code y[c, 2·i + k] ⟵+ Σ_d x[d, i] · w[d, c, k]}. */
    @Test
    void transposedConvolutionWithAReductionInsideTheLoops() {
        Index out = new Index.Affine(List.of(new Index.Term(2, "i"), new Index.Term(1, "k")), 0);
        Operation op = new Operation("convT_sum", List.of(TensorDecl.of("x", List.of(4, 5)), TensorDecl.of("w", List.of(4, 3, 3)),
                TensorDecl.of("y", List.of(3, 11))),
                new ProductSpace(List.of(new Factor.Single(new LoopVar("c", 3)), new Factor.Single(new LoopVar("i", 5)),
                        new Factor.Single(new LoopVar("k", 3)), new Factor.Single(new LoopVar("d", 4)))),
                new Access("y", List.of(Index.iter("c"), out)),
                new Expr.Binary(BinOp.MUL, new Expr.Read(new Access("x", List.of(Index.iter("d"), Index.iter("i")))),
                        new Expr.Read(new Access("w", List.of(Index.iter("d"), Index.iter("c"), Index.iter("k"))))),
                Update.accumulate(BinOp.ADD));
        assertTrue(hasLoopInThread(op));
        assertEquals(Optional.empty(), CudaRefusal.of(op));
        check(op, 11);
    }
}
