package org.shapeforge.cli;

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

    public static void main(String[] args) {
        Runner.processStartMillis = java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        int exit = 0;
        for (List<String> command : commands(args)) {
            int code = Main.commandLine().execute(command.toArray(String[]::new));
            if (exit == 0) exit = code;
        }
        System.exit(exit);
    }

    /**
     * The training process: the launcher's JVM options ({@link ColdBench#JVM}), the cache written to
     * {@code output}, the jar on the class path, then {@code infer program --then import model --json}
     * with {@code model} a {@link SampleModel} written beside {@code program}.
     */
    static List<String> command(java.nio.file.Path jar, java.nio.file.Path output, java.nio.file.Path program) throws java.io.IOException {
        java.nio.file.Path model = SampleModel.write(program.resolveSibling("aot-training-sample.onnx"));
        List<String> c = new ArrayList<>(List.of(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        c.addAll(ColdBench.JVM);
        c.addAll(List.of("-XX:AOTCacheOutput=" + output, "-cp", jar.toString(), AotTraining.class.getName(),
                "infer", program.toString(), THEN, "import", model.toString(), "--json"));
        return c;
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
