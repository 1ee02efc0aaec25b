package org.shapeforge.onnx.values;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.codegen.cuda.CudaDriver;
import org.shapeforge.codegen.cuda.CudaEmitter;
import org.shapeforge.codegen.cuda.CudaKernel;
import org.shapeforge.codegen.cuda.CudaProgram;
import org.shapeforge.codegen.cuda.CudaRefusal;
import org.shapeforge.codegen.cuda.PtxCompiler;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Generated CUDA for every kernel of a model: {@link CudaEmitter} emits the operation, nvcc and
 * ptxas compile it ({@link PtxCompiler#ptx}, cached by source hash beside the C kernels) and, where
 * a GPU is present, {@link CudaKernel} uploads the operands, launches and copies the result back.
 * Where none is present the target is compile-only: every kernel is still emitted and compiled,
 * and its values come from generated C ({@link CTarget}), so the model runs to the end and the
 * report covers all its kernels. A kernel the emitter refuses ({@link CudaRefusal}) or the CUDA
 * compiler rejects runs through C on either path; {@link #outcomes} says which kernel went which way.
 *
 * <p>Operations are emitted under one neutral name, so that a model's repeated layers give the
 * same source and compile once. The driver is not thread-safe: one target per thread.
 */
public final class CudaTarget implements KernelTarget, AutoCloseable {
    private static final String NAME = "node";
    private final PtxCompiler nvcc;
    private final CTarget host;
    private final CudaDriver gpu;
    private final String notRun;
    private final List<CudaOutcome> outcomes = new ArrayList<>();

    private CudaTarget(PtxCompiler nvcc, CTarget host, CudaDriver gpu, String notRun) {
        this.nvcc = nvcc;
        this.host = host;
        this.gpu = gpu;
        this.notRun = notRun;
    }

    /**
     * The GPU (device 0) where the NVIDIA driver finds one, else compile-only, saying why. Needs
     * nvcc and ptxas on the PATH either way (a {@link CodegenException} otherwise).
     */
    public static CudaTarget open(CCompiler cc) {
        requireToolkit();
        Optional<String> missing = CudaDriver.unavailable();
        if (missing.isPresent()) return compileOnly(cc, missing.get());
        try {
            return new CudaTarget(new PtxCompiler(cc.cacheDir()), new CTarget(cc), CudaDriver.open(0), null);
        } catch (CodegenException e) {
            return compileOnly(cc, "no usable CUDA device: " + e.getMessage());
        }
    }

    /** Compile-only whatever the machine has; {@code why} is the reason reported for not running. */
    public static CudaTarget compileOnly(CCompiler cc, String why) {
        return compileOnly(cc, new PtxCompiler(cc.cacheDir()), why);
    }

    /** Compile-only, the PTX cached where {@code nvcc} says (a test's own folder: every kernel really compiled). */
    public static CudaTarget compileOnly(CCompiler cc, PtxCompiler nvcc, String why) {
        requireToolkit();
        return new CudaTarget(nvcc, new CTarget(cc), null, why);
    }

    private static void requireToolkit() {
        if (!PtxCompiler.available())
            throw new CodegenException("--target cuda needs nvcc and ptxas (the CUDA toolkit) on the PATH; neither runs here");
    }

    /** Empty where the kernels run on a GPU; otherwise why they were only compiled. */
    public Optional<String> notRun() {
        return Optional.ofNullable(notRun);
    }

    /** The GPU's name as the driver reports it, where there is one. */
    public Optional<String> device() {
        return gpu == null ? Optional.empty() : Optional.of(gpu.deviceName());
    }

    /** One outcome per kernel run so far, in order. */
    public List<CudaOutcome> outcomes() {
        return List.copyOf(outcomes);
    }

    /** How many sources nvcc compiled (the rest came from the cache). */
    public long compilations() {
        return nvcc.compilations();
    }

    @Override
    public HostTensor run(Operation op, Map<String, HostTensor> inputs) {
        Operation named = new Operation(NAME, op.tensors(), op.space(), op.lhs(), op.rhs(), op.update());
        Optional<CudaRefusal> refused = CudaRefusal.of(op);
        if (refused.isPresent()) {
            outcomes.add(new CudaOutcome.Refused(op.name(), refused.get()));
            return host.run(op, inputs);
        }
        CudaProgram program = new CudaEmitter(named).program();
        String ptx;
        try {
            ptx = nvcc.ptx(program.source());
        } catch (CodegenException e) {
            outcomes.add(new CudaOutcome.Rejected(op.name(), e.getMessage()));
            return host.run(op, inputs);
        }
        if (gpu == null) {
            outcomes.add(new CudaOutcome.Compiled(op.name()));
            return host.run(op, inputs);
        }
        try (CudaKernel k = CudaKernel.of(gpu, named, program, ptx)) {
            HostTensor out = k.run(inputs, Double.NaN);
            outcomes.add(new CudaOutcome.Ran(op.name()));
            return out;
        }
    }

    @Override
    public void close() {
        if (gpu != null) gpu.close();
    }

    /** The C compiler of the host side (the kernels' values where no GPU runs them). */
    CCompiler hostCompiler() {
        return host.cc();
    }
}
