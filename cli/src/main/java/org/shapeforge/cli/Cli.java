package org.shapeforge.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import picocli.CommandLine;

/** Shared plumbing of the subcommands: exit codes, file reading, user-error rendering, JSON. */
public final class Cli {
    private Cli() {}

    public static final int OK = 0;
    public static final int NEGATIVE = 1;
    public static final int BAD_INPUT = 2;

    /** One mapper for every {@code --json} document (stable field order: insertion order of ObjectNodes). */
    public static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** Reads a whole file, turning I/O failures into a {@link ShapeError} (exit 2, no stack trace). */
    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ShapeError("io", new Span(file.toString(), 0, 0), file + ": no such file");
        } catch (IOException e) {
            throw new ShapeError("io", new Span(file.toString(), 0, 0), file + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** Serializes a JSON document (pretty-printed) for {@code --json} output. */
    public static String json(Object node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize JSON", e);
        }
    }

    static int exitCodeOf(Throwable t) {
        return BAD_INPUT;
    }

    /** User errors print {@code file:line:col: message}; anything else is our bug and says so. */
    static int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        if (ex instanceof ShapeError se) {
            cl.getErr().println(se.render());
            return BAD_INPUT;
        }
        cl.getErr().println("shapeforge: internal error (a bug, please report): " + ex);
        StackTraceElement[] st = ex.getStackTrace();
        for (int i = 0; i < Math.min(8, st.length); i++) cl.getErr().println("    at " + st[i]);
        return 3;
    }
}
