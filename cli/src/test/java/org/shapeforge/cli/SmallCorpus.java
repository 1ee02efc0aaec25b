package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.shapeforge.testenv.Requires;

/**
 * The small corpus of real networks ({@code scripts/export-models.py --small}) exported once per
 * test JVM and shared by the tests that read it (surefire runs a module's test classes in one
 * JVM), removed when the JVM exits; {@code -Dshapeforge.models.dir=DIR} names an exported one
 * instead. Where {@code /usr/bin/python3} lacks the exporter's modules, {@link #dir} skips (fails
 * under {@code CI=true}) naming the Debian packages. The export is bounded by {@link #EXPORT_MINUTES},
 * under surefire's fork timeout, so a hung exporter fails the test instead of the module.
 */
final class SmallCorpus {
    static final String MODULES = "torch.onnx, torchvision.models, onnx.numpy_helper, onnx.shape_inference";
    static final String PACKAGES = "python3-torch python3-torchvision python3-onnx";
    static final long EXPORT_MINUTES = ModelCorpusTest.EXPORT_TIMEOUT_MINUTES;

    private static Path exported;
    private static String failure;

    private SmallCorpus() {}

    /** The corpus folder (one sub-folder per model), exporting it on first use. */
    static synchronized Path dir() {
        String given = System.getProperty("shapeforge.models.dir");
        if (given != null) return Path.of(given);
        Requires.python(MODULES, PACKAGES);
        if (exported == null && failure == null) export();
        if (failure != null) fail(failure);
        return exported;
    }

    /** The exported models' folders, sorted. */
    static List<Path> models() {
        try {
            return ModelCorpus.models(dir());
        } catch (IOException e) {
            throw new AssertionError("cannot list the corpus: " + e.getMessage(), e);
        }
    }

    private static void export() {
        Path repo = Path.of("").toAbsolutePath();
        while (repo != null && !Files.exists(repo.resolve("scripts/export-models.py"))) repo = repo.getParent();
        if (repo == null) {
            failure = "scripts/export-models.py not found above " + Path.of("").toAbsolutePath();
            return;
        }
        try {
            Path tmp = Files.createTempDirectory("shapeforge-small-corpus");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(tmp)));
            Path out = tmp.resolve("corpus");
            Path log = tmp.resolve("export.log");
            // the log goes to a file, not a pipe: waitFor's bound holds even if the exporter hangs
            Process p = new ProcessBuilder(Requires.PYTHON, repo.resolve("scripts/export-models.py").toString(), out.toString(),
                    "--small").redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(EXPORT_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                failure = "export-models.py --small did not finish in " + EXPORT_MINUTES + " minutes";
            } else if (p.exitValue() != 0) failure = "export-models.py --small failed:\n" + Files.readString(log, StandardCharsets.UTF_8);
            else exported = out;
        } catch (IOException e) {
            failure = "cannot run export-models.py: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted while exporting the corpus";
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
