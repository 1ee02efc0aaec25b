package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.NotExpressible;
import org.shapeforge.onnx.values.Value;

/**
 * {@code shapeforge run model.onnx --inputs DIR [--json]}: the model's graph inputs bound, in graph
 * order, to {@code DIR/input_k.pb} (TensorProtos, as in ONNX's test data), every node run through
 * generated C ({@link GraphRun}); each graph output printed, and compared with {@code DIR/output_k.pb}
 * where present (normwise relative error within 1e-4). Exit 0 when every compared output passes,
 * 1 otherwise, 2 for bad input or a node code generation cannot express (named in the message).
 */
final class OnnxRun {
    private OnnxRun() {}

    static int call(Path model, Path dir, boolean json, PrintWriter out) {
        String file = model.toString();
        try {
            if (dir == null) throw new ShapeError("usage", new Span(file, 0, 0), file
                    + ": a model needs --inputs DIR (a folder of input_k.pb TensorProtos, optionally output_k.pb to compare with)");
            if (!Files.isDirectory(dir)) throw new ShapeError("io", new Span(dir.toString(), 0, 0), dir + ": not a directory");
            ModelProto m = Model.load(model);
            Map<String, Value> given = GraphRun.readInputs(m, dir);
            List<String> names = GraphRun.inputs(m);
            for (int k = 0; k < names.size(); k++)
                if (!given.containsKey(names.get(k)))
                    throw new ShapeError("io", new Span(dir.toString(), 0, 0), dir + ": graph input '" + names.get(k) + "' needs input_"
                            + k + ".pb");
            Kernels kernels = Kernels.system();
            List<GraphRun.Output> outs = GraphRun.compare(m, GraphRun.run(m, given, kernels), dir);
            boolean passed = outs.stream().allMatch(GraphRun.Output::passed);
            print(outs, kernels.runs(), passed, json, out);
            return passed ? Cli.OK : Cli.NEGATIVE;
        } catch (NotExpressible e) {
            return error(new ShapeError("unsupported", new Span(file, 0, 0), file + ": " + e.getMessage()), json, out);
        } catch (CodegenException e) {
            return error(new ShapeError("codegen", new Span(file, 0, 0), e.getMessage()), json, out);
        } catch (IllegalArgumentException e) {
            return error(new ShapeError("onnx", new Span(file, 0, 0), file + ": " + e.getMessage()), json, out);
        } catch (ShapeError e) {
            return error(e, json, out);
        }
    }

    private static int error(ShapeError e, boolean json, PrintWriter out) {
        if (!json) throw e;
        ObjectNode doc = Cli.JSON.createObjectNode();
        doc.putObject("error").put("kind", e.code()).put("message", e.getMessage()).put("location", e.span().toString());
        out.println(Cli.json(doc));
        out.flush();
        return Cli.BAD_INPUT;
    }

    private static void print(List<GraphRun.Output> outs, int kernels, boolean passed, boolean json, PrintWriter out) {
        if (json) {
            ObjectNode doc = Cli.JSON.createObjectNode();
            doc.put("kernels", kernels).put("tolerance", GraphRun.TOLERANCE).put("passed", passed);
            ObjectNode os = doc.putObject("outputs");
            for (GraphRun.Output o : outs) {
                ObjectNode n = os.putObject(o.name());
                ArrayNode d = n.putArray("dims");
                o.value().dims().forEach(d::add);
                ArrayNode v = n.putArray("values");
                for (double x : o.value().data()) v.add(x);
                if (o.compared()) n.put("maxAbs", o.maxAbs()).put("maxRel", o.maxRel()).put("passed", o.passed());
            }
            out.println(Cli.json(doc));
        } else {
            for (GraphRun.Output o : outs) {
                out.print(o.name() + " " + o.value().dims().toString().replace(" ", "") + ": " + preview(o.value().data()));
                if (o.compared())
                    out.printf("   max abs %.3e, max rel %.3e  %s", o.maxAbs(), o.maxRel(), o.passed() ? "ok"
                            : "FAIL" + (o.expectedDims().equals(o.value().dims()) ? "" : " (expected dims " + o.expectedDims() + ")"));
                out.println();
            }
            long compared = outs.stream().filter(GraphRun.Output::compared).count();
            out.println(kernels + " kernels run through generated C" + (compared == 0 ? "; no output_k.pb to compare with"
                    : (passed ? "; passed: " : "; FAILED: ") + outs.stream().filter(o -> o.compared() && o.passed()).count() + "/"
                    + compared + " outputs within " + GraphRun.TOLERANCE + " relative error"));
        }
        out.flush();
    }

    private static String preview(double[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < Math.min(v.length, 8); i++) sb.append(i == 0 ? "" : ", ").append(String.format("%.6g", v[i]));
        return sb.append(v.length > 8 ? ", … (" + v.length + " values)]" : "]").toString();
    }
}
