package org.shapeforge.program.dynamic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Runtime resolution (issue 17, {@code infer --bind n=32}): with concrete sizes for the dynamic
 * dimensions, every {@code Exact} extent evaluates to a number; an {@code UpperBound} evaluates to
 * the bound the runtime size is checked against and is reported as such, never as the size; an
 * {@code Unknown} stays unresolved. Members of one equal-dim class must be bound equal, and a class
 * forced to a number must be bound to it.
 */
public final class Binding {
    private Binding() {}

    /** One resolved axis: the size, or the bound, or nothing. */
    public sealed interface Resolved {
        record Size(long value) implements Resolved {}

        record AtMost(long bound) implements Resolved {}

        record Unresolved(String why) implements Resolved {}

        default String printed() {
            return switch (this) {
                case Size(long v) -> Long.toString(v);
                case AtMost(long b) -> "<=" + b;
                case Unresolved(String w) -> "?";
            };
        }
    }

    /** A resolved tensor: batch, input, output. */
    public record Bound(List<Resolved> batch, List<Resolved> input, List<Resolved> output) {
        public String printed() {
            return "b=" + row(batch) + " i=" + row(input) + " o=" + row(output);
        }

        private static String row(List<Resolved> r) {
            return r.stream().map(Resolved::printed).collect(Collectors.joining(", ", "[", "]"));
        }
    }

    /**
     * Checks the bindings against the classes: empty when consistent, else the problem (a name
     * that is not dynamic, a missing one, two members of a class bound differently, a forced value).
     */
    public static Optional<String> check(DimClasses classes, Map<String, Long> env) {
        for (String n : env.keySet())
            if (classes.of(n).isEmpty()) return Optional.of("'" + n + "' is not a dynamic dimension of the program");
        for (DimClasses.EqClass c : classes.classes()) {
            Long seen = null;
            for (String m : c.members()) {
                Long v = env.get(m);
                if (v == null) continue;
                if (v < 1) return Optional.of(m + " = " + v + ": a size is at least 1");
                if (seen != null && !seen.equals(v))
                    return Optional.of("the dims " + c.printed() + " are equal, but are bound to " + seen + " and " + v);
                seen = v;
            }
            if (seen != null && c.value().isPresent() && c.value().getAsLong() != seen)
                return Optional.of("the program forces " + c.printed() + ", but it is bound to " + seen);
        }
        return Optional.empty();
    }

    /** The environment completed with every class member bound (to its class's bound value). */
    public static Map<String, Long> complete(DimClasses classes, Map<String, Long> env) {
        Map<String, Long> out = new LinkedHashMap<>(env);
        for (DimClasses.EqClass c : classes.classes()) {
            Optional<Long> v = c.members().stream().map(env::get).filter(Objects::nonNull).findFirst();
            if (v.isEmpty() && c.value().isPresent()) v = Optional.of(c.value().getAsLong());
            v.ifPresent(x -> c.members().forEach(m -> out.put(m, x)));
        }
        return out;
    }

    public static Map<String, Bound> resolve(Map<String, SymbolicShape> shapes, Map<String, Long> env) {
        Map<String, Bound> out = new LinkedHashMap<>();
        shapes.forEach((n, s) -> out.put(n, new Bound(row(s.batch(), env), row(s.input(), env), row(s.output(), env))));
        return out;
    }

    private static List<Resolved> row(List<ShapeExtent> r, Map<String, Long> env) {
        List<Resolved> out = new ArrayList<>();
        for (ShapeExtent e : r)
            out.add(switch (e) {
                case ShapeExtent.Exact(var x) -> x.eval(env).<Resolved>map(Resolved.Size::new)
                        .orElseGet(() -> new Resolved.Unresolved("unbound in " + x.printed()));
                case ShapeExtent.UpperBound(var x) -> x.eval(env).<Resolved>map(Resolved.AtMost::new)
                        .orElseGet(() -> new Resolved.Unresolved("unbound in " + x.printed()));
                case ShapeExtent.Unknown u -> new Resolved.Unresolved("unknown extent");
            });
        return out;
    }
}
