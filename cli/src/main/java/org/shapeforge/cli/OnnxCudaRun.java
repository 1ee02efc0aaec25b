package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import org.shapeforge.codegen.cuda.PtxCompiler;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.values.CudaModelRun;
import org.shapeforge.onnx.values.CudaOutcome;
import org.shapeforge.onnx.values.CudaTarget;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.NotExpressible;
import org.shapeforge.onnx.values.OverBudget;
import org.shapeforge.onnx.values.RunInputs;
import org.shapeforge.onnx.values.Value;

/**
 * {@code shapeforge run model.onnx --inputs DIR --target cuda} (issue 29): every kernel of the model
 * emitted as CUDA and compiled with nvcc/ptxas ({@link CudaTarget}). On a GPU the whole model runs
 * there, and each output is compared with generated C's and with {@code DIR/output_k.pb} where
 * present. Without one every kernel is compiled only and the values are C's.
 *
 * <p>Exit 0: every kernel ran on the GPU, and every output is within {@link GraphRun#TOLERANCE} of
 * C's and of {@code output_k.pb}. Exit 1: an output off, or a kernel the CUDA emitter refused or
 * the CUDA compiler rejected (it ran through C instead; both are counted and named). Exit 3: no GPU
 * here, every kernel compiled and C's outputs pass, so whether CUDA's values agree is unknown (not a
 * failure of the model). Exit 2: bad input as for {@code run --target c}, or no nvcc/ptxas.
 */
final class OnnxCudaRun {
    private OnnxCudaRun() {}

    static int call(Path model, Path dir, boolean json, String maxMemory, PrintWriter out) {
        String file = model.toString();
        try {
            long budget = maxMemory == null ? Kernels.defaultBudget() : OnnxRun.size(maxMemory);
            if (dir == null) throw new ShapeError("usage", new Span(file, 0, 0), file
                    + ": a model needs --inputs DIR (a folder of input_k.pb TensorProtos, optionally output_k.pb to compare with)");
            if (!Files.isDirectory(dir)) throw new ShapeError("io", new Span(dir.toString(), 0, 0), dir + ": not a directory");
            ModelProto m = Model.load(model);
            ModelValidity.rules(m, model);
            Map<String, Value> given = RunInputs.read(m, dir);
            var refused = ModelValidity.refusal(m, model, dir, json, out);
            if (refused.isPresent()) return refused.getAsInt();
            CCompiler cc = CCompiler.system();
            try (CudaTarget target = CudaTarget.open(cc)) {
                CudaModelRun.Report r = CudaModelRun.execute(m, given, target, cc, budget);
                List<GraphRun.Output> outs = GraphRun.compare(m, r.result().outputs(), dir);
                boolean valuesPass = outs.stream().allMatch(o -> !o.compared() || o.passed()) && r.agreesWithC();
                int code = !valuesPass || !r.allCompiled() ? Cli.NEGATIVE : r.notRun().isPresent() ? Cli.UNKNOWN : Cli.OK;
                if (json) printJson(r, outs, code, out);
                else printText(r, outs, code, out);
                return code;
            }
        } catch (OverBudget | NotExpressible | CodegenException | IllegalArgumentException e) {
            throw OnnxRun.failure(file, e);
        }
    }

    private static void printText(CudaModelRun.Report r, List<GraphRun.Output> outs, int code, PrintWriter out) {
        for (int i = 0; i < outs.size(); i++) {
            GraphRun.Output o = outs.get(i);
            out.print(o.name() + " " + o.value().dims().toString().replace(" ", ""));
            if (o.compared()) out.printf(": vs %s max rel %.3e %s", "output_k.pb", o.maxRel(), o.passed() ? "ok" : "FAIL");
            if (!r.againstC().isEmpty()) {
                GraphRun.Output c = r.againstC().get(i);
                out.printf("; vs generated C max rel %.3e %s", c.maxRel(), c.passed() ? "ok" : "FAIL");
            }
            out.println();
        }
        long n = r.kernels().size(), refused = r.count(CudaOutcome.Refused.class), rejected = r.count(CudaOutcome.Rejected.class);
        String where = r.device().map(d -> r.count(CudaOutcome.Ran.class) + " ran on " + d)
                .orElse(r.count(CudaOutcome.Compiled.class) + " compiled to PTX for " + PtxCompiler.ARCH + " (checked by ptxas)");
        out.println("CUDA: " + n + " kernels: " + where + ", " + refused + " refused" + (refused == 0 ? "" : " " + r.refusals())
                + ", " + rejected + " rejected by nvcc/ptxas (" + r.compilations() + " sources compiled, the rest cached)");
        for (CudaOutcome o : r.kernels()) {
            switch (o) {
                case CudaOutcome.Refused(String op, var why) -> out.println("  refused " + op + ": " + why.message());
                case CudaOutcome.Rejected(String op, String msg) -> out.println("  rejected " + op + ": " + firstLines(msg));
                case CudaOutcome.Ran ran -> {}
                case CudaOutcome.Compiled compiled -> {}
            }
        }
        out.println(switch (code) {
            case Cli.OK -> "passed: the whole model ran on the GPU and agrees with generated C"
                    + (outs.stream().anyMatch(GraphRun.Output::compared) ? " and with output_k.pb" : "");
            case Cli.UNKNOWN -> "not run: " + r.notRun().orElseThrow() + "; every kernel compiled, the values above are generated C's"
                    + " (exit 3: whether CUDA's values agree is unknown here)";
            default -> "FAILED: " + (r.allCompiled() ? "" : (refused + rejected) + " kernels fell back to generated C; ")
                    + (outs.stream().allMatch(o -> !o.compared() || o.passed()) && r.agreesWithC() ? "outputs within tolerance"
                    : "an output is outside " + GraphRun.TOLERANCE + " relative error");
        });
        out.flush();
    }

    private static void printJson(CudaModelRun.Report r, List<GraphRun.Output> outs, int code, PrintWriter out) {
        ObjectNode doc = Cli.JSON.createObjectNode();
        doc.put("target", "cuda").put("passed", code == Cli.OK).put("ranOnGpu", r.notRun().isEmpty());
        r.device().ifPresent(d -> doc.put("device", d));
        r.notRun().ifPresent(why -> doc.put("notRun", why));
        ObjectNode k = doc.putObject("kernels");
        k.put("total", r.kernels().size()).put("ran", r.count(CudaOutcome.Ran.class)).put("compiled", r.count(CudaOutcome.Compiled.class))
                .put("refused", r.count(CudaOutcome.Refused.class)).put("rejected", r.count(CudaOutcome.Rejected.class))
                .put("compilations", r.compilations());
        ObjectNode reasons = k.putObject("refusals");
        r.refusals().forEach((reason, n) -> reasons.put(reason.name(), n));
        ArrayNode fallbacks = k.putArray("fellBack");
        for (CudaOutcome o : r.kernels()) {
            switch (o) {
                case CudaOutcome.Refused(String op, var why) -> fallbacks.addObject().put("operation", op).put("reason", why.reason().name())
                        .put("message", why.message());
                case CudaOutcome.Rejected(String op, String msg) -> fallbacks.addObject().put("operation", op).put("reason", "REJECTED")
                        .put("message", msg);
                case CudaOutcome.Ran ran -> {}
                case CudaOutcome.Compiled compiled -> {}
            }
        }
        ObjectNode os = doc.putObject("outputs");
        for (int i = 0; i < outs.size(); i++) {
            GraphRun.Output o = outs.get(i);
            ObjectNode n = os.putObject(o.name());
            ArrayNode d = n.putArray("dims");
            o.value().dims().forEach(d::add);
            if (o.compared()) n.put("maxRel", o.maxRel()).put("passed", o.passed());
            if (!r.againstC().isEmpty()) {
                GraphRun.Output c = r.againstC().get(i);
                n.putObject("againstC").put("maxAbs", c.maxAbs()).put("maxRel", c.maxRel()).put("passed", c.passed());
            }
        }
        out.println(Cli.json(doc));
        out.flush();
    }

    private static String firstLines(String s) {
        List<String> lines = s.lines().limit(4).toList();
        return String.join("\n    ", lines);
    }
}
