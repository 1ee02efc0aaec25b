package org.shapeforge.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code System.out} while a command runs: bytes go to the stream of the command that writes
 * them (the worker thread and the threads it starts, through an inheritable thread-local), or to
 * the stream that was {@code System.out} before. A command that has timed out keeps running in
 * the background until the process exits; its {@link Gate} is then closed, so nothing it still
 * prints reaches stdout (in-process, it cannot mix into the next command's JSON document, provided
 * {@code System.out} between commands is a ThreadOut too — an embedder that swaps it between
 * commands wraps its stream in one, as the tests' CliRun does).
 */
final class ThreadOut extends PrintStream {
    private static final InheritableThreadLocal<PrintStream> TARGET = new InheritableThreadLocal<>();
    private final PrintStream fallback;

    ThreadOut(PrintStream fallback) {
        super(fallback, true, StandardCharsets.UTF_8);
        this.fallback = fallback;
    }

    /** Routes this thread's (and its future children's) {@code System.out} to {@code out}. */
    static void route(PrintStream out) {
        TARGET.set(out);
    }

    private PrintStream target() {
        PrintStream t = TARGET.get();
        return t != null ? t : fallback;
    }

    @Override
    public void write(int b) {
        target().write(b);
    }

    @Override
    public void write(byte[] buf, int off, int len) {
        target().write(buf, off, len);
    }

    @Override
    public void flush() {
        target().flush();
    }

    /** A stream that forwards to its target until closed, then drops everything. */
    static final class Gate extends OutputStream {
        private volatile OutputStream target;

        Gate(OutputStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) throws IOException {
            OutputStream t = target;
            if (t != null) t.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            OutputStream t = target;
            if (t != null) t.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            OutputStream t = target;
            if (t != null) t.flush();
        }

        @Override
        public void close() {
            target = null;
        }
    }
}
