package org.shapeforge.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time the JIT's compiler threads (HotSpot's {@code C1 CompilerThreadN} and
 * {@code C2 CompilerThreadN}) have used, read from Linux's {@code /proc/self/task/<tid>/comm} and
 * {@code schedstat} (nanoseconds on the CPU). A benchmark's warm-up asks it whether the compilers
 * are still at work: {@code CompilationMXBean}'s compile time is added only when a compilation
 * finishes, and on the 10^4-constraint mix the C2 thread was seen at 100% of a core for seconds
 * while that counter reported a quiet JIT (docs/performance.md). -1 where there is no
 * {@code /proc} (not Linux).
 */
final class CompilerThreads {
    private static final Path TASKS = Path.of("/proc/self/task");

    private CompilerThreads() {}

    /** The compiler threads' CPU time so far, in nanoseconds, or -1. */
    static long cpuNanos() {
        if (!Files.isDirectory(TASKS)) return -1;
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path t : tasks) {
                String name;
                try {
                    name = Files.readString(t.resolve("comm")).strip();
                } catch (IOException e) {
                    continue; // the thread ended
                }
                if (!name.startsWith("C1 Compiler") && !name.startsWith("C2 Compiler")) continue;
                try {
                    String stat = Files.readString(t.resolve("schedstat")).strip();
                    sum += Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                } catch (IOException | RuntimeException e) {
                    // the thread ended, or no schedstat: counted as idle
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return sum;
    }
}
