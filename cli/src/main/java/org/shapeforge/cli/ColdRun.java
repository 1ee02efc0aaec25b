package org.shapeforge.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./shapeforge run MODEL --inputs DIR} as a fresh process, once, as a user runs it: JVM
 * start, import, lowering, compiling (from the kernel cache when warm), one run and the comparison;
 * OpenMP at its default thread count (all cores: {@code OMP_NUM_THREADS} removed from the child's
 * environment). Its wall time and exit status (0: the outputs passed), or why it was not run.
 */
sealed interface ColdRun {
    record Timed(double millis, int exit) implements ColdRun {}

    record Skipped(String reason) implements ColdRun {}

    static ColdRun measure(Path launcher, Path model, Path inputs, long timeoutSeconds) {
        if (launcher == null) return new Skipped("no launcher (not run from the packaged jar; give --launcher)");
        if (!Files.isExecutable(launcher)) return new Skipped("no launcher at " + launcher);
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "run", model.toString(), "--inputs", inputs.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().remove("OMP_NUM_THREADS");
        try {
            long t0 = System.nanoTime();
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Skipped("ran past " + timeoutSeconds + " s");
            }
            return new Timed((System.nanoTime() - t0) / 1e6, p.exitValue());
        } catch (IOException e) {
            return new Skipped("cannot run " + launcher + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Skipped("interrupted");
        }
    }
}
