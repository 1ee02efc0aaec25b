package org.shapeforge.program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration.Provenance;
import org.shapeforge.lang.Declaration.VarRef;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.program.spec.Discardable;
import org.shapeforge.program.spec.EinsumSpec;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.program.spec.SpecParser;
import org.shapeforge.program.spec.SpecTerms;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The shape logics built on row equations, part of {@link ShapeLogic}: Permute / Einsum /
 * Block (seed 000: equations only, no broadcasting; OCANNL's {@code einsum_n_constraints}),
 * stacking (OCANNL's {@code Operation.stack}) and Batch_slice.
 */
final class SpecLogic {
    private final ShapeLogic g;

    SpecLogic(ShapeLogic g) {
        this.g = g;
    }

    /**
     * Permute, einsum and block: spec rows equal the operands' rows and the result's (no
     * broadcasting), recorded as an operation of {@code kind} with the scalar operation
     * {@code scalarOp}; the constraints' origins are of the statement's operation {@code stmtKind}
     * (the stack or softmax a part belongs to, for the diagnosis' hint).
     */
    SpecTerms apply(Shape r, List<Shape> ops, Expr.Arg.Spec specArg, String op, boolean block, OpKind kind,
            ScalarOp scalarOp) {
        return apply(r, ops, specArg, op, block, kind, scalarOp, kind);
    }

    SpecTerms apply(Shape r, List<Shape> ops, Expr.Arg.Spec specArg, String op, boolean block, OpKind kind,
            ScalarOp scalarOp, OpKind stmtKind) {
        EinsumSpec spec = SpecParser.einsum(specArg.text(), specArg.span());
        if (spec.rhs().size() != ops.size())
            throw new ShapeError("program", specArg.span(), op + " spec \"" + spec.text() + "\" has " + spec.rhs().size()
                    + " right-hand side(s) for " + ops.size() + " tensor(s)");
        SpecTerms t = SpecTerms.of(spec, "e" + (++g.specs), specArg.span());
        ShapeLogic.mark(g.usedInSpecOrCompose, r);
        ops.forEach(o -> ShapeLogic.mark(g.usedInSpecOrCompose, o));
        String opText = op + " \"" + spec.text() + "\"";
        Span at = specArg.span();
        int from = g.constraintCount();
        t.fixed().forEach((v, min) -> g.add(new Constraint.SizeRel(new SizeExpr.Size(v), Constraint.Rel.GE,
                new SizeExpr.Lit(min), at), g.origin(opText + " (fixed index: At_least_dim " + min + ")", stmtKind, Role.NONE)));
        for (int j = 0; j < ops.size(); j++) {
            Origin o = g.origin(opText, stmtKind, new Role.Argument(j + 1));
            for (Kind k : Kind.values()) g.eq(t.rhs().get(j).get(k), ops.get(j).row(k), o, k, at);
        }
        Origin o = g.origin(opText, stmtKind, new Role.Result());
        for (Kind k : Kind.values()) g.eq(r.row(k), t.lhs().get(k), o, k, at);
        Map<String, Long> fixedIdx = new LinkedHashMap<>();
        t.fixed().forEach((v, min) -> fixedIdx.put(v.name(), (long) min - 1));
        g.operation(g.nameOf(r), r, ops, kind, scalarOp, from, fixedIdx, true, g.origin(opText, stmtKind, Role.NONE));
        if (block)
            for (String l : Discardable.of(spec)) g.declare(Provenance.DISCARDABLE, new VarRef(t.dimLabels().get(l).name(), false));
        return t;
    }

    /**
     * Stacking as OCANNL's {@code Operation.stack}: each operand is unsqueezed by a permute with a
     * fixed index {@code 0} on the new leading axis, then the results are concatenated by a block.
     */
    void stack(Shape r, List<Shape> ops, String fn, Span at) {
        ScalarOp.Builtin stackOp = (ScalarOp.Builtin) ScalarOp.of(fn);
        String kind = switch (stackOp) {
            case STACK_OUT -> "out";
            case STACK_IN -> "in";
            default -> "batch";
        };
        String unsqueeze = switch (kind) {
            case "out" -> "...|...->... => ...|...->0,...";
            case "in" -> "...|...->... => ...|0,...->...";
            default -> "...|...->... => 0,...|...->...";
        };
        List<Shape> unsq = new ArrayList<>();
        StringBuilder rhs = new StringBuilder();
        StringBuilder parts = new StringBuilder();
        for (int j = 0; j < ops.size(); j++) {
            Shape u = g.result(g.fresh());
            apply(u, List.of(ops.get(j)), new Expr.Arg.Spec(unsqueeze, at), fn + " (unsqueeze)", false, OpKind.STACK, stackOp);
            unsq.add(u);
            String l = "bt" + j;
            if (j > 0) {
                rhs.append("; ");
                parts.append('^');
            }
            parts.append(l);
            rhs.append(switch (kind) {
                case "out" -> "...|...-> " + l + ",...";
                case "in" -> "...|" + l + ",...->...";
                default -> l + ",...|...->...";
            });
        }
        String lhs = switch (kind) {
            case "out" -> "...|...-> " + parts + ",...";
            case "in" -> "...|" + parts + ",...->...";
            default -> parts + ",...|...->...";
        };
        String spec = ops.size() == 1 ? rhs + " => " + lhs.replace("^", "") : rhs + " => " + lhs;
        apply(r, unsq, new Expr.Arg.Spec(spec, at), fn + " (concat)", true, OpKind.STACK, stackOp);
    }

    /**
     * Batch_slice with a static range: {@code operand.b ≈ [s]·result.b} (the sliced axis prepended
     * to the leading flank, seed 003 §2 design rationale), {@code s = N}; input and output equal.
     */
    void slice(Shape r, Expr.Call c, List<Shape> ops, List<Expr.Arg.Int> ints) {
        g.arity(c, ops, 1);
        if (ints.size() != 1 || ints.getFirst().value() < 1)
            throw new ShapeError("program", c.span(), "slice takes a tensor and its static range, e.g. slice(a, 2)");
        Shape a = ops.getFirst();
        Dim.Var s = new Dim.Var("s" + (++g.specs) + "''slice");
        Span at = c.span();
        int from = g.constraintCount();
        g.add(new Constraint.DimEq(new Dim.Atom(ints.getFirst().value()), s, at), g.origin("slice (Batch_slice)", OpKind.SLICE, new Role.StaticRange()));
        Origin o = g.origin("slice (Batch_slice)", OpKind.SLICE, new Role.Argument(1));
        Row.Open rb = (Row.Open) r.batch();
        List<Dim> lead = new ArrayList<>(List.of(s));
        lead.addAll(rb.lead());
        g.eq(new Row.Open(lead, rb.var(), rb.trail()), a.batch(), o, Kind.BATCH, at);
        g.eq(r.input(), a.input(), o, Kind.INPUT, at);
        g.eq(r.output(), a.output(), o, Kind.OUTPUT, at);
        g.operation(g.nameOf(r), r, ops, OpKind.SLICE, ScalarOp.Builtin.SLICE, from, Map.of(), List.of(s.name()), true,
                g.origin("slice (Batch_slice)", OpKind.SLICE, Role.NONE));
    }
}
