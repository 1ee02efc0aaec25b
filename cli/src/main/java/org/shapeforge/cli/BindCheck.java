package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.pipeline.Pipeline;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Program;
import org.shapeforge.program.Solution;
import org.shapeforge.program.Stmt;
import org.shapeforge.program.dynamic.Binding;
import org.shapeforge.program.dynamic.DimClasses;
import org.shapeforge.program.dynamic.Facts;
import org.shapeforge.program.dynamic.Specialise;
import org.shapeforge.program.dynamic.SymbolicShapes;

/**
 * {@code infer --bind NAME=SIZE} (docs/dynamic.md, issue 31): the bindings checked against the
 * equal-dim classes and the facts (exit 2), the program {@link Specialise}d at them and inferred —
 * bind, then infer — so a bound program that contradicts a relation fails as a static one does
 * (exit 1, the relation and its origins); where the symbolic inference is Unknown, the bound
 * program is what {@code infer} prints.
 */
final class BindCheck {
    private BindCheck() {}

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

    /**
     * {@code --bind} checks the bound program like a static one (issue 31): the program specialised
     * at the sizes ({@link Specialise}, typed data) is inferred, and any contradiction — a relation,
     * a forced value, a divisibility — is its failure (the relation and its origins). Empty when
     * nothing is bound or the bound program infers; else the failed (or unknown) inference.
     */
    static Optional<Inference> boundFailure(Pipeline pipeline, Program program, Map<String, Long> env) {
        if (env.isEmpty()) return Optional.empty();
        Inference bound = pipeline.infer(Specialise.of(program, env));
        return bound.succeeded() ? Optional.empty() : Optional.of(bound);
    }

    /**
     * {@code --bind} on a program whose symbolic inference is Unknown (a size relation over a dynamic
     * dim the native solver leaves open, e.g. a strided convolution over {@code h}): bind, then infer —
     * the program {@link Specialise}d at the sizes is inferred and printed as {@code infer} prints it
     * (dims left unbound stay symbols), with a line (a {@code "bind"} field) saying so. The names must
     * be dynamic dims, the sizes at least 1 and the facts hold (exit 2); exit as the bound inference.
     */
    static int inferBound(Pipeline pipeline, Program program, Inference unknown, List<String> binds,
            boolean json, PrintWriter out) {
        Map<String, Long> env = BindOptions.parse(binds);
        var names = SymbolicShapes.dynamicNames(unknown);
        for (var e : env.entrySet()) {
            if (!names.contains(e.getKey()))
                throw new ShapeError("usage", null, "--bind: '" + e.getKey() + "' is not a dynamic dimension of the program");
            if (e.getValue() < 1) throw new ShapeError("usage", null, "--bind: " + e.getKey() + " = " + e.getValue() + ": a size is at least 1");
        }
        Facts.violated(Facts.of(program), env).ifPresent(m -> {
            throw new ShapeError("usage", null, "--bind: " + m);
        });
        Program p = Specialise.of(program, env);
        Inference bound = pipeline.infer(p);
        if (!bound.succeeded()) return printBoundFailure(bound, env, json, out);
        int refused = DynamicView.refused(bound, json, out);
        if (refused >= 0) return refused;
        String at = env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" --bind ", "--bind ", ""));
        boolean dynamic = DynamicView.applies(bound, List.of());
        if (json) {
            ObjectNode doc = InferCommand.toJson(bound);
            if (dynamic) DynamicView.json(bound, Facts.of(p), List.of(), doc);
            ObjectNode b = doc.putObject("bind");
            env.forEach(b::put);
            doc.put("symbolicOutcome", "unknown");
            out.println(Cli.json(doc));
        } else {
            out.print(dynamic ? DynamicView.text(bound, Facts.of(p), List.of()) : InferCommand.text(bound));
            out.println("bound: inferred at " + at + " (the symbolic inference is unknown: " + unknown.failure()
                    .map(f -> f.message()).orElse("") + ")");
        }
        out.flush();
        return Cli.OK;
    }

    /** Prints the failure of the bound program (as {@code infer} prints a failure, with the binding) and returns its exit code. */
    static int printBoundFailure(Inference bound, Map<String, Long> env, boolean json, PrintWriter out) {
        String at = env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" --bind ", "--bind ", ""));
        if (json) {
            ObjectNode doc = InferCommand.toJson(bound);
            ObjectNode b = doc.putObject("bind");
            env.forEach(b::put);
            out.println(Cli.json(doc));
        } else {
            out.print(InferCommand.text(bound));
            out.println("bound: the program at " + at + " (the same constraints with the dims replaced by these sizes)");
        }
        out.flush();
        return bound.solution() instanceof Solution.Unknown ? 3 : Cli.NEGATIVE;
    }
}
