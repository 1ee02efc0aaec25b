package org.shapeforge.program.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Program;
import org.shapeforge.program.RuntimeDim;
import org.shapeforge.program.Stmt;
import org.shapeforge.term.Dim;

/**
 * The distribution facts of a program ({@code n in 1..4096}, {@code n % 8 == 0},
 * {@code likely(n) = {32, 64}}; seed 002 "shape distribution constraint"): assumptions for
 * {@code query}, checks for {@code --bind}. {@code likely} is a hint and never fails.
 */
public final class Facts {
    private Facts() {}

    public static List<Stmt.Fact> of(Program p) {
        return p.statements().stream().filter(s -> s instanceof Stmt.Fact).map(s -> (Stmt.Fact) s).toList();
    }

    /**
     * What the runtime-sized axes of a program state about sizes, as {@code .shc} size predicates,
     * for {@code query} (they are not part of the solve, docs/dynamic.md): a dynamic
     * {@code flatten}'s {@code size(f) == size(d1) * … * size(dK)}, a {@code truncate}'s
     * {@code size(t) <= size(src)}.
     */
    public static List<Constraint> runtime(Generated g) {
        List<Constraint> out = new ArrayList<>();
        for (RuntimeDim d : g.runtimeDims().values())
            out.add(switch (d) {
                case RuntimeDim.Flattened f -> {
                    SizeExpr prod = null;
                    for (var x : f.factors()) prod = prod == null ? new SizeExpr.Size(x) : new SizeExpr.Mul(prod, new SizeExpr.Size(x));
                    yield new Constraint.SizeRel(new SizeExpr.Size(new Dim.Var(f.var())), Constraint.Rel.EQ,
                            prod, Span.NONE);
                }
                case RuntimeDim.Truncated t -> new Constraint.SizeRel(
                        new SizeExpr.Size(new Dim.Var(t.var())), Constraint.Rel.LE, new SizeExpr.Size(t.source()),
                        Span.NONE);
            });
        return out;
    }

    /** The first fact the bound sizes violate, described with its location; empty if none. */
    public static Optional<String> violated(List<Stmt.Fact> facts, Map<String, Long> env) {
        for (Stmt.Fact f : facts) {
            Long v = env.get(f.dim());
            if (v == null) continue;
            boolean ok = switch (f.constraint()) {
                case Constraint.SizeIn in -> v >= in.lo() && v <= in.hi();
                case Constraint.SizeRel(SizeExpr.Mod(var x, long k), var rel, SizeExpr.Lit(long r), var sp) ->
                        Math.floorMod(v, k) == r;
                default -> true; // likely: a hint
            };
            if (!ok) return Optional.of(f.dim() + " = " + v + " violates `" + Printer.print(f.constraint()) + "` ("
                    + f.span() + ")");
        }
        return Optional.empty();
    }
}
