package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Stmt;
import org.shapeforge.program.dynamic.Facts;
import org.shapeforge.program.dynamic.Binding;
import org.shapeforge.program.dynamic.DimClasses;
import org.shapeforge.program.dynamic.ExtentCheck;
import org.shapeforge.program.dynamic.SymbolicShape;
import org.shapeforge.program.dynamic.SymbolicShapes;

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
    static int refused(Inference inf, boolean json, java.io.PrintWriter out) {
        List<ExtentCheck.Refusal> rs = ExtentCheck.of(inf);
        if (rs.isEmpty()) return -1;
        ExtentCheck.Refusal r = rs.getFirst();
        String message = r.origin().statement() + " `" + r.origin().text() + "`: " + r.message();
        String hint = r.extent().isPresent()
                ? "an upper bound (from truncate) is never used as a shape: reshape or broadcast before truncating,"
                        + " or truncate after the operation (seeds/004, \"Compiler Pass Contract\")"
                : "give the reshaped size explicitly, or relate the sizes with `shapeforge query`";
        if (json) {
            ObjectNode doc = InferCommand.toJson(inf);
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

    /** {@code n=32} options as a map; a malformed one or a bad binding is a usage error (exit 2). */
    static Map<String, Long> env(Inference inf, List<Stmt.Fact> facts, List<String> binds) {
        Map<String, Long> env = BindOptions.parse(binds);
        DimClasses cl = SymbolicShapes.classes(inf);
        Binding.check(cl, env).ifPresent(m -> {
            throw new ShapeError("usage", null, "--bind: " + m);
        });
        Map<String, Long> all = Binding.complete(cl, env);
        Facts.violated(facts, all).ifPresent(m -> {
            throw new ShapeError("usage", null, "--bind: " + m);
        });
        return all;
    }

    static String text(Inference inf, List<Stmt.Fact> facts, List<String> binds) {
        Map<String, Long> env = env(inf, facts, binds);
        Map<String, SymbolicShape> sym = SymbolicShapes.of(inf);
        Map<String, Binding.Bound> bound = binds.isEmpty() ? Map.of() : Binding.resolve(sym, env);
        StringBuilder sb = new StringBuilder();
        int w = sym.keySet().stream().mapToInt(String::length).max().orElse(1);
        sym.forEach((n, s) -> sb.append(String.format("%-" + w + "s  %s%n", n,
                bound.containsKey(n) ? bound.get(n).printed() : s.printed())));
        for (DimClasses.EqClass c : SymbolicShapes.classes(inf).classes())
            sb.append("dynamic ").append(c.printed()).append('\n');
        for (Stmt.Fact f : facts) sb.append("fact ").append(org.shapeforge.lang.Printer.print(f.constraint())).append('\n');
        inf.labels().forEach((n, v) -> sb.append("label ").append(n).append(" = ").append(v).append('\n'));
        return sb.toString();
    }

    /** {@code "symbolic": {tensor: "b=[n] ..."}, "classes": [...], "bound": {...}} into {@code doc}. */
    static void json(Inference inf, List<Stmt.Fact> facts, List<String> binds, ObjectNode doc) {
        Map<String, Long> env = env(inf, facts, binds);
        Map<String, SymbolicShape> sym = SymbolicShapes.of(inf);
        ObjectNode s = doc.putObject("symbolic");
        sym.forEach((n, x) -> s.put(n, x.printed()));
        var cs = doc.putArray("classes");
        for (DimClasses.EqClass c : SymbolicShapes.classes(inf).classes()) {
            var o = cs.addObject();
            c.members().forEach(o.putArray("members")::add);
            if (c.value().isPresent()) o.put("value", c.value().getAsLong());
        }
        var fs = doc.putArray("facts");
        for (Stmt.Fact f : facts) fs.add(org.shapeforge.lang.Printer.print(f.constraint()));
        if (!binds.isEmpty()) {
            ObjectNode b = doc.putObject("bound");
            Binding.resolve(sym, env).forEach((n, x) -> b.put(n, x.printed()));
        }
    }
}
