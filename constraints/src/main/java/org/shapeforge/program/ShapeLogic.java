package org.shapeforge.program;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration.Provenance;
import org.shapeforge.lang.Declaration.VarRef;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.program.spec.SpecTerms;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The shape logics of {@code programs.md} (seed 000, "Deriving the constraints"; OCANNL's
 * {@code Shape.get_inequalities}): each statement generates exactly the constraints of its
 * operation. Broadcasting operations (pointwise, compose, transpose) relate rows by
 * {@code result ⊑ operand} ({@code RowLe}); spec operations (permute, einsum, block, slice) by row
 * equations ({@code RowEq}), no broadcasting. Terminals carry {@code leaf}/{@code param}
 * provenance (Def. 6.1). Every constraint records its {@link Origin}. Tensors are defined before
 * use; every intermediate result is an anonymous tensor {@code _tN}.
 */
public final class ShapeLogic {
    private final String file;
    private final List<Constraint> constraints = new ArrayList<>();
    private final List<Origin> origins = new ArrayList<>();
    private final Map<Provenance, Set<VarRef>> decls = new EnumMap<>(Provenance.class);
    private final Map<String, Shape> tensors = new LinkedHashMap<>();
    private final Map<String, Label> labels = new LinkedHashMap<>();
    private final Map<String, Origin> variableOrigins = new LinkedHashMap<>();
    private final List<Generated.GraphNode> graph = new ArrayList<>();
    private final List<Generated.OpNode> operations = new ArrayList<>();
    private final Set<String> dynamic = new LinkedHashSet<>();
    private final IdentityHashMap<Shape, String> names = new IdentityHashMap<>();
    /** OCANNL's used_in_pointwise / used_in_spec_or_compose marks on input row variables. */
    private final Set<String> usedInPointwise = new LinkedHashSet<>();
    final Set<String> usedInSpecOrCompose = new LinkedHashSet<>();
    private int anon;
    private final SpecLogic specOps = new SpecLogic(this);
    private final DynamicLogic dynamicOps = new DynamicLogic(this);
    int specs;

    /** The statement being generated, and the spec operations written in it (what its capture names). */
    private Span stmtSpan;
    private String stmtText;
    private final List<SpecTerms> statementSpecs = new ArrayList<>();

    private ShapeLogic(String file) {
        this.file = file;
    }

    /** Does the program have runtime-sized dims ({@code dynamic}, {@code truncate})? Decides how {@code flatten} is stated. */
    boolean dynamicProgram;

    /** Generates the constraints of {@code p}; a malformed statement is a {@link ShapeError} at its position. */
    public static Generated generate(Program p) {
        ShapeLogic g = new ShapeLogic(p.file());
        g.dynamicProgram = DynamicLogic.isDynamic(p);
        for (Stmt s : p.statements()) g.statement(s);
        List<Declaration> ds = new ArrayList<>();
        g.decls.forEach((k, vs) -> {
            if (!vs.isEmpty()) ds.add(new Declaration(k, List.copyOf(vs), Span.NONE));
        });
        Set<String> safe = new LinkedHashSet<>(g.usedInPointwise);
        safe.removeAll(g.usedInSpecOrCompose);
        return new Generated(p.file(), g.constraints, g.origins, ds, g.tensors, g.labels, g.variableOrigins, g.graph, safe,
                g.operations, g.dynamicOps.runtimeDims());
    }

    private void statement(Stmt s) {
        stmtSpan = s.span();
        statementSpecs.clear();
        switch (s) {
            case Stmt.Assign(var name, var e, var captures, var span, var text) -> {
                stmtText = text;
                if (tensors.containsKey(name))
                    throw new ShapeError("program", span, "tensor '" + name + "' is already defined; use '" + name
                            + " := ...' for an extra assignment into it");
                Shape sh = expr(e, name);
                tensors.put(name, sh);
                if (!captures.isEmpty()) capture(captures, e, span);
            }
            case Stmt.Update(var name, var e, var span, var text) -> {
                stmtText = text;
                Shape target = tensor(name, span);
                Shape src = expr(e, null);
                int from = constraints.size();
                Origin o = origin("assignment into " + name + " (Pointwise_un)", OpKind.ASSIGN, new Role.Operand());
                for (Kind k : Kind.values()) le(target.row(k), src.row(k), o, k);
                operation(name, target, List.of(src), OpKind.ASSIGN, ScalarOp.Builtin.ASSIGN, from, Map.of(), false, o);
                graph.add(new Generated.GraphNode(name, List.of(operandName(src)), ":=", o, target));
            }
            case Stmt.SetLabel(var label, var value, var span) -> {
                stmtText = "set " + label + " = " + value;
                Label l = label(label, span);
                Origin o = origin("set", OpKind.OTHER, Role.NONE);
                switch (l) {
                    case Label.DimLabel d -> add(new Constraint.DimEq(d.var(), new Dim.Atom(value), span), o);
                    case Label.RowLabel r -> add(new Constraint.Total(List.of(Row.var(r.rowVar())),
                            new Constraint.TotalNum.NumElems(value), List.of(), span), o);
                }
            }
            case Stmt.SetEqual(var a, var b, var span) -> {
                stmtText = "set_equal " + a + " " + b;
                Label la = label(a, span), lb = label(b, span);
                Origin o = origin("set_equal", OpKind.OTHER, Role.NONE);
                if (la instanceof Label.DimLabel(var x, var _) && lb instanceof Label.DimLabel(var y, var _))
                    add(new Constraint.DimEq(x, y, span), o);
                else if (la instanceof Label.RowLabel(var x, var _) && lb instanceof Label.RowLabel(var y, var _))
                    add(new Constraint.RowEq(Row.var(x), Row.var(y), span), o);
                else
                    throw new ShapeError("program", span, "set_equal relates two dimension labels or two row labels; '"
                            + a + "' and '" + b + "' are one of each");
            }
            case Stmt.Dynamic(var names, var span) -> {
                for (String n : names) {
                    if (!dynamic.add(n)) throw new ShapeError("program", span, "dynamic dimension '" + n + "' declared twice");
                    declare(Provenance.DYNAMIC, new VarRef(n, false));
                }
            }
            case Stmt.Fact(var dim, var c, var span) -> { // an assumption, not shape logic (docs/dynamic.md)
                if (!dynamic.contains(dim))
                    throw new ShapeError("program", span, "'" + dim + "' is not a dynamic dimension declared above;"
                            + " facts (in, %, likely) are about `dynamic` dims");
            }
        }
    }

    /** The shape of {@code e}; {@code name} names the result tensor (null: anonymous). */
    private Shape expr(Expr e, String name) {
        return switch (e) {
            case Expr.Ref(var n, var span) -> tensor(n, span);
            case Expr.Scalar s -> new Shape(Row.empty(), Row.empty(), Row.literal(List.of(Dim.unit())));
            case Expr.Terminal t -> terminal(t, name == null ? fresh() : name);
            case Expr.Binary b -> binary(b, name == null ? fresh() : name);
            case Expr.Call c -> call(c, name == null ? fresh() : name);
        };
    }

    private Shape terminal(Expr.Terminal t, String name) {
        Origin o = origin(t.param() ? "param" : "data", OpKind.TERMINAL, Role.NONE);
        Map<Kind, Row> rows = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) {
            List<Dim> given = t.rows().get(k.letter);
            if (given != null) {
                for (Dim d : given)
                    if (d instanceof Dim.Var(var n, _) && !dynamic.contains(n))
                        throw new ShapeError("program", t.span(), "'" + n + "' is not a declared dynamic dimension: write"
                                + " 'dynamic " + n + "' before this statement, or give a number");
                rows.put(k, Row.literal(given));
            } else if (k == Kind.BATCH && t.param() || !t.param() && t.elements().isEmpty()) {
                rows.put(k, Row.empty());
            } else {
                Row r = Row.var(name + "'" + k.letter);
                rows.put(k, r);
                declare(t.param() ? Provenance.PARAM : Provenance.LEAF, new VarRef(r.rowVar(), true));
                variableOrigins.put("<" + r.rowVar() + ">", new Origin(o.statement(), o.text(), o.operation(), o.op(),
                        new Role.Tensor(name), List.of(k)));
            }
        }
        Shape sh = Shape.of(rows);
        names.put(sh, name);
        if (t.elements().isPresent())
            add(new Constraint.Total(List.of(sh.batch(), sh.output(), sh.input()),
                    new Constraint.TotalNum.NumElems(t.elements().getAsLong()), List.of(), t.span()),
                    new Origin(stmtSpan, stmtText, "data elements=" + t.elements().getAsLong() + " (Total_elems)",
                            OpKind.TERMINAL, Role.NONE, List.of(Kind.BATCH, Kind.OUTPUT, Kind.INPUT)));
        graph.add(new Generated.GraphNode(name, List.of(), t.param() ? "param" : "data", o, sh));
        return sh;
    }

    private Shape binary(Expr.Binary b, String name) {
        Shape a = expr(b.left(), null), c = expr(b.right(), null), r = result(name);
        int from = constraints.size();
        ScalarOp op = ScalarOp.of(b.op());
        OpKind kind = op == ScalarOp.Builtin.COMPOSE ? OpKind.COMPOSE : OpKind.POINTWISE;
        String opText = kind == OpKind.COMPOSE ? "compose (a * b)" : "pointwise " + b.op();
        if (kind == OpKind.COMPOSE) compose(r, a, c, b.span(), opText);
        else pointwise(r, List.of(a, c), b.span(), opText);
        operation(name, r, List.of(a, c), kind, op, from, Map.of(), true, origin(opText, kind, Role.NONE));
        graph.add(new Generated.GraphNode(name, List.of(operandName(a), operandName(c)), b.op(), origin(b.op(), kind, Role.NONE), r));
        return r;
    }

    private void pointwise(Shape r, List<Shape> operands, Span at, String op) {
        mark(usedInPointwise, r);
        operands.forEach(o -> mark(usedInPointwise, o));
        for (int j = 0; j < operands.size(); j++) {
            Origin o = origin(op, OpKind.POINTWISE, new Role.Argument(j + 1));
            for (Kind k : Kind.values()) le(r.row(k), operands.get(j).row(k), o, k, at);
        }
    }

    /** Compose: {@code A.i ⊑ B.o}, {@code C.b ⊑ A.b}, {@code C.b ⊑ B.b}, {@code C.i ⊑ B.i}, {@code C.o ⊑ A.o}. */
    private void compose(Shape c, Shape a, Shape b, Span at, String op) {
        mark(usedInSpecOrCompose, a);
        le(a.input(), b.output(), origin(op, OpKind.COMPOSE, new Role.Contraction()), null, at);
        le(c.batch(), a.batch(), origin(op, OpKind.COMPOSE, new Role.Argument(1)), Kind.BATCH, at);
        le(c.batch(), b.batch(), origin(op, OpKind.COMPOSE, new Role.Argument(2)), Kind.BATCH, at);
        le(c.input(), b.input(), origin(op, OpKind.COMPOSE, new Role.Argument(2)), Kind.INPUT, at);
        le(c.output(), a.output(), origin(op, OpKind.COMPOSE, new Role.Argument(1)), Kind.OUTPUT, at);
    }

    private Shape call(Expr.Call c, String name) {
        CallArgs args = CallArgs.of(c);
        List<Expr.Arg.Spec> specsIn = args.specs();
        List<Shape> ops = new ArrayList<>();
        for (Expr e : args.tensors()) ops.add(expr(e, null));
        Shape r = result(name);
        String fn = c.fn();
        Span at = c.span();
        int from = constraints.size();
        args.requireSpecs(c);
        switch (fn) {
            case "where" -> {
                arity(c, ops, 3);
                pointwise(r, ops, at, "where (Pointwise_tern)");
            }
            case "fma" -> {
                arity(c, ops, 3);
                compose(r, ops.get(0), ops.get(1), at, "fma (Compose_accumulate)");
                Origin o = origin("fma (Compose_accumulate)", OpKind.COMPOSE, new Role.Accumulator(3));
                for (Kind k : Kind.values()) le(r.row(k), ops.get(2).row(k), o, k, at);
            }
            case "transpose" -> {
                arity(c, ops, 1);
                Shape a = ops.getFirst();
                le(r.batch(), a.batch(), origin("transpose", OpKind.TRANSPOSE, new Role.Argument(1)), Kind.BATCH, at);
                le(r.input(), a.output(), origin("transpose", OpKind.TRANSPOSE, new Role.ArgumentRow(1, Kind.OUTPUT)), Kind.INPUT, at);
                le(r.output(), a.input(), origin("transpose", OpKind.TRANSPOSE, new Role.ArgumentRow(1, Kind.INPUT)), Kind.OUTPUT, at);
            }
            case "permute" -> {
                arity(c, ops, 1);
                statementSpecs.add(specOps.apply(r, ops, specsIn.getFirst(), "permute", false, OpKind.PERMUTE, ScalarOp.Builtin.PERMUTE));
            }
            case "einsum" -> {
                if (ops.size() < 2 || ops.size() > 3)
                    throw new ShapeError("program", at, "einsum takes two or three tensors and a spec; got " + ops.size()
                            + " tensor(s) (a unary einsum is permute(a, \"spec\"))");
                statementSpecs.add(specOps.apply(r, ops, specsIn.getFirst(), "einsum", false, OpKind.EINSUM, ScalarOp.Builtin.EINSUM));
            }
            case "block" -> {
                if (ops.isEmpty()) throw new ShapeError("program", at, "block takes at least one tensor and a spec");
                statementSpecs.add(specOps.apply(r, ops, specsIn.getFirst(), "block", true, OpKind.BLOCK, ScalarOp.Builtin.BLOCK));
            }
            case "stack_out", "stack_in", "stack_batch" -> {
                if (ops.isEmpty()) throw new ShapeError("program", at, fn + " takes at least one tensor");
                specOps.stack(r, ops, fn, at);
            }
            case "slice" -> specOps.slice(r, c, ops, args.ints());
            case "flatten", "truncate" -> dynamicOps.apply(r, c, ops, c.args());
            case "softmax" -> {
                arity(c, ops, 1);
                Softmax.generate(this, specOps, r, ops.getFirst(), specsIn.getFirst());
            }
            default -> {
                if (ops.size() == 1) pointwise(r, ops, at, fn + " (Pointwise_un)");
                else if (ops.size() == 2) pointwise(r, ops, at, fn + " (Pointwise_bin)");
                else throw new ShapeError("program", at, "unknown operation '" + fn + "' with " + ops.size()
                        + " arguments: a named function takes one (unary pointwise) or two (binary pointwise) tensors");
            }
        }
        OpKind kind = switch (fn) {
            case "permute" -> OpKind.PERMUTE;
            case "einsum" -> OpKind.EINSUM;
            case "block" -> OpKind.BLOCK;
            case "stack_out", "stack_in", "stack_batch" -> OpKind.STACK;
            case "slice" -> OpKind.SLICE;
            case "flatten", "truncate", "softmax" -> OpKind.OTHER;
            case "transpose" -> OpKind.TRANSPOSE;
            case "fma" -> OpKind.COMPOSE;
            default -> OpKind.POINTWISE;
        };
        graph.add(new Generated.GraphNode(name, ops.stream().map(this::operandName).toList(), fn, origin(fn, kind, Role.NONE), r));
        // the others are recorded by SpecLogic (slice included), DynamicLogic, or Softmax (four operations)
        if (fn.equals("transpose") || fn.equals("fma") || kind == OpKind.POINTWISE)
            operation(name, r, ops, kind, ScalarOp.of(fn), from, Map.of(), true, origin(fn, kind, Role.NONE));
        return r;
    }

    /**
     * Records one operation for projection inference: its result, operands, the constraints
     * {@code [from, constraints.size())} its shape logic generated, the fixed indices of its spec
     * (variable name → index), the variables standing for a runtime index (a slice's) and whether
     * it defines its result afresh.
     */
    void operation(String result, Shape lhs, List<Shape> operands, OpKind kind, ScalarOp scalarOp, int from,
            Map<String, Long> fixedIndices, boolean erasing, Origin origin) {
        operation(result, lhs, operands, kind, scalarOp, from, fixedIndices, List.of(), erasing, origin);
    }

    void operation(String result, Shape lhs, List<Shape> operands, OpKind kind, ScalarOp scalarOp, int from,
            Map<String, Long> fixedIndices, List<String> externals, boolean erasing, Origin origin) {
        operations.add(new Generated.OpNode(result, lhs, operands, operands.stream().map(this::operandName).toList(),
                kind, scalarOp, origin, from, constraints.size(), fixedIndices, externals, erasing));
    }

    int constraintCount() {
        return constraints.size();
    }

    String nameOf(Shape s) {
        return operandName(s);
    }

    void arity(Expr.Call c, List<Shape> ops, int n) {
        if (ops.size() != n)
            throw new ShapeError("program", c.span(), c.fn() + " takes " + n + " tensor argument(s), got " + ops.size());
    }

    private void capture(List<String> names, Expr e, Span span) {
        // a statement that is a spec operation captures its own labels; otherwise those of the nested ones
        List<SpecTerms> specs = e instanceof Expr.Call c && List.of("permute", "einsum", "block").contains(c.fn())
                ? List.of(statementSpecs.getLast()) : statementSpecs;
        for (String n : names) {
            Label l = Captures.resolve(n, specs, origin("capture " + n, OpKind.OTHER, Role.NONE), span);
            if (labels.containsKey(n))
                throw new ShapeError("program", span, "label '" + n + "' is already captured at " + labels.get(n).origin().statement());
            labels.put(n, l);
        }
    }

    private Label label(String n, Span span) {
        Label l = labels.get(n);
        if (l == null) throw new ShapeError("program", span, "'" + n + "' is not a captured label: write '... capture "
                + n + "' after the einsum or permute that names it");
        return l;
    }

    private Shape tensor(String n, Span span) {
        Shape s = tensors.get(n);
        if (s == null) throw new ShapeError("program", span, "unknown tensor '" + n + "': define it before its first use");
        return s;
    }

    private String operandName(Shape s) {
        return names.getOrDefault(s, "scalar");
    }

    Shape result(String name) {
        Shape r = Shape.fresh(name);
        names.put(r, name);
        return r;
    }

    static void mark(Set<String> set, Shape s) {
        if (s.input().rowVar() != null) set.add(s.input().rowVar());
    }

    String fresh() {
        return "_t" + (++anon);
    }

    /** The origin of a constraint of the current statement: the operation's name and kind, and the role. */
    Origin origin(String operation, OpKind op, Role role) {
        return new Origin(stmtSpan, stmtText, operation, op, role, List.of());
    }

    private void le(Row lower, Row upper, Origin o, Kind k) {
        le(lower, upper, o, k, stmtSpan);
    }

    private void le(Row lower, Row upper, Origin o, Kind k, Span at) {
        add(new Constraint.RowLe(lower, upper, at), o.withRow(k));
    }

    void eq(Row left, Row right, Origin o, Kind k, Span at) {
        add(new Constraint.RowEq(left, right, at), o.withRow(k));
    }

    void add(Constraint c, Origin o) {
        constraints.add(c);
        origins.add(o);
    }

    void declare(Provenance p, VarRef v) {
        decls.computeIfAbsent(p, x -> new LinkedHashSet<>()).add(v);
    }
}
