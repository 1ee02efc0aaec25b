package org.shapeforge.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./shapeforge import MODEL} as a fresh process, as a user runs it: the launcher script (its
 * stale-jar check, the JVM start, the jar's classes, the import, the printing), with the JDK AOT
 * cache when the launcher would use it ({@code cli/target/shapeforge.aot} and the {@link LinkableClasses}
 * jar newer than the jar) or
 * without it ({@code SHAPEFORGE_AOT=0}). One untimed run first (the file and the jar in the page
 * cache, as for a user's second command), then {@code runs} timed ones: wall and the child's CPU
 * ({@link ColdBench#childrenCpuMillis}: -1 where unavailable). {@code exit} is the last run's.
 */
record ColdImport(List<Double> allMillis, double cpuMillis, int exit, boolean cacheUsed) {
    ColdImport {
        allMillis = List.copyOf(allMillis);
    }

    double millis() {
        return WarmImport.median(allMillis);
    }

    /** Whether the launcher at {@code launcher} finds an AOT cache and linkable-classes jar newer than its jar (its own test). */
    static boolean cacheUsable(Path launcher) {
        Path target = launcher.toAbsolutePath().getParent().resolve("cli").resolve("target");
        Path jar = target.resolve("shapeforge.jar"), cache = target.resolve("shapeforge.aot");
        try {
            return Files.isRegularFile(jar) && ColdBench.newer(cache, jar) && ColdBench.newer(LinkableClasses.path(jar), jar);
        } catch (IOException e) {
            return false;
        }
    }

    static ColdImport measure(Path launcher, Path model, boolean aot, int runs) {
        boolean used = aot && cacheUsable(launcher);
        if (aot && !used) return new ColdImport(List.of(), -1, -1, false);
        List<Double> ms = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        int exit = -1;
        for (int i = 0; i <= runs; i++) {
            double c0 = ColdBench.childrenCpuMillis();
            long t0 = System.nanoTime();
            exit = run(launcher, model, aot);
            double wall = (System.nanoTime() - t0) / 1e6, c1 = ColdBench.childrenCpuMillis();
            if (i == 0) continue; // untimed: page cache
            ms.add(wall);
            cpu.add(c0 < 0 || c1 < 0 ? -1 : c1 - c0);
        }
        return new ColdImport(ms, WarmImport.median(cpu), exit, used);
    }

    private static int run(Path launcher, Path model, boolean aot) {
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "import", model.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("SHAPEFORGE_AOT", aot ? "1" : "0");
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            return p.waitFor();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
