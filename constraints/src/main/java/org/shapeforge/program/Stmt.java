package org.shapeforge.program;

import java.util.List;
import org.shapeforge.lang.Constraint;
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

    /**
     * A distribution fact about a dynamic dimension (seed 002): {@code n in 1..4096},
     * {@code n % 8 == 0}, {@code likely(n) = {32, 64}} — the {@code .shc} size predicate it denotes.
     * An assumption on runtime sizes: it does not change inference, {@code query} assumes it and
     * {@code --bind} checks it (docs/dynamic.md).
     */
    record Fact(String dim, Constraint constraint, Span span) implements Stmt {}
}
