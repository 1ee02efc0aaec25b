package org.shapeforge.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * The live heap of a computation, for {@code bench native-mix}'s memory figure (issue 12: bytes per
 * constraint at scale). "Peak heap" as the memory pools report it counts garbage not yet
 * collected, so it measures the collector's sizing as much as the solver. Here the computation
 * runs once more, untimed, while a sampling thread forces a full collection
 * ({@link MemoryMXBean#gc()}, which with the serial collector the launcher uses is stop-the-world
 * and complete) about every sixteenth of its expected duration, and reads the heap in use right
 * after it: what survives a full collection is live. The figure is the largest sample — a lower
 * bound of the true peak that the sampling may miss by what the computation holds between two
 * samples — and it includes whatever else the process keeps (the input problem, the JIT's
 * metadata is outside the heap).
 */
final class LiveHeap {
    private LiveHeap() {}

    /**
     * The largest live heap seen while {@code work} ran, in bytes ({@code expectedMillis} paces the
     * samples), or -1 when the work ended before the first sample (a solve of a few milliseconds).
     */
    static long peak(Runnable work, double expectedMillis) {
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        long period = Math.max(5, (long) (expectedMillis / 16));
        long[] max = {-1};
        Thread sampler = Thread.ofPlatform().daemon().name("live-heap-sampler").start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(period);
                    mem.gc();
                    max[0] = Math.max(max[0], mem.getHeapMemoryUsage().getUsed());
                }
            } catch (InterruptedException e) {
                // done
            }
        });
        try {
            work.run();
        } finally {
            sampler.interrupt();
            try {
                sampler.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return max[0];
    }
}
