package org.shapeforge.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** One run of the CLI in-process: exit code, everything on stdout (System.out and picocli's out), stderr. */
public record CliRun(int code, String out, String err) {

    public static CliRun of(String... args) {
        return of(Main.commandLine(), args);
    }

    /**
     * {@link #of(String...)} for a {@code --json} command line with System.out behind a
     * {@link ThreadOut}, as {@link Runner} installs it while a command runs: a command that timed
     * out in an earlier run and still prints from its worker thread reaches its own closed gate, never
     * this run's stdout (the hostile campaign saw a timed-out {@code check}'s JSON document inside a
     * later {@code infer}'s). Only under {@code --json}: without it the command's gate writes to
     * System.out itself, which would route back to the gate.
     */
    static CliRun isolated(String... args) {
        if (!java.util.List.of(args).contains("--json")) throw new IllegalArgumentException("isolated runs are --json runs");
        return run(Main.commandLine(), true, args);
    }

    static CliRun of(CommandLine cl, String... args) {
        return run(cl, false, args);
    }

    private static CliRun run(CommandLine cl, boolean isolated, String... args) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(buf, true, StandardCharsets.UTF_8);
        StringWriter err = new StringWriter();
        System.setOut(isolated ? new ThreadOut(capture) : capture);
        try {
            cl.setOut(new PrintWriter(capture, true));
            cl.setErr(new PrintWriter(err, true));
            int code = cl.execute(args);
            capture.flush();
            return new CliRun(code, buf.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(old);
        }
    }
}
