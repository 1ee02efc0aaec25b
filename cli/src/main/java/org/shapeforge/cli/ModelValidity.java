package org.shapeforge.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import org.shapeforge.onnx.GraphRules;
import org.shapeforge.onnx.ImportError;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Importer;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.oracle.Backend;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

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
 * (policy, unknown) — refuses nothing: the run goes on, as nothing shows the graph invalid.
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
        if (json) out.println(Cli.json(ImportCommand.toJson(r)));
        else out.print(ImportCommand.text(r));
        out.flush();
        return OptionalInt.of(code);
    }
}
