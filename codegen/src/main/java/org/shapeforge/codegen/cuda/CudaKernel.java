package org.shapeforge.codegen.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.Buffers;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.run.HostTensor;

/**
 * A generated {@link CudaProgram} loaded on a device through {@link CudaDriver}: nvcc's PTX
 * ({@link PtxCompiler}) as one module, one function per {@link CudaLaunch}. {@link #enqueue} puts
 * the launches on the default stream in order (the initialization kernel first, Prop. 7.6(iii));
 * {@link #run} is the whole round trip, with buffers laid out as {@link Buffers} says, as
 * {@code CKernel.run} is for generated C.
 */
public final class CudaKernel implements AutoCloseable {
    private final CudaDriver cuda;
    private final Operation op;
    private final CudaDriver.Module module;
    private final List<CudaLaunch> launches;
    private final List<CudaDriver.Function> functions = new ArrayList<>();

    private CudaKernel(CudaDriver cuda, Operation op, CudaProgram program, String ptx) {
        this.cuda = cuda;
        this.op = op;
        this.launches = program.launches();
        this.module = cuda.load(ptx);
        for (CudaLaunch l : launches) functions.add(cuda.function(module, l.kernel()));
    }

    /** Compiles {@code program} (named {@code stem}) with {@code nvcc} and loads it on {@code cuda}'s device. */
    public static CudaKernel load(CudaDriver cuda, Operation op, CudaProgram program, PtxCompiler nvcc, String stem) {
        return new CudaKernel(cuda, op, program, nvcc.compile(stem, program.source()));
    }

    /** Loads {@code ptx} (nvcc's output for {@code program}'s source, e.g. from {@link PtxCompiler#ptx}) on {@code cuda}'s device. */
    public static CudaKernel of(CudaDriver cuda, Operation op, CudaProgram program, String ptx) {
        return new CudaKernel(cuda, op, program, ptx);
    }

    /** Enqueues the program's launches; {@code dptrs} are device buffers in the operation's tensor order. */
    public void enqueue(long... dptrs) {
        if (dptrs.length != op.tensors().size())
            throw new IllegalArgumentException(op.name() + " takes " + op.tensors().size() + " buffers, got " + dptrs.length);
        for (int i = 0; i < launches.size(); i++) cuda.launch(functions.get(i), launches.get(i), dptrs);
    }

    /**
     * Uploads the inputs (the left-hand side, where not given, filled with {@code lhsFill} so that a
     * missing initialization shows), runs the launches, and returns the left-hand side's logical cells.
     */
    public HostTensor run(Map<String, HostTensor> inputs, double lhsFill) {
        Map<String, Long> dev = new HashMap<>();
        try (Arena arena = Arena.ofConfined()) {
            long[] args = new long[op.tensors().size()];
            for (int i = 0; i < args.length; i++) {
                TensorDecl t = op.tensors().get(i);
                HostTensor h = inputs.get(t.name());
                if (h == null && !t.name().equals(op.lhs().tensor()))
                    throw new CodegenException("operation " + op.name() + ": no input for tensor " + t.name());
                MemorySegment host = Buffers.upload(t, h, lhsFill, arena);
                args[i] = cuda.alloc(host.byteSize());
                dev.put(t.name(), args[i]);
                cuda.copyToDevice(args[i], host);
            }
            enqueue(args);
            cuda.synchronize();
            TensorDecl lhs = op.tensor(op.lhs().tensor());
            MemorySegment back = Buffers.upload(lhs, null, 0, arena);
            cuda.copyToHost(back, dev.get(lhs.name()));
            HostTensor out = Buffers.download(lhs, back);
            for (var it = dev.values().iterator(); it.hasNext(); ) {
                long p = it.next();
                it.remove();
                cuda.free(p);
            }
            return out;
        } catch (RuntimeException e) {
            for (long p : dev.values()) {
                try {
                    cuda.free(p);
                } catch (CodegenException again) {
                    e.addSuppressed(again); // a sticky launch error fails every later call: keep the first
                }
            }
            throw e;
        }
    }

    @Override
    public void close() {
        cuda.unload(module);
    }
}
