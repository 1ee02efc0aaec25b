package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import onnx.Onnx.ModelProto;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.onnx.AnnotatedModel;
import org.shapeforge.onnx.Gap;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Imported;
import org.shapeforge.onnx.Importer;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.Names;
import org.shapeforge.onnx.NodeOrigin;
import org.shapeforge.onnx.OnnxDot;
import org.shapeforge.onnx.ShpEmitter;
import org.shapeforge.onnx.certificate.Certificate;
import org.shapeforge.onnx.certificate.Certifier;
import org.shapeforge.onnx.fallback.AxisNote;
import org.shapeforge.onnx.fallback.FallbackShapes;
import org.shapeforge.onnx.fallback.SmtBudget;
import org.shapeforge.onnx.fallback.SymbolicFallback;
import org.shapeforge.oracle.Backend;
import org.shapeforge.oracle.Verified;
import org.shapeforge.oracle.render.OutcomeView;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code shapeforge import MODEL.onnx [--json] [--emit shc|shp] [--verified] [-o ANNOTATED.onnx] [--certificate DIR] [--dot] [--svg FILE]}: the ONNX graph as constraints
 * (docs/onnx.md), solved natively ({@code --verified}: re-checked, and on a policy failure or unknown
 * answered by Z3 through {@link Verified}, flagged {@code "fallback": true}, every axis proved as a form of the dim_params
 * by {@link SymbolicFallback}); prints every value's inferred shape, or the shape error
 * naming the node and, for a model whose exporter recorded them, where in the user's Python each
 * node involved was made ({@code model.py:42 in forward (enc.attn)}; {@code --json}: each node's
 * {@code source}, {@link NodeJson}); {@code --emit shp} prints an equivalent program ({@link ShpEmitter}) or refuses
 * naming the node it cannot express (exit 2); {@code -o} writes the model with the inferred shapes
 * ({@link AnnotatedModel}); the domain where the shapes hold is printed as {@code requires …} lines
 * ({@code --json}: a {@code requires} array; the annotated model: a {@code metadata_props} entry). Exit 0
 * inferred — also with gaps (sizes known only at run time, an unsupported op's outputs), listed after the
 * shapes and in {@code --json}'s {@code gaps} —, 1 shape mismatch, 2 malformed file, 3 unknown, 4 native
 * and Z3 disagree ({@code --verified}, {@code --smt-shapes}: a bug). {@code --certificate DIR} writes
 * SMT-LIB scripts that re-check the answer with a plain {@code z3} ({@link Certifier}, docs/onnx.md
 * "Certificates"); a native policy failure or unknown is handed to Z3 first ({@link Verified}), whose
 * minimal core the certificate holds where it proves the mismatch; a failure that proves nothing has
 * none (a note on stderr; {@code --json}: null).
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import an ONNX model: inferred shapes of every value, or the node that breaks them.")
public final class ImportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "MODEL", description = "the .onnx file")
    Path file;

    @Mixin
    TimeoutOption timeout;

    @Mixin
    JsonOption json;

    @Option(names = "--verified", description = "native, re-checked by the evaluator; on a policy failure or unknown, Z3 within"
            + " --smt-budget-ms (the answer flagged fallback)")
    boolean verified;

    @Option(names = "--smt-shapes", description = "take the Z3 fallback even where native answers (a check of the fallback):"
            + " every shape derived by Z3, and where native answered an axis too the two must agree (exit 4 otherwise)")
    boolean smtShapes;

    @Mixin
    SmtBudgetOption smtBudget;

    @Option(names = "--shapes-budget-ms", defaultValue = "60000", paramLabel = "T", description = "how long the Z3 fallback may spend"
            + " proving the shapes, each query within min(2 s, T) (default 60000)")
    long shapesBudget;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write the model annotated with every value's inferred shape"
            + " (value_info and the graph outputs' types; symbolic dims as dim_param) to FILE")
    Path annotated;

    @Option(names = "--certificate", paramLabel = "DIR", description = "write SMT-LIB scripts to DIR that re-check the answer with"
            + " a plain `z3 FILE` (each opens with `; expect: sat|unsat`; DIR/manifest.tsv lists them): the constraints, the"
            + " requires domain, every inferred axis as an entailment query; for a shape error, its core")
    Path certificate;

    @Option(names = "--dot", description = "print the graph as Graphviz DOT: edges labelled with values' inferred shapes, a failure's nodes red")
    boolean dot;

    @Option(names = "--svg", paramLabel = "FILE", description = "render the --dot graph to FILE with Graphviz's dot")
    Path svg;

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
            if (dot && json.on) throw new ShapeError("usage", null, "--dot prints DOT text; --json a JSON document: give one of them");
            if ("shc".equals(emit) && certificate != null)
                throw new ShapeError("usage", null, "--emit shc prints the constraints; --certificate checks an answer: give one of them");
            if (emit != null && annotated != null)
                throw new ShapeError("usage", null, "-o writes the annotated model; --emit prints text instead: give one of them");
            ShapeSolver solver = Backend.NATIVE.create();
            var model = Model.load(file);
            Imported im = Importer.translate(model, file.toString(), Map.of(), solver);
            if ("shc".equals(emit)) {
                out.print(im.shc());
                out.flush();
                return Cli.OK;
            }
            ImportResult r;
            Verified.Result checked = null;
            FallbackShapes derived = null;
            if (verified || smtShapes) {
                checked = smtShapes ? Verified.forcedFallback(im.problem(), smtBudget.millis) : Verified.solve(im.problem(), smtBudget.millis);
                if (checked.fallback() && checked.outcome() instanceof Outcome.Sat s) {
                    // Z3's model fixes the dim_params (batch = 1): every axis is proved as a form of them (SymbolicFallback)
                    Optional<ImportResult> nat = checked.nativeOutcome().filter(Outcome.Sat.class::isInstance).map(im::result);
                    derived = SymbolicFallback.derive(im, s.model(), Backend.SMT.create(), SmtBudget.within(shapesBudget), nat);
                    r = derived.result();
                } else r = im.result(checked.outcome());
            } else {
                Outcome nat = solver.solve(im.problem(), SolveOptions.defaults());
                r = im.result(nat);
                if (certificate != null && nat instanceof Outcome.Unknown && !r.succeeded() && !r.failure().kind().provesInconsistent()) {
                    // a policy failure or unknown proves nothing to certify: Z3 (within --smt-budget-ms) may prove the
                    // mismatch, with its minimal core, which the certificate then holds (flagged as Z3's answer)
                    Verified.Result z = Verified.after(im.problem(), nat, smtBudget.millis);
                    if (z.fallback() && z.outcome() instanceof Outcome.Unsat) {
                        checked = z;
                        r = im.result(z.outcome());
                    }
                }
            }
            Optional<Certificate> cert = certificate == null ? Optional.empty() : certify(im, r);
            if ("shp".equals(emit) && r.succeeded()) {
                out.print(ShpEmitter.emit(model, r.values(), file.toString()));
                out.flush();
                return Cli.OK;
            }
            if (annotated != null && r.succeeded()) write(AnnotatedModel.of(model, r));
            if (svg != null) InferCommand.svg(OnnxDot.of(model, r, file.toString()), svg);
            if (dot) {
                out.print(OnnxDot.of(model, r, file.toString()));
                out.flush();
                return r.succeeded() ? Cli.OK : exit(r.failure());
            }
            if (json.on) {
                ObjectNode doc = toJson(r);
                if (annotated != null && r.succeeded()) doc.put("annotated", annotated.toString());
                if (certificate != null) doc.put("certificate", cert.isPresent() ? certificate.toString() : null);
                if (checked != null) doc.put("fallback", checked.fallback()).put("source", checked.fallback() ? "smt" : "native");
                if (derived != null) fallbackJson(doc, derived);
                out.println(Cli.json(doc));
            } else {
                if (checked != null && checked.fallback())
                    out.print("fallback: Z3 answered (" + (smtShapes ? "forced by --smt-shapes; " : "") + "native: "
                            + checked.nativeOutcome().map(OutcomeView::headline).orElse("?") + ")\n");
                out.print(text(r));
                if (derived != null) derived.notes().forEach(n -> out.print("? " + n.line() + "\n"));
            }
            out.flush();
            if (r.succeeded()) return Cli.OK;
            return exit(r.failure());
        } catch (ShapeError e) {
            if (!json.on) throw e;
            out.println(Cli.json(ErrorDoc.of(e).json()));
            out.flush();
            return Cli.BAD_INPUT;
        }
    }

    /**
     * The certificate of {@code r} written to {@link #certificate} (a note on stderr, but with
     * {@code --json}); empty, with a note, for a failure that proves nothing.
     */
    private Optional<Certificate> certify(Imported im, ImportResult r) {
        Optional<Certificate> c = Certifier.of(im, r, Backend.SMT.create(), SolveOptions.defaults());
        c.ifPresent(x -> x.write(certificate));
        if (!json.on) spec.commandLine().getErr().println(c.map(x -> "certificate written to " + certificate + " (" + x.files().size()
                + " files; re-check each with `z3 FILE` against its first line)")
                .orElseGet(() -> "no certificate: a " + r.failure().kind() + " failure proves nothing to re-check"));
        return c;
    }

    /** The fallback's account: why each {@code ?} axis stayed so, and its query count. */
    private static void fallbackJson(ObjectNode doc, FallbackShapes d) {
        ArrayNode u = doc.putArray("undetermined");
        for (AxisNote n : d.notes())
            u.addObject().put("value", n.value()).put("axis", n.axis()).put("reason", n.reason().name().toLowerCase(Locale.ROOT))
                    .put("detail", n.detail());
        doc.put("smtQueries", d.queries()).put("seededAxes", d.seeded());
    }

    /** Writes the annotated model to {@link #annotated}; an unwritable path is an {@code io} error (exit 2). */
    private void write(ModelProto m) {
        try {
            Files.write(annotated, m.toByteArray());
        } catch (IOException e) {
            throw new ShapeError("io", null, annotated + ": cannot write the annotated model (" + e.getMessage() + ")");
        }
        if (!json.on) spec.commandLine().getErr().println("annotated model written to " + annotated);
    }

    /**
     * Exit code of a failure per cli.md, as {@code solve}'s: 1 only for a proof (semantic, unsat),
     * 2 for an input the solver rejects (error), 3 for what is no proof (policy, bounded, unknown).
     */
    static int exit(ImportResult.Failure f) {
        return switch (f.kind()) {
            case SEMANTIC, UNSAT -> Cli.NEGATIVE;
            case ERROR -> Cli.BAD_INPUT;
            case DISAGREEMENT -> Cli.INTERNAL;
            case POLICY, BOUNDED, UNKNOWN -> Cli.UNKNOWN;
        };
    }

    static ObjectNode toJson(ImportResult r) {
        ObjectNode doc = Cli.JSON.createObjectNode();
        ObjectNode vs = doc.putObject("values");
        r.shapes().forEach((name, dims) -> {
            ArrayNode a = vs.putObject(name).putArray("shape");
            dims.forEach(a::add);
        });
        ArrayNode rq = doc.putArray("requires");
        r.requires().forEach(c -> rq.add(c.toString()));
        ArrayNode gaps = doc.putArray("gaps");
        for (Gap g : r.gaps()) {
            ObjectNode o = gaps.addObject();
            o.put("node", g.node().node()).put("index", g.node().index()).put("op", g.node().opType()).put("value", g.value());
            if (g.axis().isPresent()) o.put("axis", g.axis().getAsInt());
            else o.putNull("axis");
            o.put("kind", g.kind().keyword()).put("extent", g.extent().isEmpty() ? null : g.extent());
            g.bound().ifPresentOrElse(b -> o.put("bound", b), () -> o.putNull("bound"));
            g.computed().ifPresentOrElse(c -> o.put("computed", c.printed()), () -> o.putNull("computed"));
            o.put("why", g.why());
        }
        if (r.succeeded()) doc.putNull("failure");
        else {
            ObjectNode f = doc.putObject("failure");
            f.put("kind", r.failure().kind().keyword()).put("message", r.failure().message());
            ArrayNode cs = f.putArray("constraints");
            r.failure().constraints().forEach(cs::add);
            ArrayNode ns = f.putArray("nodes");
            r.failure().nodes().forEach(ns::add);
            ArrayNode inv = f.putArray("involved");
            r.failure().involved().forEach(n -> NodeJson.put(inv.addObject(), n));
            r.failure().blamed().ifPresentOrElse(n -> NodeJson.put(f.putObject("node"), n), () -> f.putNull("node"));
        }
        return doc;
    }

    static String text(ImportResult r) {
        StringBuilder sb = new StringBuilder();
        if (r.succeeded()) {
            // one value a line: a name with a line break is printed escaped (Names.oneLine)
            int w = r.shapes().keySet().stream().mapToInt(n -> Names.oneLine(n).length()).max().orElse(1);
            r.shapes().forEach((n, d) -> sb.append(String.format("%-" + w + "s  [%s]%n", Names.oneLine(n),
                    String.join(", ", d))));
            r.requires().forEach(c -> sb.append("requires ").append(c).append('\n'));
            if (!r.gaps().isEmpty()) sb.append("gaps (sizes known only at run time, values of unknown rank):\n");
            for (Gap g : r.gaps()) sb.append("  ").append(Names.oneLine(g.printed())).append('\n');
            return sb.toString();
        }
        sb.append("fail ").append(r.failure().kind()).append(": ").append(r.failure().message()).append('\n');
        for (String c : r.failure().constraints()) sb.append("  ").append(c).append('\n');
        List<NodeOrigin> located = r.failure().involved().stream().filter(n -> n.source().isPresent()).toList();
        if (!located.isEmpty()) sb.append("nodes involved, in the model's Python (torch's metadata):\n");
        int w = located.stream().mapToInt(n -> n.nodeText().length()).max().orElse(0);
        for (NodeOrigin n : located)
            sb.append(String.format("  %-" + w + "s  %s%n", n.nodeText(), n.source().get().text()));
        return sb.toString();
    }
}
