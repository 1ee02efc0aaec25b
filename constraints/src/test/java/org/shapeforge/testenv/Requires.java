package org.shapeforge.testenv;

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
}
