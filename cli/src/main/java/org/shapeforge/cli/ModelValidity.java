package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.ValueInfoProto;
import org.shapeforge.onnx.GraphRules;
import org.shapeforge.onnx.ImportError;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Importer;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.oracle.Backend;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.sym.SymCondition;

/**
 * What {@code run model.onnx} checks before it runs anything, as {@code import} does, so that both
 * refuse the same graphs with the same error and exit code: ONNX's wiring rules
 * ({@link GraphRules}: one definition per value, topological order; an {@link ImportError}, exit 2),
 * then the import itself with the graph inputs bound to the given {@code input_k.pb} (their shapes,
 * and integer contents as constants, as the conformance runner binds them), whose solve checks the
 * declared shapes (graph outputs, {@code value_info}) against the computed ones: a contradiction
 * is printed as {@code import} prints it ({@link ImportCommand#text}, {@link ImportCommand#toJson})
 * with {@code import}'s exit code ({@link ImportCommand#exit}). An import that cannot decide — an
 * op whose shape logic does not cover the graph ({@code unsupported}), a solve that is no proof
 * (policy, unknown) — refuses nothing: the run goes on, as nothing shows the graph invalid. Where
 * the inputs' sizes fall outside the model's domain (the {@code requires} conditions {@code import}
 * prints for the unbound model), the refusal says so first: the dim_params as the input files bind
 * them and each condition they violate ({@code samples = 300 violates requires samples >= 436}),
 * then the contradiction with its nodes.
 */
final class ModelValidity {
    private ModelValidity() {}

    /** The graph's wiring rules, before the inputs are read (they are bound by the graph's inputs). */
    static void rules(ModelProto m, Path model) {
        GraphRules.check(m.getGraph(), model.toString());
    }

    /**
     * The declared shapes against those the import computes from the inputs in {@code dir} (already
     * checked by {@code RunInputs}); empty when nothing refuses the run, else the exit code after
     * printing the failure to {@code out}.
     */
    static OptionalInt refusal(ModelProto m, Path model, Path dir, boolean json, PrintWriter out) {
        List<String> names = GraphRun.inputs(m);
        Map<String, TensorProto> bind = new LinkedHashMap<>();
        for (int k = 0; k < names.size(); k++) bind.put(names.get(k), Model.tensor(dir.resolve("input_" + k + ".pb")));
        ImportResult r;
        try {
            ShapeSolver solver = Backend.NATIVE.create();
            r = Importer.translate(m, model.toString(), bind, solver).solve(solver, SolveOptions.defaults());
        } catch (ImportError e) {
            if (e.code().equals("unsupported")) return OptionalInt.empty();
            throw e;
        }
        if (r.succeeded()) return OptionalInt.empty();
        int code = ImportCommand.exit(r.failure());
        if (code == Cli.UNKNOWN) return OptionalInt.empty();
        Map<String, Long> binding = binding(m, bind);
        List<SymCondition> violated = violated(m, model, binding);
        if (json) {
            ObjectNode doc = ImportCommand.toJson(r);
            if (!violated.isEmpty()) {
                ObjectNode d = doc.putObject("domain");
                ObjectNode b = d.putObject("binding");
                binding.forEach(b::put);
                var vs = d.putArray("violated");
                violated.forEach(c -> vs.add(c.toString()));
            }
            out.println(Cli.json(doc));
        } else {
            if (!violated.isEmpty()) {
                List<String> bs = new ArrayList<>();
                binding.forEach((k, v) -> bs.add(k + " = " + v));
                out.println("the inputs are outside the model's domain: " + String.join(", ", bs) + " (from the input files) violate"
                        + String.join("", violated.stream().map(c -> "\n  requires " + c).toList()));
            }
            out.print(ImportCommand.text(r));
        }
        out.flush();
        return OptionalInt.of(code);
    }

    /** The dim_params (plain names) the input tensors bind: each declared {@code dim_param} axis, the file's size there. */
    static Map<String, Long> binding(ModelProto m, Map<String, TensorProto> bind) {
        Map<String, Long> out = new TreeMap<>();
        for (ValueInfoProto v : m.getGraph().getInputList()) {
            TensorProto t = bind.get(v.getName());
            if (t == null || !v.getType().hasTensorType()) continue;
            List<TensorShapeProto.Dimension> dims = v.getType().getTensorType().getShape().getDimList();
            for (int i = 0; i < dims.size() && i < t.getDimsCount(); i++) {
                String p = dims.get(i).getDimParam();
                if (p.matches("[A-Za-z_][A-Za-z0-9_]*")) out.putIfAbsent(p, t.getDims(i));
            }
        }
        return out;
    }

    /** The conditions of the unbound model's domain that {@code binding} violates (none where the model imports no domain). */
    private static List<SymCondition> violated(ModelProto m, Path model, Map<String, Long> binding) {
        try {
            ShapeSolver solver = Backend.NATIVE.create();
            ImportResult open = Importer.translate(m, model.toString(), Map.of(), solver).solve(solver, SolveOptions.defaults());
            if (!open.succeeded()) return List.of();
            return open.requires().stream().filter(c -> binding.keySet().containsAll(c.left().vars())
                    && binding.keySet().containsAll(c.right().vars()) && !c.holds(binding)).toList();
        } catch (RuntimeException e) { // the domain is an explanation only: the contradiction below is the refusal
            return List.of();
        }
    }
}
