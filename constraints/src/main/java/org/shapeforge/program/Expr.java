package org.shapeforge.program;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.shapeforge.lang.Span;
import org.shapeforge.term.Dim;

/** An expression of a {@code .shp} program ({@code programs.md}); every node has its source span. */
public sealed interface Expr {
    Span span();

    /** A named tensor defined by an earlier statement. */
    record Ref(String name, Span span) implements Expr {}

    /**
     * {@code data(...)} or {@code param(...)}: {@code rows} maps {@code b}/{@code i}/{@code o} to the
     * given axes (atoms, or dynamic dimension names); {@code elements} is {@code elements=N}.
     */
    record Terminal(boolean param, Map<String, List<Dim>> rows, OptionalLong elements, Span span) implements Expr {
        public Terminal {
            rows = Map.copyOf(rows);
        }
    }

    /** {@code scalar}: output {@code [1∅]}, other rows empty. */
    record Scalar(Span span) implements Expr {}

    /** {@code a + b}, {@code a - b}, {@code a *. b}, {@code a / b} (pointwise) and {@code a * b} (compose). */
    record Binary(String op, Expr left, Expr right, Span span) implements Expr {}

    /** {@code f(args)}: a named operation; arguments are expressions or spec strings. */
    record Call(String fn, List<Arg> args, Span span) implements Expr {
        public Call {
            args = List.copyOf(args);
        }
    }

    /** An argument of a call. */
    sealed interface Arg {
        record Tensor(Expr expr) implements Arg {}

        /** A string literal; {@code span} is the position of its opening quote. */
        record Spec(String text, Span span) implements Arg {}

        /** An integer literal (the static range of {@code slice(a, 2)}). */
        record Int(long value, Span span) implements Arg {}
    }
}
