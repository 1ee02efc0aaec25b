package org.shapeforge.codegen.bench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.ojalgo.OjAlgoUtils;
import org.ojalgo.matrix.store.R032Store;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.run.OpenMp;

/**
 * {@code bench matmul}: C = A·B for square n×n single-precision matrices, on the same random data,
 * by the generated C kernel ({@code Ops.matmul} through the C emitter's tiled contraction), by
 * ojalgo ({@code R032Store.fillByMultiplying}, its multithreaded pure-Java multiply) and by
 * OpenBLAS {@code cblas_sgemm} through FFM (skipped, with the reason, when absent). Every
 * implementation's result is checked against the generated kernel's (normwise relative error ≤ 1e-4)
 * so no figure comes from a wrong answer. Flops are {@code 2n³}.
 */
public final class MatmulBench {
    private MatmulBench() {}

    public static List<Measurement> run(List<Integer> sizes, int reps, int threads, CCompiler cc) {
        quietOjalgo(threads);
        List<Measurement> out = new ArrayList<>();
        OpenBlas blas = null;
        String noBlas = null;
        try {
            blas = OpenBlas.load();
            blas.threads(threads);
        } catch (CodegenException e) {
            noBlas = e.getMessage();
        }
        for (int n : sizes) {
            String problem = "n=" + n;
            double flops = 2.0 * n * n * n;
            int r = reps > 0 ? reps : n <= 256 ? 21 : n <= 512 ? 11 : 5;
            Operation op = Ops.matmul(n, n, n);
            CKernel k = CKernel.compile(op, cc);
            OpenMp.threads(threads);
            SplittableRandom rnd = new SplittableRandom(n);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment a = random(arena, n * n, rnd), b = random(arena, n * n, rnd), c = arena.allocate(4L * n * n, 64);
                MemorySegment args = k.arguments(Map.of("a", a, "b", b, "c", c), arena);
                double[] t = Timing.time(() -> k.invoke(args), r, 300);
                out.add(Measurement.of("generated C", problem, flops, t, r));
                float[] ours = c.toArray(ValueLayout.JAVA_FLOAT);

                R032Store oa = R032Store.FACTORY.make(n, n), ob = R032Store.FACTORY.make(n, n), oc = R032Store.FACTORY.make(n, n);
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++) {
                        oa.set(i, j, a.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * n + j));
                        ob.set(i, j, b.getAtIndex(ValueLayout.JAVA_FLOAT, (long) i * n + j));
                    }
                double[] to = Timing.time(() -> oc.fillByMultiplying(oa, ob), r, 300);
                float[] oj = new float[n * n];
                for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) oj[i * n + j] = (float) oc.doubleValue(i, j);
                agree("ojalgo", ours, oj);
                out.add(Measurement.of("ojalgo R032Store", problem, flops, to, r));

                if (blas != null) {
                    MemorySegment cb = arena.allocate(4L * n * n, 64);
                    OpenBlas bl = blas;
                    double[] tb = Timing.time(() -> bl.sgemm(n, n, n, a, b, cb), r, 300);
                    agree("OpenBLAS", ours, cb.toArray(ValueLayout.JAVA_FLOAT));
                    out.add(Measurement.of("OpenBLAS cblas_sgemm", problem, flops, tb, r));
                } else {
                    out.add(Measurement.skipped("OpenBLAS cblas_sgemm", problem, noBlas));
                }
            }
        }
        return out;
    }

    /**
     * ojAlgo prints a hardware-profile banner on standard output when its environment class
     * initializes; the benchmark's output (one JSON document with {@code --json}) must not carry it.
     */
    static synchronized void quietOjalgo(int threads) {
        PrintStream saved = System.out;
        try {
            System.setOut(new PrintStream(OutputStream.nullOutputStream()));
            OjAlgoUtils.limitThreadsTo(threads);
        } finally {
            System.setOut(saved);
        }
    }

    static MemorySegment random(Arena arena, long count, SplittableRandom rnd) {
        MemorySegment s = arena.allocate(4 * count, 64);
        for (long i = 0; i < count; i++) s.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) (rnd.nextDouble() * 2 - 1));
        return s;
    }

    /** Two results of the same product agree (normwise relative error ≤ 1e-4), or the benchmark is void. */
    static void agree(String who, float[] ours, float[] theirs) {
        double diff = 0, scale = 0;
        for (int i = 0; i < ours.length; i++) {
            diff = Math.max(diff, Math.abs(ours[i] - theirs[i]));
            scale = Math.max(scale, Math.abs(ours[i]));
        }
        if (!(diff <= 1e-4 * scale))
            throw new IllegalStateException(who + " and the generated kernel disagree: max |diff| " + diff + " at scale " + scale);
    }
}
