package org.shapeforge.testenv;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs from its environment (gcc, z3, {@code ../shared/witnesses}, ONNX's
 * conformance data): outside CI a missing one skips the test with the reason; under
 * {@code CI=true} it fails it, so that a green CI run shows these tests ran (issue 27; {@code .ci/run}
 * installs them). One copy, in {@code constraints}' test sources; the other modules depend on its
 * test-jar. Optional hardware (a GPU) and opt-in campaigns are skipped by plain assumptions.
 */
public final class Requires {
    private Requires() {}

    /** Whether this run is CI's: the environment variable {@code CI} is {@code true} (GitHub Actions, GitLab, .ci/run's callers). */
    public static boolean ci() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Skips (outside CI) or fails (under {@code CI=true}) with {@code missing} unless {@code present}. */
    public static void that(boolean present, String missing) {
        if (present) return;
        if (ci()) throw new AssertionError("CI=true, but " + missing + " (CI must provide it: see .ci/run)");
        Assumptions.abort(missing);
    }

    /** Debian's interpreter, the one the tests and {@code .ci/run} probe. */
    public static final String PYTHON = "/usr/bin/python3";

    /**
     * Why {@code /usr/bin/python3} cannot {@code import modules} (a comma-separated list), or null.
     * The probe runs isolated ({@code -I}: no user site, no {@code PYTHONPATH}, no current folder)
     * from {@code /}: from the repository root the project's own {@code onnx/} module folder imports
     * as a namespace package, so {@code import onnx} there proves nothing. Name the submodules a test
     * uses ({@code onnx.numpy_helper}), not the bare package.
     */
    public static String pythonLacks(String modules) {
        if (!new File(PYTHON).canExecute()) return PYTHON + " is missing";
        try {
            Process p = new ProcessBuilder(PYTHON, "-I", "-c", "import " + modules).directory(new File("/"))
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return PYTHON + " -I -c 'import " + modules + "' did not finish in 2 minutes";
            }
            if (p.exitValue() == 0) return null;
            return PYTHON + " cannot import " + modules + ": " + out.substring(out.lastIndexOf('\n') + 1);
        } catch (IOException e) {
            return "cannot run " + PYTHON + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while probing " + PYTHON;
        }
    }

    /** {@link #that} for {@link #pythonLacks}: skips or fails (CI) naming the Debian package to install. */
    public static void python(String modules, String debianPackages) {
        String why = pythonLacks(modules);
        that(why == null, why + " (apt-get install " + debianPackages + ")");
    }
}
