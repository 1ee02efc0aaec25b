package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.program.ModelPrograms;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code shapeforge bench cold [--layers 10,100,1000] [--model M] [--reps R] [--json]} (issue 18):
 * {@code shapeforge infer PROGRAM} as a fresh process (JVM start, loading the jar, parsing, solving,
 * printing) on the generated programs of {@code bench pipeline}, without and with the JDK's
 * ahead-of-time cache (JEP 483/514: {@code -XX:AOTCacheOutput=} records a training run and
 * writes the cache; {@code -XX:AOTCache=} uses it). The cache is {@code shapeforge.aot} beside the
 * jar, made from a training run on the first program when missing or older than the jar; the
 * launcher {@code ./shapeforge} uses it when it is newer than the jar. Reports the median wall time
 * and the children's CPU time (Linux {@code /proc/self/stat}; -1 elsewhere) of each mode.
 */
@Command(name = "cold", mixinStandardHelpOptions = true,
        description = "The CLI as a process (JVM start included) on generated programs, without and with the JDK AOT cache.")
public final class ColdBench implements Callable<Integer> {
    /** The launcher's JVM options (keep in step with ./shapeforge). */
    static final List<String> JVM = List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-XX:+UseParallelGC", "-XX:-UseAdaptiveSizePolicy", "-XX:NewRatio=1",
            "-XX:InitialRAMPercentage=6", "-XX:MaxTenuringThreshold=0", "-XX:+UseCompactObjectHeaders", "-XX:-UsePerfData", "-Xss16m");

    @Option(names = {"--layers", "--sizes"}, paramLabel = "L,L,...", split = ",", description = "layer counts (default 1,100,1000)")
    List<Integer> layers = List.of(1, 100, 1000);

    @Mixin
    ModelOption model;

    @Option(names = "--reps", paramLabel = "R", description = "runs per program and mode (default 3); the median is reported")
    int reps = 3;

    @Option(names = "--jar", paramLabel = "JAR", description = "the CLI jar (default: the running one)")
    Path jar;

    @Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    record Timing(double wallMillis, double cpuMillis, int exit) {}

    @Override
    public Integer call() throws Exception {
        ModelPrograms m = model.programs(spec.commandLine());
        Path j = jar != null ? jar : runningJar();
        if (j == null || !Files.isRegularFile(j))
            throw new ShapeError("usage", Span.NONE, "bench cold needs the packaged CLI jar; run it through ./shapeforge or give --jar");
        Path dir = Files.createTempDirectory("shapeforge-cold");
        PrintWriter out = spec.commandLine().getOut();
        try {
            List<Path> files = new ArrayList<>();
            for (int l : layers) {
                Path f = dir.resolve(m.label() + "-" + l + ".shp");
                Files.writeString(f, m.program(l));
                files.add(f);
            }
            Path cache = j.resolveSibling("shapeforge.aot");
            double trainMillis = -1;
            if (!newer(cache, j) || !newer(LinkableClasses.path(j), j)) trainMillis = train(j, cache, files.getFirst());
            boolean haveCache = Files.exists(cache);
            ArrayNode rows = Cli.JSON.createArrayNode();
            if (!json.on) out.printf("cold %s: `shapeforge infer FILE` as a process, median of %d; jvm %s; load %.1f%n", m.label(),
                    reps, JVM, PipelineBench.load());
            for (int i = 0; i < files.size(); i++) {
                Timing plain = median(j, files.get(i), null);
                Timing aot = haveCache ? median(j, files.get(i), cache) : null;
                ObjectNode row = rows.addObject().put("layers", layers.get(i))
                        .put("constraints", NativeVsSmtBench.problem(m, layers.get(i)).constraints().size())
                        .put("exit", plain.exit()).put("wallMillis", plain.wallMillis()).put("cpuMillis", plain.cpuMillis());
                if (aot != null) row.put("aotWallMillis", aot.wallMillis()).put("aotCpuMillis", aot.cpuMillis())
                        .put("aotExit", aot.exit()).put("speedup", plain.wallMillis() / aot.wallMillis());
                if (!json.on) out.printf("L=%-5d %8d constraints  plain %8.0f ms (cpu %6.0f)  aot %s  exit %d%n", layers.get(i),
                        row.get("constraints").asInt(), plain.wallMillis(), plain.cpuMillis(),
                        aot == null ? "-" : String.format("%8.0f ms (cpu %6.0f)  speedup %.2fx", aot.wallMillis(),
                                aot.cpuMillis(), plain.wallMillis() / aot.wallMillis()), plain.exit());
                out.flush();
            }
            if (json.on) {
                ObjectNode doc = Cli.JSON.createObjectNode().put("benchmark", "cold").put("model", m.label())
                        .put("reps", reps).put("cache", haveCache ? cache.toString() : null).put("trainMillis", trainMillis)
                        .put("cores", Runtime.getRuntime().availableProcessors()).put("loadAverage", PipelineBench.load());
                doc.putPOJO("jvmOptions", JVM);
                doc.set("rows", rows);
                out.println(Cli.json(doc));
            }
            out.flush();
            return Cli.OK;
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private Timing median(Path jar, Path file, Path cache) throws IOException, InterruptedException {
        List<Timing> ts = new ArrayList<>();
        for (int i = 0; i < Math.max(1, reps); i++) ts.add(run(command(jar, cache, null, List.of("infer", file.toString()))));
        ts.sort(Comparator.comparingDouble(Timing::wallMillis));
        return ts.get(ts.size() / 2);
    }

    /** Whether {@code file} exists and was modified after {@code than} (as the launcher's {@code -nt}). */
    static boolean newer(Path file, Path than) throws IOException {
        return Files.exists(file) && Files.getLastModifiedTime(file).compareTo(Files.getLastModifiedTime(than)) > 0;
    }

    /**
     * The {@link LinkableClasses} jar, then a training run writing the cache (to a temporary name,
     * moved into place when complete), as the launcher does after a build; the training's wall ms.
     */
    private static double train(Path jar, Path cache, Path file) throws IOException, InterruptedException {
        LinkableClasses.write(jar, LinkableClasses.path(jar));
        Path tmp = cache.resolveSibling("shapeforge.aot.tmp");
        Timing t = run(AotTraining.command(jar, tmp, file)); // infer, then import (issue 32: a cold import's classes in the cache)
        if (t.exit() == 0 && Files.exists(tmp)) Files.move(tmp, cache, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        else Files.deleteIfExists(tmp);
        return t.wallMillis();
    }

    /**
     * The launcher's command: with a cache, on {@link AotTraining#classPath} (the class path it was
     * made with) and {@link Main}; without, {@code -jar}.
     */
    static List<String> command(Path jar, Path cache, Path output, List<String> args) {
        List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        c.addAll(JVM);
        if (output != null) c.add("-XX:AOTCacheOutput=" + output);
        if (cache != null) c.addAll(List.of("-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off", "-cp", AotTraining.classPath(jar),
                Main.class.getName()));
        else c.addAll(List.of("-jar", jar.toString()));
        c.addAll(args);
        return c;
    }

    static Timing run(List<String> command) throws IOException, InterruptedException {
        double c0 = childrenCpuMillis();
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        int exit = p.waitFor();
        double ms = (System.nanoTime() - t0) / 1e6;
        double c1 = childrenCpuMillis();
        return new Timing(ms, c0 < 0 || c1 < 0 ? -1 : c1 - c0, exit);
    }

    /** User + system CPU of this process's waited-for children (fields 16, 17 of /proc/self/stat, at 100 ticks/s); -1 if unavailable. */
    static double childrenCpuMillis() {
        try {
            String s = Files.readString(Path.of("/proc/self/stat"));
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * 10.0;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static Path runningJar() {
        try {
            Path p = Path.of(ColdBench.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return p.toString().endsWith(".jar") ? p : null;
        } catch (Exception e) {
            return null;
        }
    }
}
