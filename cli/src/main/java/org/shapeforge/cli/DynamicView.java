package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.shapeforge.lang.Printer;
import org.shapeforge.program.DotGraph;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Stmt;
import org.shapeforge.program.TensorShape;
import org.shapeforge.program.dynamic.DimClasses;
import org.shapeforge.program.dynamic.ExtentCheck;
import org.shapeforge.program.dynamic.ExtentExpr;
import org.shapeforge.program.dynamic.LoweringCheck;
import org.shapeforge.program.dynamic.RenderedShape;
import org.shapeforge.program.dynamic.ShapeExtent;
import org.shapeforge.program.dynamic.SymbolicShape;
import org.shapeforge.program.dynamic.SymbolicShapes;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * {@code infer} for programs with {@code dynamic} dimensions (docs/dynamic.md): every tensor's shape
 * in terms of them, the equal-dim classes, and with {@code --bind n=32} the resolved sizes.
 */
final class DynamicView {
    private DynamicView() {}

    /** Does the program declare dynamic dims or size axes at run time ({@code truncate}), or was {@code --bind} given? */
    static boolean applies(Inference inf, List<String> binds) {
        return !SymbolicShapes.dynamicNames(inf).isEmpty() || !inf.generated().runtimeDims().isEmpty() || !binds.isEmpty();
    }

    /**
     * The seed-004 consumer check ({@link ExtentCheck}): when an operation is refused, prints the
     * failure ({@code fail extent: …}, or the JSON document with {@code failure.kind = "extent"} and
     * {@code failure.extent = {op, field, observed, extent}}) and returns exit 1; else -1.
     */
    static int refused(Inference inf, boolean json, PrintWriter out) {
        List<ExtentCheck.Refusal> rs = ExtentCheck.of(inf);
        if (rs.isEmpty()) return -1;
        String hint = rs.getFirst().extent().isPresent()
                ? "an upper bound (from truncate) is never used as a shape: reshape or broadcast before truncating,"
                        + " or truncate after the operation (seeds/004, \"Compiler Pass Contract\")"
                : "give the reshaped size explicitly, or relate the sizes with `shapeforge query`";
        return print(inf, rs, hint, json, out);
    }

    /**
     * The seed-004 contract at the stage after inference ({@link LoweringCheck}, issue 31): {@code infer
     * --projections} on an operation with a symbolic (unbound), upper-bound or unknown axis of
     * {@code target} (the program, or the program at its {@code --bind} sizes) is refused with the
     * structured extent error (exit 1) instead of failing inside projection inference; else -1.
     * The document's shapes are {@code inf}'s.
     */
    static int refusedLowering(Inference inf, Inference target, LoweringCheck.Stage stage, boolean json, PrintWriter out) {
        var r = LoweringCheck.first(target, stage);
        if (r.isEmpty()) return -1;
        String hint = r.get().extent().map(e -> e.observed().equals("symbolic")).orElse(false)
                ? "projections are computed at concrete sizes: give every dynamic dim a size (--bind NAME=SIZE)"
                : "projections and generated code index every axis with an exact extent; an upper bound (from truncate)"
                        + " cannot be lowered (seeds/004, \"Compiler Pass Contract\"): `infer` without --projections reports the shapes";
        return print(inf, List.of(r.get()), hint, json, out);
    }

    private static int print(Inference inf, List<ExtentCheck.Refusal> rs, String hint, boolean json, PrintWriter out) {
        ExtentCheck.Refusal r = rs.getFirst();
        String message = r.origin().statement() + " `" + r.origin().text() + "`: " + r.message();
        if (json) {
            ObjectNode doc = InferCommand.toJson(inf);
            tensors(rendered(inf, Map.of()), doc);
            ObjectNode f = doc.putObject("failure");
            f.put("kind", "extent").put("message", message);
            f.putArray("constraints");
            f.putArray("origin").add(r.origin().fileLine());
            f.putArray("operations").add(r.origin().describe());
            f.put("hint", hint);
            r.extent().ifPresent(e -> f.putObject("extent").put("op", e.op()).put("field", e.field())
                    .put("observed", e.observed()).put("extent", e.extent()));
            out.println(Cli.json(doc));
        } else {
            out.println("fail extent: " + message);
            for (int i = 1; i < rs.size(); i++)
                out.println("  also: " + rs.get(i).origin().statement() + " `" + rs.get(i).origin().text() + "`: " + rs.get(i).message());
            out.println("hint: " + hint);
        }
        out.flush();
        return Cli.NEGATIVE;
    }

    /**
     * Every tensor's shape rendered once ({@link RenderedShape}): the symbolic reading, with the
     * sizes of {@code env} substituted; a constant axis keeps its basis tag as the closed shape prints it ({@code 4:rgb}).
     */
    static Map<String, RenderedShape> rendered(Inference inf, Map<String, Long> env) {
        Map<String, RenderedShape> out = new LinkedHashMap<>();
        Map<String, TensorShape> closed = inf.shapes();
        SymbolicShapes.of(inf).forEach((n, s) -> {
            RenderedShape r = RenderedShape.of(s, env);
            TensorShape c = closed.get(n);
            out.put(n, c == null ? r : new RenderedShape(tagged(r.batch(), s.batch(), c.batch()),
                    tagged(r.input(), s.input(), c.input()), tagged(r.output(), s.output(), c.output())));
        });
        return out;
    }

    private static List<String> tagged(List<String> axes, List<ShapeExtent> sym, List<Dim> closed) {
        if (closed.size() != axes.size()) return axes;
        List<String> out = new ArrayList<>();
        for (int i = 0; i < axes.size(); i++) {
            boolean constant = sym.get(i) instanceof ShapeExtent.Exact(ExtentExpr.Const c)
                    && closed.get(i) instanceof Dim.Atom a && a.size() == c.value() && !a.hasDefaultBasis();
            out.add(constant ? Printer.print(closed.get(i)) : axes.get(i));
        }
        return out;
    }

    /**
     * {@code infer --dot}: a dynamic program's graph labelled with the symbolic shapes
     * ({@link RenderedShape}, {@code n|->4}), a static one's with the closed shapes.
     */
    static String dot(Inference inf, List<String> binds) {
        if (!inf.succeeded() || !applies(inf, binds)) return DotGraph.of(inf);
        var read = SymbolicShapes.reader(inf).orElseThrow();
        return DotGraph.of(inf, sh -> Optional.of(RenderedShape.of(read.apply(sh), Map.of()).printed()));
    }

    /** The captured labels' values rendered as the shapes are ({@code n}, {@code n*4} for a row label), at {@code env}. */
    static Map<String, String> labels(Inference inf, Map<String, Long> env) {
        Map<String, String> out = new LinkedHashMap<>();
        SymbolicShapes.labels(inf).forEach((n, e) -> out.put(n, RenderedShape.axis(e, env)));
        return out;
    }

    /** The document's {@code tensors}, replaced by the rendered shapes (the same fields as a static program's). */
    static void tensors(Map<String, RenderedShape> shapes, ObjectNode doc) {
        ObjectNode ts = doc.putObject("tensors");
        shapes.forEach((n, r) -> {
            ObjectNode t = ts.putObject(n);
            r.batch().forEach(t.putArray("batch")::add);
            r.input().forEach(t.putArray("input")::add);
            r.output().forEach(t.putArray("output")::add);
            t.put("printed", r.printed());
        });
    }

    /**
     * The solver's domain conditions on the dynamic dims ({@link SymbolicShapes#requires}: the
     * symbolic shapes hold exactly where they do, e.g. {@code h >= 3} for a 3-wide valid
     * convolution), printed in the shapes' syntax, with the sizes of {@code env} substituted; a
     * condition left with no dynamic dim (decided by the binding, which {@code --bind} checks) is not shown.
     */
    static List<String> requires(Inference inf, Map<String, Long> env) {
        Map<String, SymSize> at = new TreeMap<>();
        env.forEach((n, v) -> at.put(n, SymSize.constant(v)));
        List<String> out = new ArrayList<>();
        for (var c : SymbolicShapes.requires(inf)) {
            var l = c.left().substitute(at);
            var r = c.right().substitute(at);
            if (!l.vars().isEmpty() || !r.vars().isEmpty()) out.add(new SymCondition(l, c.rel(), r).toString());
        }
        return out;
    }

    static String text(Inference inf, List<Stmt.Fact> facts, List<String> binds) {
        Map<String, RenderedShape> shapes = rendered(inf, BindCheck.env(inf, facts, binds));
        StringBuilder sb = new StringBuilder();
        int w = shapes.keySet().stream().mapToInt(String::length).max().orElse(1);
        shapes.forEach((n, s) -> sb.append(String.format("%-" + w + "s  %s%n", n, s.rows())));
        for (DimClasses.EqClass c : SymbolicShapes.classes(inf).classes())
            sb.append("dynamic ").append(c.printed()).append('\n');
        for (Stmt.Fact f : facts) sb.append("fact ").append(Printer.print(f.constraint())).append('\n');
        for (String c : requires(inf, BindCheck.env(inf, facts, binds))) sb.append("requires ").append(c).append('\n');
        labels(inf, BindCheck.env(inf, facts, binds)).forEach((n, v) -> sb.append("label ").append(n).append(" = ").append(v).append('\n'));
        return sb.toString();
    }

    /**
     * {@code tensors} as the symbolic reading (at the binding, with {@code --bind}); {@code "symbolic":
     * {tensor: "b=[n] ..."}} (unbound), {@code "classes"}, {@code "facts"} and with {@code --bind}
     * {@code "bound"} (the bound reading's rows) into {@code doc}.
     */
    static void json(Inference inf, List<Stmt.Fact> facts, List<String> binds, ObjectNode doc) {
        Map<String, Long> env = BindCheck.env(inf, facts, binds);
        tensors(rendered(inf, env), doc);
        ObjectNode ls = doc.putObject("labels");
        labels(inf, env).forEach(ls::put);
        Map<String, SymbolicShape> sym = SymbolicShapes.of(inf);
        ObjectNode s = doc.putObject("symbolic");
        sym.forEach((n, x) -> s.put(n, x.printed()));
        var cs = doc.putArray("classes");
        for (DimClasses.EqClass c : SymbolicShapes.classes(inf).classes()) {
            var o = cs.addObject();
            c.members().forEach(o.putArray("members")::add);
            if (c.value().isPresent()) o.put("value", c.value().getAsLong());
        }
        var rq = doc.putArray("requires");
        requires(inf, env).forEach(rq::add);
        var fs = doc.putArray("facts");
        for (Stmt.Fact f : facts) fs.add(Printer.print(f.constraint()));
        if (!binds.isEmpty()) {
            ObjectNode b = doc.putObject("bound");
            sym.forEach((n, x) -> b.put(n, RenderedShape.of(x, env).rows()));
        }
    }
}
