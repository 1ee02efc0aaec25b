package org.shapeforge.oracle.fuzz;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * A campaign's cases {@code [start, start + cases)} sharded by index across {@code jobs} platform
 * threads: thread {@code t} takes {@code start + t}, {@code start + t + jobs}, … Each thread asks
 * {@code perThread} once for its case handler, so per-thread state (one Z3 context per thread) lives
 * in the handler's closure. Case {@code i} depends only on the seed and {@code i}, so the counts do
 * not depend on {@code jobs}. Used by {@link Fuzzer} and {@link ProgramFuzzer}.
 */
final class Shards {
    private Shards() {}

    /** Runs every case and waits for all threads. */
    static void run(String name, int jobs, long start, long cases, Supplier<LongConsumer> perThread) {
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < jobs; t++) {
            final int shard = t;
            workers.add(Thread.ofPlatform().name(name + "-" + t).start(() -> {
                LongConsumer handle = perThread.get();
                for (long i = start + shard; i < start + cases; i += jobs) handle.accept(i);
            }));
        }
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("fuzz interrupted", e);
            }
        }
    }

    /** Per-class counts kept by class ordinal, as a map over every class. */
    static Map<Klass, Long> tally(AtomicLongArray counts) {
        Map<Klass, Long> out = new EnumMap<>(Klass.class);
        for (Klass k : Klass.values()) out.put(k, counts.get(k.ordinal()));
        return out;
    }
}
