package org.shapeforge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A helper script of {@code scripts/} run under a Python interpreter as a subprocess, printing one
 * JSON document on stdout (the peers' columns: {@code onnx.shape_inference}'s times, ONNX Runtime's
 * symbolic shapes). Either the document or why there is none — no interpreter, no script, a
 * non-zero exit (with the script's stderr), a timeout, output that is not JSON. Never an exception.
 */
sealed interface PythonHelper {
    /** The helper exited 0 with this document. */
    record Ran(JsonNode doc) implements PythonHelper {}

    /**
     * No document: why, in words for a table cell; the helper's exit status ({@link #NO_STATUS}
     * where it did not run or exit) and the last line of its stderr (the one that says what went
     * wrong; empty when none).
     */
    record Failed(String reason, int status, String lastLine) implements PythonHelper {
        Failed(String reason) {
            this(reason, NO_STATUS, "");
        }
    }

    /** {@link Failed#status} of a helper that did not run to an exit. */
    int NO_STATUS = -1;

    /** Runs {@code python script args...}, waiting at most {@code timeoutSeconds}. */
    static PythonHelper run(Path python, Path script, List<String> args, long timeoutSeconds) {
        return run(python, script, args, Map.of(), timeoutSeconds);
    }

    /** {@link #run} with {@code env} added to the helper's environment. */
    static PythonHelper run(Path python, Path script, List<String> args, Map<String, String> env, long timeoutSeconds) {
        if (!Files.isExecutable(python)) return new Failed("no Python interpreter at " + python);
        if (!Files.isRegularFile(script)) return new Failed("no helper script at " + script);
        List<String> cmd = new ArrayList<>(List.of(python.toString(), script.toString()));
        cmd.addAll(args);
        try {
            Path err = Files.createTempFile("shapeforge-python", ".err");
            Path out = Files.createTempFile("shapeforge-python", ".out");
            try {
                ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile()).redirectOutput(out.toFile());
                pb.environment().putAll(env);
                Process p = pb.start();
                p.getOutputStream().close();
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return new Failed("the helper ran past " + timeoutSeconds + " s");
                }
                String why = Files.readString(err, StandardCharsets.UTF_8).strip();
                if (p.exitValue() != 0)
                    return new Failed(python + " " + script.getFileName() + " exited " + p.exitValue() + (why.isEmpty() ? "" : ": "
                            + lastLine(why)), p.exitValue(), lastLine(why));
                try {
                    JsonNode doc = Cli.JSON.readTree(out.toFile());
                    return doc != null && doc.isObject() ? new Ran(doc) : new Failed(script.getFileName() + " printed no JSON object");
                } catch (IOException e) {
                    return new Failed(script.getFileName() + " printed no JSON (" + ModelCorpus.firstLine(e.getMessage()) + ")");
                }
            } finally {
                Files.deleteIfExists(err);
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            return new Failed("cannot run " + python + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Failed("interrupted");
        }
    }

    /** The last line of a traceback or message: the one that says what went wrong. */
    private static String lastLine(String s) {
        int nl = s.lastIndexOf('\n');
        return nl < 0 ? s : s.substring(nl + 1);
    }
}
