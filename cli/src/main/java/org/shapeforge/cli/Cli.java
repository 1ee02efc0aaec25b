package org.shapeforge.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.shapeforge.lang.SourceText;

/**
 * Shared plumbing of the subcommands: exit codes ({@code cli.md}: 0 success, 1 negative verdict,
 * 2 bad usage or input, 3 unknown or timeout, 4 internal error) and JSON. Errors are turned into
 * messages and exit codes in one place, {@link Runner}.
 *
 * <p>Initialising this class builds Jackson's {@link ObjectMapper} (dates, locales, number formats:
 * a fifth of a cold {@code infer}'s Java time, issue 30), so only JSON output touches it: commands
 * read their files with {@link SourceText#read}, and the exit codes are compile-time constants.
 * {@code StartupClassesTest} keeps a text {@code infer} from initialising Jackson.
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

    /** Serializes a JSON document (pretty-printed) for {@code --json} output. */
    public static String json(Object node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize JSON", e);
        }
    }
}
