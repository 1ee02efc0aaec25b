package org.shapeforge.lang;

/** A syntax or well-formedness error in a {@code .shc} file, at a source position. */
public class ParseError extends ShapeError {
    public ParseError(Span span, String message) {
        super("parse", span, message);
    }
}
