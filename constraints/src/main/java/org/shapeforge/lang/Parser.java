package org.shapeforge.lang;

import java.nio.file.Path;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Entry points of the {@code .shc} parser ({@code shared/spec/language.md}). Every syntax or
 * well-formedness error is a {@link ParseError} {@code file:line:col: message}; nothing is printed.
 * The fragments ({@link #parseDim}, {@link #parseRow}, ...) accept exactly what may appear in that
 * position of a file, and are what the printer's output parses back with.
 */
public final class Parser {
    private Parser() {}

    /**
     * Parses a whole file's text; {@code fileName} appears in spans and error messages. The
     * problem's variables are interned ({@link Interning}: one term per variable, with an id), as
     * a compiler's symbol table would give them: solvers then number them without hashing.
     */
    public static Problem parse(String fileName, String text) {
        return Interning.of(AstBuilder.problem(fileName, text));
    }

    /** Reads ({@link SourceText#read}: UTF-8, errors located) and parses a file. */
    public static Problem parseFile(Path file) {
        String text = SourceText.read(file);
        return parse(file.toString(), text);
    }

    /** A dimension term, e.g. {@code affine(o, stride=2)} or {@code 7:rgb}. */
    public static Dim parseDim(String text) {
        return AstBuilder.dim("<dim>", text);
    }

    /** A row term, e.g. {@code [3] <r> [5]}. */
    public static Row parseRow(String text) {
        return AstBuilder.row("<row>", text);
    }

    /** One constraint, e.g. {@code <r> ~ [3, 5]}; its span is in the pseudo-file {@code <constraint>}. */
    public static Constraint parseConstraint(String text) {
        return AstBuilder.constraint("<constraint>", text);
    }

    /** A ground assignment {@code a=3, <r>=[3]<>[5]} (possibly empty); values must be ground. */
    public static Assignment parseAssignment(String text) {
        return AstBuilder.assignment("<assignment>", text);
    }
}
