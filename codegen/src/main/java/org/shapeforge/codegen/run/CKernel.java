package org.shapeforge.codegen.run;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.shapeforge.codegen.c.CEmitter;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;

/**
 * One operation compiled to C and loaded in-process: {@link #invoke} takes the buffers (off-heap
 * segments, one per tensor in declaration order); {@link #run} uploads host tensors, runs and
 * downloads the left-hand side.
 */
public final class CKernel {
    private final Operation op;
    private final String source;
    private final MethodHandle handle;
    private final NativeLibrary library; // held: the loaded code lives as long as the kernel that calls it

    private CKernel(Operation op, String source, NativeLibrary library, MethodHandle handle) {
        this.op = op;
        this.source = source;
        this.library = library;
        this.handle = handle;
    }

    public static CKernel compile(Operation op, CCompiler cc) {
        CEmitter e = new CEmitter(op);
        String src = e.source();
        NativeLibrary lib = NativeLibrary.load(cc.compile(src));
        return new CKernel(op, src, lib, lib.kernel(e.entry()));
    }

    public String source() {
        return source;
    }

    public Operation operation() {
        return op;
    }

    /** The argument array for {@link #invoke}: the buffers' addresses in tensor declaration order. */
    public MemorySegment arguments(Map<String, MemorySegment> buffers, Arena arena) {
        MemorySegment args = arena.allocate(ValueLayout.ADDRESS, op.tensors().size());
        for (int i = 0; i < op.tensors().size(); i++) {
            MemorySegment b = buffers.get(op.tensors().get(i).name());
            if (b == null) throw new CodegenException("no buffer for tensor " + op.tensors().get(i).name());
            args.setAtIndex(ValueLayout.ADDRESS, i, b);
        }
        return args;
    }

    /** Runs the kernel on prepared arguments. */
    public void invoke(MemorySegment arguments) {
        try {
            handle.invokeExact(arguments);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Uploads {@code inputs} (every tensor but the left-hand side; the left-hand side too when the
     * update folds into existing contents), runs, returns the left-hand side. A left-hand side not
     * given starts filled with {@code lhsFill}: tests pass a value that would show a missing
     * initialization.
     */
    public HostTensor run(Map<String, HostTensor> inputs, double lhsFill) {
        return run(inputs, lhsFill, nanos -> { });
    }

    /** {@link #run(Map, double)}, telling {@code call} how long the native call alone took (ns), uploads and download excluded. */
    public HostTensor run(Map<String, HostTensor> inputs, double lhsFill, LongConsumer call) {
        try (Arena arena = Arena.ofConfined()) {
            Map<String, MemorySegment> bufs = new HashMap<>();
            for (TensorDecl t : op.tensors()) {
                HostTensor h = inputs.get(t.name());
                boolean lhs = t.name().equals(op.lhs().tensor());
                if (h == null && !lhs) throw new CodegenException("operation " + op.name() + ": no input for tensor " + t.name());
                bufs.put(t.name(), Buffers.upload(t, h, lhsFill, arena));
            }
            MemorySegment args = arguments(bufs, arena);
            long start = System.nanoTime();
            invoke(args);
            call.accept(System.nanoTime() - start);
            return Buffers.download(op.tensor(op.lhs().tensor()), bufs.get(op.lhs().tensor()));
        }
    }

    /** The tensors a caller must supply to {@link #run}. */
    public List<TensorDecl> inputs() {
        return op.tensors().stream().filter(t -> !t.name().equals(op.lhs().tensor())).toList();
    }
}
