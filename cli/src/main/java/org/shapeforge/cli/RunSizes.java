package org.shapeforge.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.program.Expr;
import org.shapeforge.program.Program;
import org.shapeforge.program.Stmt;
import org.shapeforge.program.dynamic.Facts;
import org.shapeforge.term.Dim;

/**
 * Concrete sizes for {@code run} on a program with {@code dynamic} dimensions (docs/codegen.md,
 * "Running a program with dynamic dims"): generated code and its random inputs need numbers. Each
 * dynamic dim gets its {@code --bind NAME=SIZE}, else the first value of its {@code likely(...)}
 * fact, else the smallest size ≥ 1 its facts ({@code in}, {@code %}) allow. The sizes must satisfy
 * the facts ({@link Facts#violated}); the program is then rewritten with those sizes in its
 * {@code data(...)} shapes (the dims become ordinary size atoms) and its {@code dynamic} and fact
 * statements dropped — the program {@code infer --bind} resolves to.
 */
final class RunSizes {
    private RunSizes() {}

    /** A concrete program and the size chosen for each dynamic dim, with why. */
    record Resolved(Program program, Map<String, Long> sizes, Map<String, String> why) {}

    static Resolved resolve(Program p, List<String> binds) {
        List<String> dynamic = new ArrayList<>();
        for (Stmt s : p.statements()) if (s instanceof Stmt.Dynamic(var names, var _)) dynamic.addAll(names);
        Map<String, Long> sizes = new LinkedHashMap<>();
        Map<String, String> why = new LinkedHashMap<>();
        for (var e : BindOptions.parse(binds).entrySet()) {
            String n = e.getKey(), b = n + "=" + e.getValue();
            long v = e.getValue();
            if (!dynamic.contains(n))
                throw new ShapeError("usage", Span.NONE, "--bind " + b + ": '" + n + "' is not a dynamic dimension of "
                        + p.file() + (dynamic.isEmpty() ? " (it declares none)" : " (it declares " + String.join(", ", dynamic) + ")"));
            if (v < 1) throw new ShapeError("usage", Span.NONE, "--bind " + b + ": a size is at least 1");
            sizes.put(n, v);
            why.put(n, "--bind");
        }
        List<Stmt.Fact> facts = Facts.of(p);
        for (String n : dynamic) {
            if (sizes.containsKey(n)) continue;
            List<Long> likely = facts.stream().filter(f -> f.dim().equals(n) && f.constraint() instanceof Constraint.Likely)
                    .flatMap(f -> ((Constraint.Likely) f.constraint()).values().stream()).toList();
            if (!likely.isEmpty()) {
                sizes.put(n, likely.getFirst());
                why.put(n, "likely");
                continue;
            }
            List<Stmt.Fact> own = facts.stream().filter(f -> f.dim().equals(n)).toList();
            for (long v = 1; v <= 1 << 16 && !sizes.containsKey(n); v++)
                if (Facts.violated(own, Map.of(n, v)).isEmpty()) {
                    sizes.put(n, v);
                    why.put(n, "smallest allowed");
                }
            if (!sizes.containsKey(n))
                throw new ShapeError("usage", Span.NONE, "dynamic dimension '" + n + "' needs a size: give --bind " + n + "=SIZE");
        }
        Facts.violated(facts, sizes).ifPresent(m -> {
            throw new ShapeError("usage", Span.NONE, "--bind: " + m);
        });
        if (dynamic.isEmpty()) return new Resolved(p, Map.of(), Map.of());
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : p.statements())
            switch (s) {
                case Stmt.Dynamic d -> { }
                case Stmt.Fact f -> { }
                case Stmt.Assign(var name, var e, var captures, var span, var text) ->
                        out.add(new Stmt.Assign(name, bind(e, sizes), captures, span, text));
                case Stmt.Update(var name, var e, var span, var text) -> out.add(new Stmt.Update(name, bind(e, sizes), span, text));
                case Stmt.SetLabel l -> out.add(l);
                case Stmt.SetEqual q -> out.add(q);
            }
        return new Resolved(new Program(p.file(), out), sizes, why);
    }

    private static Expr bind(Expr e, Map<String, Long> sizes) {
        return switch (e) {
            case Expr.Ref r -> r;
            case Expr.Scalar s -> s;
            case Expr.Terminal(var param, var rows, var elements, var span) -> {
                Map<String, List<Dim>> bound = new LinkedHashMap<>();
                rows.forEach((k, dims) -> bound.put(k, dims.stream()
                        .map(d -> d instanceof Dim.Var(var n, _) && sizes.containsKey(n) ? (Dim) new Dim.Atom(sizes.get(n)) : d)
                        .toList()));
                yield new Expr.Terminal(param, bound, elements, span);
            }
            case Expr.Binary(var op, var l, var r, var span) -> new Expr.Binary(op, bind(l, sizes), bind(r, sizes), span);
            case Expr.Call(var fn, var args, var span) -> new Expr.Call(fn, args.stream().map(a -> switch (a) {
                case Expr.Arg.Tensor(var x) -> (Expr.Arg) new Expr.Arg.Tensor(bind(x, sizes));
                case Expr.Arg.Spec s -> s;
                case Expr.Arg.Int i -> i;
            }).toList(), span);
        };
    }
}
