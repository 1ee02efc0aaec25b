package org.shapeforge.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.file.Path;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SourceText;

/**
 * Shared plumbing of the subcommands: exit codes ({@code cli.md}: 0 success, 1 negative verdict,
 * 2 bad usage or input, 3 unknown or timeout, 4 internal error), file reading, JSON. Errors are
 * turned into messages and exit codes in one place, {@link Runner}.
 */
public final class Cli {
    private Cli() {}

    public static final int OK = 0;
    public static final int NEGATIVE = 1;
    public static final int BAD_INPUT = 2;
    public static final int UNKNOWN = 3;
    public static final int INTERNAL = 4;

    /** One mapper for every {@code --json} document (stable field order: insertion order of ObjectNodes). */
    public static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** Reads a whole file ({@link SourceText#read}): I/O and encoding failures are {@link ShapeError}s (exit 2). */
    public static String read(Path file) {
        return SourceText.read(file);
    }

    /** Serializes a JSON document (pretty-printed) for {@code --json} output. */
    public static String json(Object node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize JSON", e);
        }
    }
}
