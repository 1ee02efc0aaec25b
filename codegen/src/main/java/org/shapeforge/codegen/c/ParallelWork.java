package org.shapeforge.codegen.c;

import org.shapeforge.codegen.ir.Expr;

/**
 * When a kernel's loop gets an OpenMP parallel region (issue 29): only when its work, known at
 * emission because every extent is concrete, is at least {@link #THRESHOLD}. Work is counted in
 * multiply-add-sized operations: a contraction's {@code points × M × N × K}, a loop nest's points
 * times its body's {@link #cost}. Below the threshold no pragma is emitted at all, so a small kernel
 * neither starts a team nor wakes the sleeping threads of {@code OMP_WAIT_POLICY=passive}
 * ({@code codegen.run.OpenMpWaitPolicy}).
 *
 * <p>The figure, measured on the project's 2-vCPU machine (Xeon with AVX-512, gcc -O3
 * -march=native -fopenmp, libgomp, 2 threads, passive waiting, medians of 1000 calls 30 µs apart;
 * load average 6–7 from other builds): an empty {@code parallel for} costs 2.5–3 µs more than the
 * serial loop (a region of 1024 points: 0.75 µs serial, 3.24 µs parallel), and one core runs a
 * vectorised multiply-add body at 55–60 k per µs. Two threads save at most half the serial time,
 * so a region pays from about {@code 2 × 3 µs × 57 k/µs ≈ 340 k} operations; the threshold is
 * three times that, because the woken thread starts late when the cores are shared (at that load,
 * 524 k FMA ran 9.2 µs serial and 12.0 µs on two threads). The former threshold, 32 k points
 * whatever their cost, started a team for 1–2 µs of work: mobilenet_v2's 55 kernels ran in
 * 2.6 ms on one thread and 5.2 ms on two. A kernel whose extents are known only at run time
 * ({@code codegen.symbolic.SymbolicCEmitter}) tests the same work there: its points against
 * {@link #leastPoints} of its body's cost.
 */
public final class ParallelWork {
    private ParallelWork() {}

    /** The least work (multiply-add-sized operations) that gets a parallel region: 2^20, about 18 µs on one core. */
    public static final long THRESHOLD = 1L << 20;

    /** The least number of points of a body of {@code cost} operations whose work pays for a region: ⌈THRESHOLD / cost⌉. */
    public static long leastPoints(long cost) {
        return (THRESHOLD + cost - 1) / cost;
    }

    /** Whether {@code work} operations pay for a parallel region. */
    static boolean pays(long work) {
        return work >= THRESHOLD;
    }

    /** The operations per point of an expression: one per arithmetic node and per read (a constant is free), at least 1. */
    public static long cost(Expr e) {
        return Math.max(1, nodes(e));
    }

    private static long nodes(Expr e) {
        return switch (e) {
            case Expr.Read r -> 1;
            case Expr.Const c -> 0;
            case Expr.Unary u -> 1 + nodes(u.arg());
            case Expr.Binary b -> 1 + nodes(b.left()) + nodes(b.right());
            case Expr.Fma f -> 1 + nodes(f.a()) + nodes(f.b()) + nodes(f.c());
        };
    }
}
