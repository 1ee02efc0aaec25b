package org.shapeforge.program;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration.Provenance;
import org.shapeforge.lang.Declaration.VarRef;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The shape logics of the dynamic-shape operations (issue 17, docs/dynamic.md), part of
 * {@link ShapeLogic}; row equations only, no broadcasting:
 * <ul>
 *   <li>{@code flatten(a, K)}: a reshape merging the last {@code K} output axes of {@code a} into one,
 *       {@code f}; batch and input rows are unchanged. In a static program {@code f} is stated by
 *       {@code size(f) == size(d1) * … * size(dK)} (seed 002's mul_eq), solved and checked natively.
 *       In a program with runtime-sized dims ({@code dynamic}, {@code truncate}) {@code f} is a
 *       runtime size ({@code dynamic}, a {@link RuntimeDim.Flattened}) read as the product
 *       ({@code o=[n, 4]} flattens to {@code o=[n*4]}): the native solver keeps no size constraint
 *       open over a dynamic dim (it answers Unknown), so the product is not handed to it; a program
 *       that constrains {@code f} further is refused after solving ({@code ExtentCheck});</li>
 *   <li>{@code truncate(a, AXIS, s)} (DynamicTruncate, {@code seeds/004_…}): {@code a} with one axis
 *       replaced by a fresh runtime-sized variable (declared {@code dynamic}, never closed), at most
 *       the operand's axis; {@code AXIS} is a batch axis position ({@code 1}, or {@code -1} for the
 *       last) or a row letter and position ({@code "o0"}, {@code "o-1"}); a position from the left
 *       needs the operand's row rank where it is defined (a {@code data} row), since the equations
 *       are right-aligned like every row (rows broadcast on the left); {@code s} holds one element
 *       (Total_elems 1), the runtime size. The
 *       operation is recorded as a {@link RuntimeDim.Truncated}.</li>
 * </ul>
 * Both are recorded as operations of kind {@code OTHER}: code generation refuses them by name.
 */
final class DynamicLogic {
    static final Set<String> OPS = Set.of("flatten", "truncate");

    private final ShapeLogic g;
    private final Map<String, RuntimeDim> runtimeDims = new LinkedHashMap<>();
    private int count;

    DynamicLogic(ShapeLogic g) {
        this.g = g;
    }

    Map<String, RuntimeDim> runtimeDims() {
        return runtimeDims;
    }

    /** A program with {@code dynamic} declarations or a {@code truncate} anywhere (statement order irrelevant). */
    static boolean isDynamic(Program p) {
        for (Stmt s : p.statements())
            switch (s) {
                case Stmt.Dynamic d -> {
                    return true;
                }
                case Stmt.Assign a when calls(a.expr(), "truncate") -> {
                    return true;
                }
                case Stmt.Update u when calls(u.expr(), "truncate") -> {
                    return true;
                }
                default -> {}
            }
        return false;
    }

    private static boolean calls(Expr e, String fn) {
        ArrayDeque<Expr> todo = new ArrayDeque<>(List.of(e)); // iterative: nesting may be deep
        while (!todo.isEmpty())
            switch (todo.pop()) {
                case Expr.Call c -> {
                    if (c.fn().equals(fn)) return true;
                    for (Expr.Arg a : c.args()) if (a instanceof Expr.Arg.Tensor(Expr x)) todo.push(x);
                }
                case Expr.Binary b -> {
                    todo.push(b.left());
                    todo.push(b.right());
                }
                default -> {}
            }
        return false;
    }

    void apply(Shape r, Expr.Call c, List<Shape> ops, List<Expr.Arg> args) {
        switch (c.fn()) {
            case "flatten" -> flatten(r, c, ops, args);
            case "truncate" -> truncate(r, c, ops, args);
            default -> throw new IllegalArgumentException(c.fn());
        }
    }

    private void flatten(Shape r, Expr.Call c, List<Shape> ops, List<Expr.Arg> args) {
        if (args.size() != 2 || !(args.get(0) instanceof Expr.Arg.Tensor) || !(args.get(1) instanceof Expr.Arg.Int(long k, var sp))
                || k < 1 || k > 64)
            throw new ShapeError("program", c.span(), "flatten takes a tensor and how many trailing output axes to merge"
                    + " (1 to 64), e.g. flatten(a, 2)");
        String p = "fl" + (++count) + "'";
        Span at = c.span();
        Shape a = ops.getFirst();
        ShapeLogic.mark(g.usedInSpecOrCompose, r);
        ShapeLogic.mark(g.usedInSpecOrCompose, a);
        int from = g.constraintCount();
        List<Dim> merged = new ArrayList<>();
        SizeExpr product = null;
        for (int j = 1; j <= k; j++) {
            Dim.Var d = new Dim.Var(p + "d" + j);
            merged.add(d);
            product = product == null ? new SizeExpr.Size(d) : new SizeExpr.Mul(product, new SizeExpr.Size(d));
        }
        Dim.Var f = new Dim.Var(p + "flat");
        Row rest = Row.var(p + "rest");
        Origin arg = g.origin("flatten (reshape)", OpKind.OTHER, new Role.Argument(1)),
                res = g.origin("flatten (reshape)", OpKind.OTHER, new Role.Result());
        for (Kind kind : Kind.values()) {
            if (kind == Kind.OUTPUT) {
                g.eq(new Row.Open(List.of(), rest.rowVar(), merged), a.output(), arg, kind, at);
                g.eq(r.output(), new Row.Open(List.of(), rest.rowVar(), List.of(f)), res, kind, at);
            } else {
                Row same = Row.var(p + kind.letter);
                g.eq(same, a.row(kind), arg, kind, at);
                g.eq(r.row(kind), same, res, kind, at);
            }
        }
        if (g.dynamicProgram) {
            g.declare(Provenance.DYNAMIC, new VarRef(f.name(), false));
            runtimeDims.put(f.name(), new RuntimeDim.Flattened(f.name(), merged.stream().map(d -> (Dim.Var) d).toList(),
                    g.nameOf(r), g.nameOf(a)));
        } else {
            g.add(new Constraint.SizeRel(new SizeExpr.Size(f), Constraint.Rel.EQ, product, at),
                    g.origin("flatten (reshape: mul_eq)", OpKind.OTHER, Role.NONE));
        }
        g.operation(g.nameOf(r), r, ops, OpKind.OTHER, ScalarOp.Builtin.FLATTEN, from, Map.of(), true,
                g.origin("flatten (reshape)", OpKind.OTHER, Role.NONE));
    }

    private void truncate(Shape r, Expr.Call c, List<Shape> ops, List<Expr.Arg> args) {
        String usage = "truncate takes a tensor, an axis and a size tensor: truncate(a, 1, s) for batch axis 1,"
                + " truncate(a, \"o0\", s) for output axis 0";
        if (args.size() != 3 || !(args.get(0) instanceof Expr.Arg.Tensor) || !(args.get(2) instanceof Expr.Arg.Tensor))
            throw new ShapeError("program", c.span(), usage);
        Kind kind;
        long axis;
        switch (args.get(1)) {
            case Expr.Arg.Int(long v, var sp) -> {
                kind = Kind.BATCH;
                axis = v;
            }
            case Expr.Arg.Spec(String text, Span sp) -> {
                if (!text.matches("[bio]-?[0-9]{1,4}")) throw new ShapeError("program", sp, "'" + text
                        + "' is not an axis: a row letter (b, i, o) and a position, e.g. \"o0\" or \"o-1\" (the last)");
                kind = switch (text.charAt(0)) {
                    case 'b' -> Kind.BATCH;
                    case 'i' -> Kind.INPUT;
                    default -> Kind.OUTPUT;
                };
                axis = Long.parseLong(text.substring(1));
            }
            case Expr.Arg.Tensor t -> throw new ShapeError("program", c.span(), usage);
        }
        Shape a = ops.get(0), size = ops.get(1);
        if (axis >= 0) { // from the left: needs the row's rank now (rows broadcast on the left, so patterns are right-aligned)
            if (!(a.row(kind) instanceof Row.Closed rc) || rc.flat().stream().anyMatch(d -> !(d instanceof Dim.Atom || d instanceof Dim.Var)))
                throw new ShapeError("program", c.span(), "truncate: axis " + axis + " counts from the left, but the rank of the"
                        + " operand's " + kind.name().toLowerCase() + " row is not known where it is defined; count from the"
                        + " right instead (-1 is the last axis)");
            if (axis >= rc.flat().size())
                throw new ShapeError("program", c.span(), "truncate: axis " + axis + " is out of range: the operand's "
                        + kind.name().toLowerCase() + " row has " + rc.flat().size() + " axes");
            axis = axis - rc.flat().size(); // the same axis, from the right
        }
        if (axis < -1024) throw new ShapeError("program", c.span(), "truncate: axis " + axis + " is out of range");
        int fromRight = (int) (-axis - 1); // axes after the truncated one
        int n = ++count;
        String p = "tr" + n + "'";
        Span at = c.span();
        ShapeLogic.mark(g.usedInSpecOrCompose, r);
        ShapeLogic.mark(g.usedInSpecOrCompose, a);
        int from = g.constraintCount();
        List<Dim> after = new ArrayList<>();
        for (int j = 0; j < fromRight; j++) after.add(new Dim.Var(p + "x" + j));
        Dim.Var src = new Dim.Var(p + "src");
        String t = p + "len"; // named by the operation: a result may be anonymous (_t1), not a dim name
        Origin arg = g.origin("truncate (DynamicTruncate)", OpKind.OTHER, new Role.Argument(1)),
                res = g.origin("truncate (DynamicTruncate)", OpKind.OTHER, new Role.Result());
        for (Kind k : Kind.values()) {
            Row rest = Row.var(p + k.letter);
            if (k == kind) {
                List<Dim> in = new ArrayList<>(List.of(src)), out = new ArrayList<>(List.of(new Dim.Var(t)));
                in.addAll(after);
                out.addAll(after);
                g.eq(new Row.Open(List.of(), rest.rowVar(), in), a.row(k), arg, k, at);
                g.eq(r.row(k), new Row.Open(List.of(), rest.rowVar(), out), res, k, at);
            } else {
                g.eq(rest, a.row(k), arg, k, at);
                g.eq(r.row(k), rest, res, k, at);
            }
        }
        g.add(new Constraint.Total(List.of(size.batch(), size.output(), size.input()), new Constraint.TotalNum.NumElems(1),
                List.of(), at), g.origin("truncate (DynamicTruncate: the size tensor holds one element)", OpKind.OTHER, new Role.Argument(2)));
        g.declare(Provenance.DYNAMIC, new VarRef(t, false));
        runtimeDims.put(t, new RuntimeDim.Truncated(t, src, g.nameOf(r), g.nameOf(a), g.nameOf(size), kind, (int) axis));
        // axis is stored from the right (-1 = last)
        g.operation(g.nameOf(r), r, ops, OpKind.OTHER, ScalarOp.Builtin.TRUNCATE, from, Map.of(), true,
                g.origin("truncate (DynamicTruncate)", OpKind.OTHER, Role.NONE));
    }
}
