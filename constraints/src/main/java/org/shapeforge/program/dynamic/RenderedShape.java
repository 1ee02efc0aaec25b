package org.shapeforge.program.dynamic;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A tensor's shape as text, the one rendering of a symbolic reading that {@code infer}'s text and
 * its JSON {@code tensors} share (issue 31; {@code ../shared/spec/programs.md}, last section): each
 * axis is its extent printed by {@link ExtentExpr#printed()} — a constant, a dynamic dim's name
 * ({@code n}), an expression over them ({@code n*4}), an upper bound {@code <=seq}, or {@code ?} for
 * an extent the reading cannot express. Under a binding ({@code --bind n=32}) the bound names are
 * replaced by their sizes and constants folded; an unbound name stays a symbol, an upper bound stays
 * {@code <=…} (never the size). A dynamic dim is never rendered as a number it is not bound or forced to.
 */
public record RenderedShape(List<String> batch, List<String> input, List<String> output) {
    public RenderedShape {
        batch = List.copyOf(batch);
        input = List.copyOf(input);
        output = List.copyOf(output);
    }

    /** The shape with the sizes of {@code env} substituted (an empty map: the symbolic reading). */
    public static RenderedShape of(SymbolicShape s, Map<String, Long> env) {
        return new RenderedShape(row(s.batch(), env), row(s.input(), env), row(s.output(), env));
    }

    /** One axis: {@code n}, {@code n*4}, {@code 32}, {@code <=seq}, {@code ?}. */
    public static String axis(ShapeExtent e, Map<String, Long> env) {
        return switch (e) {
            case ShapeExtent.Exact(var x) -> x.bind(env).printed();
            case ShapeExtent.UpperBound(var x) -> "<=" + x.bind(env).printed();
            case ShapeExtent.Unknown u -> "?";
        };
    }

    /** {@code batch|input->output}, axes separated by commas, as a closed {@code TensorShape} prints. */
    public String printed() {
        return String.join(",", batch) + "|" + String.join(",", input) + "->" + String.join(",", output);
    }

    /** {@code b=[n, 4] i=[] o=[n*4]}. */
    public String rows() {
        return "b=" + list(batch) + " i=" + list(input) + " o=" + list(output);
    }

    private static String list(List<String> r) {
        return r.stream().collect(Collectors.joining(", ", "[", "]"));
    }

    private static List<String> row(List<ShapeExtent> r, Map<String, Long> env) {
        return r.stream().map(e -> axis(e, env)).toList();
    }
}
