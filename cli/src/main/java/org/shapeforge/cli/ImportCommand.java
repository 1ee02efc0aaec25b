package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Imported;
import org.shapeforge.onnx.Importer;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.ShpEmitter;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge import MODEL.onnx [--json] [--emit shc|shp]}: the ONNX graph as constraints
 * (docs/onnx.md), solved natively; prints every value's inferred shape, or the shape error
 * naming the node; {@code --emit shp} prints an equivalent program ({@link ShpEmitter}) or refuses
 * naming the node it cannot express (exit 2). Exit 0 inferred, 1 shape mismatch, 2 malformed file or unsupported op, 3 unknown.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import an ONNX model: inferred shapes of every value, or the node that breaks them.")
public final class ImportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "MODEL", description = "the .onnx file")
    Path file;

    @Option(names = "--timeout-ms", paramLabel = "T", description = "bound the whole command (exit 3, unknown (timeout))")
    long timeoutMs;

    @Option(names = "--json", description = "print one JSON document")
    boolean json;

    @Option(names = "--emit", paramLabel = "FORMAT", description = "print the generated constraints (shc) or an equivalent .shp program (shp) instead")
    String emit;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            if (emit != null && !emit.equals("shc") && !emit.equals("shp"))
                throw new ShapeError("usage", null, "--emit takes 'shc' (the constraints) or 'shp' (a program, where the"
                        + " program language expresses the graph)");
            NativeSolver solver = new NativeSolver();
            var model = Model.load(file);
            Imported im = Importer.translate(model, file.toString(), Map.of(), solver);
            if ("shc".equals(emit)) {
                out.print(im.shc());
                out.flush();
                return Cli.OK;
            }
            ImportResult r = im.solve(solver, SolveOptions.defaults());
            if ("shp".equals(emit) && r.succeeded()) {
                out.print(ShpEmitter.emit(model, r.shapes(), file.toString()));
                out.flush();
                return Cli.OK;
            }
            if (json) out.println(Cli.json(toJson(r)));
            else out.print(text(r));
            out.flush();
            if (r.succeeded()) return Cli.OK;
            return r.failure().kind().equals("unknown") ? 3 : Cli.NEGATIVE;
        } catch (ShapeError e) {
            if (!json) throw e;
            ObjectNode doc = Cli.JSON.createObjectNode();
            doc.putObject("error").put("kind", e.code()).put("message", e.getMessage()).put("location", e.span().toString());
            out.println(Cli.json(doc));
            out.flush();
            return Cli.BAD_INPUT;
        }
    }

    static ObjectNode toJson(ImportResult r) {
        ObjectNode doc = Cli.JSON.createObjectNode();
        ObjectNode vs = doc.putObject("values");
        r.shapes().forEach((name, dims) -> {
            ArrayNode a = vs.putObject(name).putArray("shape");
            dims.forEach(a::add);
        });
        if (r.succeeded()) doc.putNull("failure");
        else {
            ObjectNode f = doc.putObject("failure");
            f.put("kind", r.failure().kind()).put("message", r.failure().message());
            ArrayNode cs = f.putArray("constraints");
            r.failure().constraints().forEach(cs::add);
            ArrayNode ns = f.putArray("nodes");
            r.failure().nodes().forEach(ns::add);
        }
        return doc;
    }

    static String text(ImportResult r) {
        StringBuilder sb = new StringBuilder();
        if (r.succeeded()) {
            int w = r.shapes().keySet().stream().mapToInt(String::length).max().orElse(1);
            r.shapes().forEach((n, d) -> sb.append(String.format("%-" + w + "s  [%s]%n", n, String.join(", ", d))));
            return sb.toString();
        }
        sb.append("fail ").append(r.failure().kind()).append(": ").append(r.failure().message()).append('\n');
        for (String c : r.failure().constraints()) sb.append("  ").append(c).append('\n');
        return sb.toString();
    }
}
