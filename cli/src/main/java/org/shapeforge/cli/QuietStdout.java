package org.shapeforge.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;

/**
 * Keeps library banners off stdout: ojAlgo prints a hardware-profile notice on {@code System.out}
 * when its ILP first loads, which would break "{@code --json} prints exactly one JSON document"
 * (cli.md). The work runs with {@code System.out} pointed at stderr; the command's own output goes
 * through picocli's writer, made before.
 */
final class QuietStdout {
    private QuietStdout() {}

    static <T> T stdoutToStderr(Callable<T> work) {
        PrintStream saved = System.out;
        System.setOut(System.err);
        try {
            return work.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            System.setOut(saved);
        }
    }
}
