package org.shapeforge.lang;

/** One statement of a {@code .shc} file: a constraint, a provenance declaration or an expectation. */
public sealed interface Statement permits Constraint, Declaration, Expectation {
    Span span();
}
