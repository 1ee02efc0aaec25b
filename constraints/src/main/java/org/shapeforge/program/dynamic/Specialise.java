package org.shapeforge.program.dynamic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.program.Expr;
import org.shapeforge.program.Program;
import org.shapeforge.program.Stmt;
import org.shapeforge.term.Dim;

/**
 * The program at a binding of some of its {@code dynamic} dimensions, built as typed data (never by
 * editing text): every bound dim in a {@code data(...)}/{@code param(...)} shape becomes the size atom
 * it is bound to (a user-written size, as {@code data(b=[32])}), its name leaves the {@code dynamic}
 * statements (a statement left with no name is dropped) and the facts about it are dropped (the
 * caller checks them against the sizes: {@link Facts#violated}). Unbound dims stay dynamic. Inferring
 * the result is "bind, then infer": the program {@code infer --bind} checks and {@code run} executes.
 */
public final class Specialise {
    private Specialise() {}

    public static Program of(Program p, Map<String, Long> sizes) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : p.statements())
            switch (s) {
                case Stmt.Dynamic(var names, var span) -> {
                    List<String> left = names.stream().filter(n -> !sizes.containsKey(n)).toList();
                    if (!left.isEmpty()) out.add(new Stmt.Dynamic(left, span));
                }
                case Stmt.Fact f -> {
                    if (!sizes.containsKey(f.dim())) out.add(f);
                }
                case Stmt.Assign(var name, var e, var captures, var span, var text) ->
                        out.add(new Stmt.Assign(name, expr(e, sizes), captures, span, text));
                case Stmt.Update(var name, var e, var span, var text) -> out.add(new Stmt.Update(name, expr(e, sizes), span, text));
                case Stmt.SetLabel l -> out.add(l);
                case Stmt.SetEqual q -> out.add(q);
            }
        return new Program(p.file(), out);
    }

    private static Expr expr(Expr e, Map<String, Long> sizes) {
        return switch (e) {
            case Expr.Ref r -> r;
            case Expr.Scalar s -> s;
            case Expr.Terminal(var param, var rows, var elements, var span) -> {
                Map<String, List<Dim>> bound = new LinkedHashMap<>();
                rows.forEach((k, dims) -> bound.put(k, dims.stream().map(d -> dim(d, sizes)).toList()));
                yield new Expr.Terminal(param, bound, elements, span);
            }
            case Expr.Binary(var op, var l, var r, var span) -> new Expr.Binary(op, expr(l, sizes), expr(r, sizes), span);
            case Expr.Call(var fn, var args, var span) -> new Expr.Call(fn, args.stream().map(a -> switch (a) {
                case Expr.Arg.Tensor(var x) -> (Expr.Arg) new Expr.Arg.Tensor(expr(x, sizes));
                case Expr.Arg.Spec s -> s;
                case Expr.Arg.Int i -> i;
            }).toList(), span);
        };
    }

    private static Dim dim(Dim d, Map<String, Long> sizes) {
        return switch (d) {
            case Dim.Var(String n, _) when sizes.containsKey(n) -> new Dim.Atom(sizes.get(n));
            case Dim.Concat(var parts) -> new Dim.Concat(parts.stream().map(x -> dim(x, sizes)).toList());
            case Dim.Affine(var over, int stride, var kernel, int dilation, boolean padding, int offset) ->
                    new Dim.Affine(dim(over, sizes), stride, kernel.map(k -> dim(k, sizes)), dilation, padding, offset);
            case Dim.Var v -> v;
            case Dim.Atom a -> a;
            case Dim.Unit u -> u;
        };
    }
}
