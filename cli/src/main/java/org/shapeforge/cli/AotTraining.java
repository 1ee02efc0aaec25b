package org.shapeforge.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The JDK AOT cache's training run ({@link ColdBench}): several CLI commands in one JVM, separated
 * by {@code --then} ({@code infer PROGRAM --then import MODEL.onnx}), so that the cache the run
 * records (JEP 483/514: the classes loaded and linked, their profiles) covers every path a cold
 * command takes — the program front end and the solver, and ONNX import (protobuf, the importer's
 * op tables). Exits with the first non-zero exit code, else 0. Not a subcommand: its class path and
 * JVM options are the launcher's, only the main class differs.
 */
public final class AotTraining {
    private AotTraining() {}

    /** The separator between two commands' arguments. */
    static final String THEN = "--then";

    /** An argument replaced by the path of a {@link SampleModel} written to a temporary file for the run. */
    static final String SAMPLE = "@sample-onnx";

    public static void main(String[] args) throws IOException {
        Runner.processStartMillis = ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli)
                .orElseGet(System::currentTimeMillis);
        Path sample = null;
        if (List.of(args).contains(SAMPLE)) {
            sample = Files.createTempFile("shapeforge-aot-sample", ".onnx");
            SampleModel.write(sample);
        }
        int exit = 0;
        try {
            for (List<String> command : commands(args)) {
                String path = sample == null ? null : sample.toString();
                String[] argv = command.stream().map(a -> a.equals(SAMPLE) ? path : a).toArray(String[]::new);
                int code = Main.commandLine(argv).execute(argv); // as Main.main builds it: the classes a real run loads
                if (exit == 0) exit = code;
            }
        } finally {
            if (sample != null) Files.deleteIfExists(sample);
        }
        System.exit(exit);
    }

    /**
     * The training process: the launcher's JVM options ({@link ColdBench#JVM}), the cache written to
     * {@code output}, the class path the cache is used with ({@link #classPath}), then
     * {@code infer program --then import model --json} with {@code model} a {@link SampleModel} the run
     * writes to a temporary file ({@link #SAMPLE}; the launcher's own training run after a build is the
     * same command).
     */
    static List<String> command(Path jar, Path output, Path program) {
        List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        c.addAll(ColdBench.JVM);
        c.addAll(List.of("-XX:AOTCacheOutput=" + output, "-cp", classPath(jar), AotTraining.class.getName(),
                "infer", program.toString(), THEN, "import", SAMPLE, "--json"));
        return c;
    }

    /**
     * The class path of a run with the AOT cache, its training run included (the JVM uses a cache only
     * with the class path it was made with): the {@link LinkableClasses} jar, then the CLI jar.
     */
    static String classPath(Path jar) {
        return LinkableClasses.path(jar) + File.pathSeparator + jar;
    }

    /** {@code args} split at each {@link #THEN}; empty commands dropped. */
    static List<List<String>> commands(String[] args) {
        List<List<String>> out = new ArrayList<>();
        List<String> cur = new ArrayList<>();
        for (String a : args) {
            if (a.equals(THEN)) {
                if (!cur.isEmpty()) out.add(List.copyOf(cur));
                cur = new ArrayList<>();
            } else cur.add(a);
        }
        if (!cur.isEmpty()) out.add(List.copyOf(cur));
        return out;
    }
}
