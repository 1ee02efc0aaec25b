package org.shapeforge.program;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.program.spec.AxisSpec;
import org.shapeforge.program.spec.EinsumSpec;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.program.spec.RowSpec;
import org.shapeforge.program.spec.ShapeSpec;
import org.shapeforge.program.spec.SpecParser;

/**
 * {@code y = softmax(a, "R => L")}: normalisation of {@code a} along the axes that the reduction
 * spec drops ({@code programs.md}, "Statements"). The spec is a unary einsum whose left-hand side
 * {@code L} is the shape of the normaliser — OCANNL's {@code softmax ~spec}, built from the
 * reductions {@code x @^^ spec} (max) and {@code x ++ spec} (sum) with the same spec:
 *
 * <pre>
 *   m = max-reduce(a, "R => L")        permute with the max accumulator (−∞ start)
 *   e = exp(a − m)  as  "R; L => R"    einsum whose scalar operation is exp(x − y)
 *   s = sum-reduce(e, "R => L")        permute (the sum accumulator)
 *   y = e / s       as  "R; L => R"    einsum whose scalar operation is x / y
 * </pre>
 *
 * <p>Shape logic: the row equations of those four spec operations (seed 000: equations, no
 * broadcasting), so {@code y}'s rows equal {@code a}'s and the normaliser has {@code L}'s shape;
 * each of the four is recorded as one operation with its own constraints (as {@code stack} records
 * its unsqueezes and its block), so projection inference (Def. 7.3/7.5) gives each its product
 * space and the reductions over the dropped axes. Subtracting the max makes the exponentials at
 * most 1 (numerically stable); the result is the same function of {@code a}.
 *
 * <p>Restrictions (a {@link ShapeError} at the spec): {@code R} names each axis by a distinct
 * label (no fixed index, affine or concatenated axis), and every label and row variable of
 * {@code L} occurs in {@code R} — a normaliser indexes a subset of {@code a}'s axes.
 */
public final class Softmax {
    private Softmax() {}

    /** A call, for error hints. */
    static final String EXAMPLE = "softmax(a, \"b|->h,t => b|->h\"): normalise over t, the axis the normaliser drops";

    /** Generates the four operations of {@code r = softmax(a, spec)} into {@code g}. */
    static void generate(ShapeLogic g, SpecLogic specOps, Shape r, Shape a, Expr.Arg.Spec specArg) {
        EinsumSpec spec = SpecParser.einsum(specArg.text(), specArg.span());
        check(spec, specArg.span());
        String text = spec.text();
        int arrow = text.indexOf("=>");
        String rhs = text.substring(0, arrow).trim(), lhs = text.substring(arrow + 2).trim();
        Expr.Arg.Spec reduce = new Expr.Arg.Spec(rhs + " => " + lhs, specArg.span());
        Expr.Arg.Spec broadcast = new Expr.Arg.Spec(rhs + "; " + lhs + " => " + rhs, specArg.span());
        Shape m = g.result(g.fresh()), e = g.result(g.fresh()), s = g.result(g.fresh());
        // the four operations' scalar ops are ScalarOp.Builtin.SOFTMAX_*; their origins are the softmax statement's (OTHER)
        specOps.apply(m, List.of(a), reduce, "softmax max", false, OpKind.PERMUTE, ScalarOp.Builtin.SOFTMAX_MAX, OpKind.OTHER);
        specOps.apply(e, List.of(a, m), broadcast, "softmax exp-sub", false, OpKind.EINSUM, ScalarOp.Builtin.SOFTMAX_EXP_SUB,
                OpKind.OTHER);
        specOps.apply(s, List.of(e), reduce, "softmax sum", false, OpKind.PERMUTE, ScalarOp.Builtin.SOFTMAX_SUM, OpKind.OTHER);
        specOps.apply(r, List.of(e, s), broadcast, "softmax divide", false, OpKind.EINSUM, ScalarOp.Builtin.SOFTMAX_DIVIDE,
                OpKind.OTHER);
    }

    private static void check(EinsumSpec spec, Span at) {
        if (spec.rhs().size() != 1)
            throw new ShapeError("program", at, "softmax takes one tensor and a reduction spec \"R => L\" (L: the"
                    + " normaliser's shape, e.g. \"b|->h,t => b|->h\" normalises over t); \"" + spec.text() + "\" has "
                    + spec.rhs().size() + " right-hand sides");
        ShapeSpec r = spec.rhs().getFirst();
        Set<String> labels = new HashSet<>(), rows = new HashSet<>();
        for (Kind k : Kind.values()) {
            RowSpec row = r.row(k);
            row.rowVar().ifPresent(rows::add);
            for (AxisSpec ax : row.axes()) {
                if (!(ax instanceof AxisSpec.Label(var n, var _)))
                    throw new ShapeError("program", at, "softmax spec \"" + spec.text() + "\": the operand's axes must be"
                            + " plain labels (column " + ax.column() + " is not); hint: permute first");
                if (!labels.add(n))
                    throw new ShapeError("program", at, "softmax spec \"" + spec.text() + "\": label '" + n
                            + "' names two axes of the operand");
            }
        }
        for (Kind k : Kind.values()) {
            RowSpec row = spec.lhs().row(k);
            if (row.rowVar().isPresent() && !rows.contains(row.rowVar().get()))
                throw new ShapeError("program", at, "softmax spec \"" + spec.text() + "\": the normaliser's row variable '"
                        + row.rowVar().get() + "' is not one of the operand's");
            for (AxisSpec ax : row.axes())
                if (!(ax instanceof AxisSpec.Label(var n, var _)) || !labels.contains(n))
                    throw new ShapeError("program", at, "softmax spec \"" + spec.text() + "\": the normaliser (column "
                            + ax.column() + ") may only keep labels of the operand; it drops the axes to normalise over");
        }
    }
}
