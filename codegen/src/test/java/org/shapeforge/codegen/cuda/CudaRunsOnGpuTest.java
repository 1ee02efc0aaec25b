package org.shapeforge.codegen.cuda;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shapeforge.codegen.Catalogue;
import org.shapeforge.codegen.GeneratedOps;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.reference.LoopIrSemantics;
import org.shapeforge.codegen.reference.Reference;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Generated CUDA launched on a GPU through {@link CudaDriver} (FFM on the driver API: primary
 * context, {@code cuModuleLoadData} on nvcc's PTX, {@code cuLaunchKernel}) and compared with the
 * catalogue's reference, with the IR's own meaning on generated operations, and — for
 * contractions — through both the tiled {@link CudaGemm} and the one-thread-per-point kernel. The
 * left-hand side starts as garbage (1e6) so a missing initialization shows. Skipped, with the
 * reason, where {@code libcuda.so.1} cannot be loaded (probed through FFM), nvcc/ptxas are absent,
 * or the driver finds no device.
 */
@Tag("gpu")
@EnabledIf(value = "gpuPresent", disabledReason = "no libcuda.so.1 or no nvcc/ptxas: GPU launch tests run only where an NVIDIA driver and the CUDA toolkit are present")
class CudaRunsOnGpuTest {
    private static final double GARBAGE = 1.0e6;
    @TempDir
    static Path dir;
    private static CudaDriver cuda;

    static boolean gpuPresent() {
        return CudaDriver.unavailable().isEmpty() && PtxCompiler.available();
    }

    @BeforeAll
    static void needsDevice() {
        try {
            cuda = CudaDriver.open(0);
        } catch (CodegenException e) {
            Assumptions.abort("no usable CUDA device: " + e.getMessage());
        }
    }

    @AfterAll
    static void release() {
        if (cuda != null) cuda.close();
    }

    static Stream<Catalogue.Case> ops() {
        return Catalogue.all().stream();
    }

    static Stream<Catalogue.Case> contractions() {
        return Catalogue.all().stream().filter(c -> Contraction.of(c.op()).isPresent());
    }

    private static HostTensor onGpu(CudaProgram program, Operation op, String stem, Map<String, HostTensor> in) {
        try (CudaKernel k = CudaKernel.load(cuda, op, program, new PtxCompiler(dir), stem)) {
            return k.run(in, GARBAGE);
        }
    }

    private static Map<String, HostTensor> inputs(Operation op, SplittableRandom rnd) {
        Map<String, HostTensor> in = new LinkedHashMap<>();
        for (TensorDecl t : op.tensors()) if (!t.name().equals(op.lhs().tensor())) in.put(t.name(), HostTensor.random(t.dims(), rnd));
        return in;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ops")
    void matchesReference(Catalogue.Case c) {
        Map<String, HostTensor> in = inputs(c.op(), new SplittableRandom(99));
        HostTensor got = onGpu(new CudaEmitter(c.op()).program(), c.op(), c.name(), in);
        Errors e = Errors.compare(got, c.reference().apply(in));
        assertTrue(e.within(1e-5), c.name() + " on " + cuda.deviceName() + ": " + e);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contractions")
    void perPointContractionMatchesReference(Catalogue.Case c) {
        Map<String, HostTensor> in = inputs(c.op(), new SplittableRandom(98));
        HostTensor got = onGpu(CudaEmitter.perPoint(c.op()).program(), c.op(), c.name() + "_pp", in);
        Errors e = Errors.compare(got, c.reference().apply(in));
        assertTrue(e.within(1e-5), c.name() + " (one thread per point) on " + cuda.deviceName() + ": " + e);
    }

    /**
     * {@link CudaGemm}'s 128² tiles (chosen for at least 128 blocks) with edge tiles in m, n and k,
     * row-major and with both operands transposed ({@code c[i,j] =:+ a[k,i] · b[j,k]}: the other
     * global-read order).
     */
    @Test
    void largeContractionsMatchReference() {
        int m = 1500, k = 21, n = 1700;
        assertTrue(CudaGemm.tile(m, n, 1) == 128, "the case must exercise the 128-wide tile");
        SplittableRandom rnd = new SplittableRandom(97);
        Operation plain = Ops.matmul(m, k, n);
        Map<String, HostTensor> in = inputs(plain, rnd);
        Errors e = Errors.compare(onGpu(new CudaEmitter(plain).program(), plain, "big", in), Reference.matmul(in.get("a"), in.get("b")));
        assertTrue(e.within(1e-5), "row-major " + m + "x" + k + "x" + n + ": " + e);

        Index i = Index.iter("i"), j = Index.iter("j"), kk = Index.iter("k");
        Operation transposed = new Operation("matmul_tt", List.of(TensorDecl.of("a", List.of(k, m)), TensorDecl.of("b", List.of(n, k)),
                TensorDecl.of("c", List.of(m, n))),
                new ProductSpace(List.of(new Factor.Single(new LoopVar("i", m)), new Factor.Single(new LoopVar("j", n)),
                        new Factor.Single(new LoopVar("k", k)))),
                new Access("c", List.of(i, j)), new Expr.Binary(BinOp.MUL, Expr.read("a", kk, i), Expr.read("b", j, kk)),
                Update.accumulate(BinOp.ADD));
        assertTrue(Contraction.of(transposed).isPresent(), "the transposed product must take the GEMM path");
        Map<String, HostTensor> tin = inputs(transposed, rnd);
        HostTensor want = Reference.matmul(transpose(tin.get("a")), transpose(tin.get("b")));
        Errors te = Errors.compare(onGpu(new CudaEmitter(transposed).program(), transposed, "big_tt", tin), want);
        assertTrue(te.within(1e-5), "transposed " + m + "x" + k + "x" + n + ": " + te);
    }

    private static HostTensor transpose(HostTensor x) {
        int r = x.dims().get(0), c = x.dims().get(1);
        HostTensor t = HostTensor.zeros(List.of(c, r));
        for (int a = 0; a < r; a++) for (int b = 0; b < c; b++) t.data()[b * r + a] = x.data()[a * c + b];
        return t;
    }

    /** As {@code EmittedCMatchesLoopIrSemanticsTest} for C: the lowering against {@link LoopIrSemantics}. */
    @Test
    void generatedOperationsMatchLoopIrSemantics() {
        SplittableRandom rnd = new SplittableRandom(2024);
        int ran = 0;
        for (int i = 0; i < 40; i++) {
            Operation op = GeneratedOps.generate(rnd, i);
            Map<String, HostTensor> in = new LinkedHashMap<>();
            for (TensorDecl t : op.tensors()) in.put(t.name(), HostTensor.random(t.dims(), rnd));
            if (op.update().initializeNeutral()) in.remove(op.lhs().tensor());
            CudaProgram program = new CudaEmitter(op).program();
            HostTensor got = onGpu(program, op, "gen" + i, in);
            Errors e = Errors.compare(got, LoopIrSemantics.run(op, in));
            assertTrue(e.within(1e-5), op + "\n" + e + "\n" + program.source().substring(CudaEmitter.prologue().length()));
            ran++;
        }
        assertTrue(ran == 40, "only " + ran + " of 40 generated operations ran on the GPU");
    }
}
