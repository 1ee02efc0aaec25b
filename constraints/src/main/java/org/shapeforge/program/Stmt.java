package org.shapeforge.program;

import java.util.List;
import org.shapeforge.lang.Span;

/** A statement of a {@code .shp} program ({@code programs.md}, "Statements"). */
public sealed interface Stmt {
    Span span();

    /** {@code name = expr [capture a, b]}: defines a tensor. {@code text} is the statement's source. */
    record Assign(String name, Expr expr, List<String> captures, Span span, String text) implements Stmt {
        public Assign {
            captures = List.copyOf(captures);
        }
    }

    /** {@code name := expr}: an extra assignment into an existing tensor (Pointwise_un between them). */
    record Update(String name, Expr expr, Span span, String text) implements Stmt {}

    /** {@code set a = 3}: fixes a captured label. */
    record SetLabel(String label, long value, Span span) implements Stmt {}

    /** {@code set_equal a d}: two captured labels are equal. */
    record SetEqual(String left, String right, Span span) implements Stmt {}

    /** {@code dynamic n, m}: runtime-sized dimensions usable in {@code data(...)} shapes. */
    record Dynamic(List<String> names, Span span) implements Stmt {
        public Dynamic {
            names = List.copyOf(names);
        }
    }
}
