package org.shapeforge.codegen.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.shapeforge.codegen.cuda.CudaDriver;
import org.shapeforge.codegen.cuda.CudaEmitter;
import org.shapeforge.codegen.cuda.CudaKernel;
import org.shapeforge.codegen.cuda.CudaLaunch;
import org.shapeforge.codegen.cuda.CudaProgram;
import org.shapeforge.codegen.cuda.PtxCompiler;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.UnOp;

/**
 * The generated CUDA on a GPU, timed with CUDA events through {@link CudaDriver}:
 * <ul>
 *   <li>matmul n×n×n (fp32): {@code CudaGemm}'s shared-memory tiled kernel and the one-thread-per-point
 *       kernel ({@link CudaEmitter#perPoint}) against cuBLAS {@code cublasSgemm} ({@link Cublas}) on
 *       the same device buffers, GFLOP/s = 2n³ / median time; every result is checked against a
 *       double-precision dot product on the CPU at 2000 sampled cells (normwise relative error), C
 *       having been filled with NaN before each implementation runs;
 *   <li>one-thread-per-point kernels (relu, broadcast add, row sum over 8192×8192) in GB/s of
 *       compulsory traffic, against {@code cuMemcpyDtoD} of the same bytes.
 * </ul>
 * Run: {@code java --enable-native-access=ALL-UNNAMED -cp … org.shapeforge.codegen.bench.CudaBench
 * [sizes, default 1024,4096] [reps, default 10]}. Prints plain lines (docs/performance.md quotes them).
 */
public final class CudaBench {
    private CudaBench() {}

    public static void main(String[] args) throws Exception {
        List<Integer> sizes = args.length > 0 ? Arrays.stream(args[0].split(",")).map(Integer::parseInt).toList() : List.of(1024, 4096);
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Path work = Files.createTempDirectory("sf-cuda-bench");
        PtxCompiler nvcc = new PtxCompiler(work);
        try (CudaDriver cuda = CudaDriver.open(0); Cublas blas = Cublas.load()) {
            System.out.println("device: " + cuda.deviceName() + "; cuBLAS: " + blas.library() + "; PTX: nvcc -arch=" + PtxCompiler.ARCH
                    + "; reps " + reps + " (median, min of CUDA-event times)");
            for (int n : sizes) matmul(cuda, blas, nvcc, n, reps);
            pointwise(cuda, nvcc, reps);
        }
    }

    private static void matmul(CudaDriver cuda, Cublas blas, PtxCompiler nvcc, int n, int reps) {
        Operation op = Ops.matmul(n, n, n);
        long bytes = 4L * n * n;
        SplittableRandom rnd = new SplittableRandom(n);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ha = random(arena, (long) n * n, rnd), hb = random(arena, (long) n * n, rnd);
            long a = cuda.alloc(bytes), b = cuda.alloc(bytes), c = cuda.alloc(bytes);
            cuda.copyToDevice(a, ha);
            cuda.copyToDevice(b, hb);
            double flops = 2.0 * n * n * n;
            record Impl(String name, Runnable run) {}
            List<Impl> impls = new ArrayList<>();
            List<CudaKernel> loaded = new ArrayList<>();
            for (boolean tiled : new boolean[] {true, false}) {
                CudaProgram p = (tiled ? new CudaEmitter(op) : CudaEmitter.perPoint(op)).program();
                CudaKernel k = CudaKernel.load(cuda, op, p, nvcc, "matmul" + n + (tiled ? "_tiled" : "_pp"));
                loaded.add(k);
                CudaLaunch l = p.launches().getLast();
                impls.add(new Impl(tiled ? "generated CudaGemm (grid " + l.gridX() + "x" + l.gridY() + ")" : "generated one thread per point",
                        () -> k.enqueue(a, b, c)));
            }
            impls.add(new Impl("cuBLAS cublasSgemm", () -> blas.sgemm(n, n, n, a, b, c)));
            for (Impl impl : impls) {
                cuda.fill(c, Float.NaN, (long) n * n); // a cell the implementation does not write shows as NaN
                double[] t = time(cuda, impl.run(), reps, 1);
                MemorySegment hc = arena.allocate(bytes, 64);
                cuda.copyToHost(hc, c);
                double err = sampledError(ha, hb, hc, n, new SplittableRandom(7));
                System.out.printf("matmul n=%d  %-40s median %9.3f ms  min %9.3f ms  %9.1f GFLOP/s (median)  %9.1f (min)  rel.err %.2e%n",
                        n, impl.name(), t[0], t[1], flops / t[0] / 1e6, flops / t[1] / 1e6, err);
            }
            for (CudaKernel k : loaded) k.close();
            cuda.free(a);
            cuda.free(b);
            cuda.free(c);
        }
    }

    private static void pointwise(CudaDriver cuda, PtxCompiler nvcc, int reps) {
        int r = 8192, q = 8192;
        record Case(String name, Operation op, long bytes) {}
        long cells = (long) r * q;
        List<Case> cases = List.of(new Case("relu", Ops.unary(UnOp.RELU, List.of(r, q)), 8 * cells),
                new Case("broadcast add (row vector)", Ops.broadcast(BinOp.ADD, List.of(r, q), List.of(q)), 8 * cells + 4L * q),
                new Case("row sum", Ops.reduce(BinOp.ADD, List.of(r, q), List.of(1)), 4 * cells + 4L * r));
        try (Arena arena = Arena.ofConfined()) {
            long src = cuda.alloc(4 * cells), dst = cuda.alloc(4 * cells), vec = cuda.alloc(4L * q);
            MemorySegment hs = random(arena, cells, new SplittableRandom(1)), hv = random(arena, q, new SplittableRandom(2));
            MemorySegment out = arena.allocate(4 * cells, 64);
            cuda.copyToDevice(src, hs);
            cuda.copyToDevice(vec, hv);
            double[] copy = time(cuda, () -> cuda.copyOnDevice(dst, src, 4 * cells), reps, 10);
            System.out.printf("pointwise %-36s median %9.3f ms  %7.1f GB/s (read+write %d MiB)%n", "cuMemcpyDtoD", copy[0],
                    8 * cells / copy[0] / 1e6, 8 * cells >> 20);
            for (Case c : cases) {
                String name = c.op().name();
                cuda.fill(dst, Float.NaN, cells);
                CudaKernel k = CudaKernel.load(cuda, c.op(), new CudaEmitter(c.op()).program(), nvcc, "pw_" + name);
                List<TensorDecl> ts = c.op().tensors();
                long[] bufs = new long[ts.size()];
                for (int i = 0; i < bufs.length; i++)
                    bufs[i] = ts.get(i).name().equals(c.op().lhs().tensor()) ? dst : ts.get(i).size() == q ? vec : src;
                double[] t = time(cuda, () -> k.enqueue(bufs), reps, 10);
                cuda.copyToHost(out, dst);
                double err = 0;
                SplittableRandom pick = new SplittableRandom(3);
                for (int s = 0; s < 2000; s++) {
                    int i = pick.nextInt(r), j = pick.nextInt(q);
                    double x = hs.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * q + j), want, got;
                    switch (c.name()) {
                        case "relu" -> { want = Math.max(x, 0); got = out.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * q + j); }
                        case "row sum" -> {
                            want = 0;
                            for (int jj = 0; jj < q; jj++) want += hs.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * q + jj);
                            got = out.getAtIndex(ValueLayout.JAVA_FLOAT, i);
                        }
                        default -> { want = x + hv.getAtIndex(ValueLayout.JAVA_FLOAT, j); got = out.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * q + j); }
                    }
                    err = Math.max(err, Math.abs(got - want));
                }
                System.out.printf("pointwise %-36s median %9.3f ms  %7.1f GB/s  (%.0f %% of the copy)  max abs err %.2e (2000 cells)%n",
                        c.name(), t[0], c.bytes() / t[0] / 1e6, 100 * (c.bytes() / t[0]) / (8 * cells / copy[0]), err);
                k.close();
            }
            cuda.free(src);
            cuda.free(dst);
            cuda.free(vec);
        }
    }

    /** Per-launch milliseconds {median, min}: 2 warm-up rounds, then {@code reps} event-timed rounds of {@code inner} launches. */
    private static double[] time(CudaDriver cuda, Runnable enqueue, int reps, int inner) {
        for (int w = 0; w < 2; w++) enqueue.run();
        cuda.synchronize();
        double[] ms = new double[reps];
        for (int i = 0; i < reps; i++)
            ms[i] = cuda.time(() -> {
                for (int j = 0; j < inner; j++) enqueue.run();
            }) / inner;
        Arrays.sort(ms);
        return new double[] {ms[reps / 2], ms[0]};
    }

    /** max |C − A·B| / max |A·B| over sampled cells, A·B in double precision. */
    private static double sampledError(MemorySegment a, MemorySegment b, MemorySegment c, int n, SplittableRandom rnd) {
        double diff = 0, scale = 0;
        for (int s = 0; s < 2000; s++) {
            int i = rnd.nextInt(n), j = rnd.nextInt(n);
            double ref = 0;
            for (int k = 0; k < n; k++)
                ref += (double) a.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * n + k) * b.getAtIndex(ValueLayout.JAVA_FLOAT, (long) k * n + j);
            diff = Math.max(diff, Math.abs(c.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * n + j) - ref));
            scale = Math.max(scale, Math.abs(ref));
        }
        return diff / scale;
    }

    private static MemorySegment random(Arena arena, long count, SplittableRandom rnd) {
        MemorySegment s = arena.allocate(4 * count, 64);
        for (long i = 0; i < count; i++) s.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) (rnd.nextDouble() * 2 - 1));
        return s;
    }
}
