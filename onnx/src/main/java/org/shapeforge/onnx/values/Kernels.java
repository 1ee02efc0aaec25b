package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.codegen.run.OpenMp;

/**
 * Runs loop-IR operations through a {@link KernelTarget}: generated C by default ({@link CTarget}:
 * {@link CKernel} emits the C, {@link CCompiler} compiles it with gcc, cached by source hash, and
 * the FFM runner calls it), or generated CUDA ({@link CudaTarget}). Counts the kernels run.
 * Holds the run's memory budget: every kernel's buffers, and every tensor a lowering allocates
 * from sizes it read from the model's data, are sized in checked arithmetic before anything is
 * allocated or compiled, and refused past the budget ({@link OverBudget}).
 */
public final class Kernels {
    private final KernelTarget target;
    private final long budget;
    private final Map<Operation, CKernel> compiled = new HashMap<>();
    private RunListener listener;
    private int threads;
    private Thread threadsSetOn;
    private int runs;
    private List<KernelTiming> timings;
    private int fusedGroups, fusedNodes;

    public Kernels(CCompiler cc) {
        this(cc, defaultBudget());
    }

    /** Kernels whose every allocation is at most {@code budget} bytes. */
    public Kernels(CCompiler cc, long budget) {
        this(new CTarget(cc), budget);
    }

    /** Kernels run through {@code target}, every allocation at most {@code budget} bytes. */
    public Kernels(KernelTarget target, long budget) {
        if (budget < 1) throw new IllegalArgumentException("a memory budget must be positive, got " + budget);
        this.target = Objects.requireNonNull(target, "target");
        this.budget = budget;
    }

    public static Kernels system() {
        return new Kernels(CCompiler.system());
    }

    public static Kernels system(long budget) {
        return new Kernels(CCompiler.system(), budget);
    }

    /** 4 GiB, or half the JVM's maximum heap where that is less (results are held on the heap as doubles). */
    public static long defaultBudget() {
        return Math.min(4L << 30, Runtime.getRuntime().maxMemory() / 2);
    }

    /** The most bytes one kernel's buffers, or one tensor, may take. */
    public long budget() {
        return budget;
    }

    /**
     * Refuses a kernel whose buffers take more than the budget: 4 bytes (a C float) per cell of
     * every operand and of the result, margins included, and 8 more per result cell (the result is
     * returned as doubles).
     */
    void admit(String kernel, List<TensorDecl> buffers, TensorDecl result) {
        long bytes = 0;
        for (TensorDecl t : buffers) bytes = sum(bytes, product(4, physical(t)));
        bytes = sum(bytes, product(8, cells(result.dims())));
        if (bytes > budget) throw new OverBudget("", "kernel '" + kernel + "' (result " + result.dims() + ")", bytes, budget);
    }

    /** Refuses a tensor of {@code dims} (8 bytes a value, on the heap) past the budget or past what one array holds. */
    void admit(String tensor, List<? extends Number> dims) {
        long n = cells(dims), bytes = product(8, n);
        if (bytes > budget || n > Integer.MAX_VALUE - 8) throw new OverBudget("", "tensor '" + tensor + "' of dims " + dims, bytes, budget);
    }

    /**
     * A size read from the model's data (a Pad amount, an Expand target, a Range's length, a
     * Resize output) as an int, refused as a tensor of that many values would be by {@link #admit}:
     * past the budget, or negative.
     */
    int extent(String what, long n) {
        if (n < 0) throw new IllegalArgumentException(what + ": a negative size " + n);
        admit(what, List.of(n));
        return (int) n;
    }

    /** The number of values of a tensor of {@code dims}, {@code Long.MAX_VALUE} past a long; a negative dim is an error. */
    static long cells(List<? extends Number> dims) {
        long n = 1;
        for (Number d : dims) {
            if (d.longValue() < 0) throw new IllegalArgumentException("negative dimension in " + dims);
            n = product(n, d.longValue());
        }
        return n;
    }

    private static List<Long> physical(TensorDecl t) {
        List<Long> out = new ArrayList<>();
        for (int a = 0; a < t.rank(); a++)
            out.add((long) t.margins().get(a).left() + t.dims().get(a) + t.margins().get(a).right());
        return out;
    }

    private static long product(long a, long b) {
        return a == 0 || b == 0 ? 0 : a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }

    private static long product(long a, List<Long> dims) {
        long n = a;
        for (long d : dims) n = product(n, d);
        return n;
    }

    private static long sum(long a, long b) {
        return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }

    HostTensor run(Operation op, Map<String, HostTensor> inputs) {
        runs++;
        if (target instanceof CudaTarget cuda) return cuda.run(op, inputs); // its own compile cache; not planned, not profiled
        if (target instanceof DryTarget dry) return dry.run(op, inputs); // compiled ahead, nothing run
        CKernel c = kernel(op);
        HostTensor out = timings == null ? c.run(inputs, Double.NaN) : timed(c, op, inputs);
        if (listener != null) listener.kernel(c, inputs, out);
        return out;
    }

    /**
     * {@code op} compiled and loaded, once per operation in this {@code Kernels}: a second request
     * neither re-emits nor hashes the C nor loads the library again. Applies the thread count set by
     * {@link #threads(int)} on the calling thread.
     */
    public CKernel kernel(Operation op) {
        CKernel c = compiled.computeIfAbsent(op, o -> CKernel.compile(o, compiler()));
        threadsOn();
        return c;
    }

    /** The C compiler of the generated C target ({@link CTarget}), the one {@link Precompile} can fill ahead; empty for the others. */
    public Optional<CCompiler> cCompiler() {
        return target instanceof CTarget(CCompiler cc) ? Optional.of(cc) : Optional.empty();
    }

    /** The C compiler of this target's kernels (the CUDA target's host side compiles C too). */
    private CCompiler compiler() {
        return switch (target) {
            case CTarget(CCompiler cc) -> cc;
            case CudaTarget cuda -> cuda.hostCompiler();
            case DryTarget dry -> dry.cc();
        };
    }

    /** Applies the thread count set by {@link #threads(int)} to the calling thread (OpenMP's is a per-thread setting), once a thread. */
    public void threadsOn() {
        if (threads == 0 || threadsSetOn == Thread.currentThread()) return;
        OpenMp.threads(threads);
        threadsSetOn = Thread.currentThread();
    }

    /** Runs the kernels on {@code n} OpenMP threads (at least 1); by default libgomp's own choice ({@code OMP_NUM_THREADS}). */
    public Kernels threads(int n) {
        if (n < 1) throw new IllegalArgumentException("an OpenMP thread count must be at least 1, got " + n);
        threads = n;
        threadsSetOn = null;
        return this;
    }

    /** The thread count set by {@link #threads(int)}; 0 when none was set. */
    public int threads() {
        return threads;
    }

    /** Tells {@code l} of every node lowered and kernel run from now on ({@code null}: no one); the previous listener. */
    public RunListener listen(RunListener l) {
        RunListener before = listener;
        listener = l;
        return before;
    }

    RunListener listener() {
        return listener;
    }


    /** {@link CKernel#run}'s steps, with the whole and the native call alone timed. */
    private HostTensor timed(CKernel kernel, Operation op, Map<String, HostTensor> inputs) {
        long t0 = System.nanoTime();
        long[] call = new long[1];
        HostTensor out = kernel.run(inputs, Double.NaN, ns -> call[0] = ns);
        long dt = System.nanoTime() - t0;
        List<Long> extents = new ArrayList<>();
        for (Factor f : op.space().factors()) extents.add(f.points());
        long flops = Contraction.of(op).isPresent() ? 2 * op.space().points() : 0;
        timings.add(new KernelTiming(op.name(), extents, dt, call[0], flops));
        return out;
    }

    /** Starts recording each kernel run's time ({@link #timings}), dropping what was recorded before. */
    public void profile() {
        timings = new ArrayList<>();
    }

    /** The kernel runs recorded since {@link #profile}, in run order (empty when profiling is off). */
    public List<KernelTiming> timings() {
        return timings == null ? List.of() : List.copyOf(timings);
    }

    /** Records one fused group run as one kernel ({@code FusedGroups}), of {@code nodes} nodes. */
    void fused(int nodes) {
        fusedGroups++;
        fusedNodes += nodes;
    }

    /** The number of fused groups run so far, each one kernel (issue 29). */
    public int fusedGroups() {
        return fusedGroups;
    }

    /** The number of nodes those groups computed. */
    public int fusedNodes() {
        return fusedNodes;
    }

    /** The number of kernels run so far. */
    public int runs() {
        return runs;
    }
}
