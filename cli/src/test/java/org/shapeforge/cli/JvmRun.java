package org.shapeforge.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A fresh JVM running the CLI from the test class path (the module's classes and its dependencies,
 * as surefire gives them), for tests of what a cold process does: which classes it loads and
 * initialises, and which class files it verifies.
 */
record JvmRun(int exit, String out) {
    /** The test class path: surefire's (its own class path is a manifest-only jar), else the JVM's. */
    static List<Path> classPath() {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<Path> out = new ArrayList<>();
        for (String p : cp.split(File.pathSeparator)) if (!p.isEmpty()) out.add(Path.of(p));
        return out;
    }

    /** {@code java jvmOptions -cp classPath org.shapeforge.cli.Main args}; stdout and stderr together. */
    static JvmRun main(List<String> jvmOptions, List<Path> classPath, String... args) throws IOException, InterruptedException {
        List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        c.addAll(jvmOptions);
        c.add("-cp");
        c.add(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
        c.add(Main.class.getName());
        c.addAll(List.of(args));
        Process p = new ProcessBuilder(c).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new JvmRun(p.waitFor(), out);
    }
}
