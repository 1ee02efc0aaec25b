package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.cli.ImportMutationTest.floats;
import static org.shapeforge.cli.ImportMutationTest.i;
import static org.shapeforge.cli.ImportMutationTest.ints;
import static org.shapeforge.cli.ImportMutationTest.model;
import static org.shapeforge.cli.ImportMutationTest.node;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.onnx.ImportFailureKind;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Imported;
import org.shapeforge.onnx.Importer;
import org.shapeforge.onnx.InferredDim;
import org.shapeforge.onnx.fallback.AxisNote;
import org.shapeforge.onnx.fallback.FallbackShapes;
import org.shapeforge.onnx.fallback.SmtBudget;
import org.shapeforge.onnx.fallback.SymbolicFallback;
import org.shapeforge.oracle.Backend;
import org.shapeforge.oracle.Verified;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.sym.SymSize;

/**
 * The {@code import --verified} fallback keeps symbols: forced ({@code --smt-shapes}, so the test
 * does not depend on what native happens to refuse), Z3 alone derives every axis as a proved form
 * of the dim_params, flags the answer, and agrees with native; an axis the inputs do not
 * determine is {@code ?} with the proof; a native answer Z3 refutes is an error, not a silent pick.
 */
class SymbolicFallbackTest {
    @TempDir
    Path dir;

    /** A graph input whose axes are dim_params (String), sizes (Long) or neither (null). */
    static ValueInfoProto input(String name, Object... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (Object d : dims) {
            TensorShapeProto.Dimension.Builder b = TensorShapeProto.Dimension.newBuilder();
            if (d instanceof String p) b.setDimParam(p);
            else if (d instanceof Long n) b.setDimValue(n);
            s.addDim(b);
        }
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(s))).build();
    }

    /** Two strided convolutions over dynamic height and width, Flattens after them, and two Concats along dynamic sequence axes. */
    static ModelProto strided() {
        var conv = List.of(ints("strides", 2, 2), ints("pads", 1, 1, 1, 1), ints("kernel_shape", 3, 3));
        return model(GraphProto.newBuilder().setName("strided")
                .addInput(input("x", "batch", 3L, "height", "width")).addInput(input("a", "batch", "seq", 16L))
                .addInput(input("b", "batch", "mem", 16L))
                .addInitializer(floats("W1", 8, 3, 3, 3)).addInitializer(floats("W2", 8, 8, 3, 3))
                .addNode(node("c1", "Conv", List.of("x", "W1"), List.of("c"), conv.toArray(new onnx.Onnx.AttributeProto[0])))
                .addNode(node("c2", "Conv", List.of("c", "W2"), List.of("d"), conv.toArray(new onnx.Onnx.AttributeProto[0])))
                .addNode(node("flat", "Flatten", List.of("d"), List.of("f"), i("axis", 1)))
                .addNode(node("flat2", "Flatten", List.of("x"), List.of("g"), i("axis", 1)))
                .addNode(node("cat", "Concat", List.of("a", "b"), List.of("ab"), i("axis", 1)))
                .addNode(node("cat2", "Concat", List.of("ab", "a"), List.of("aba"), i("axis", 1)))
                .addOutput(ValueInfoProto.newBuilder().setName("f")).addOutput(ValueInfoProto.newBuilder().setName("g")).addOutput(ValueInfoProto.newBuilder().setName("aba")));
    }

    static final Map<String, String> EXPECTED = Map.of(
            "c", "[\"batch\",\"8\",\"(height + 1) // 2\",\"(width + 1) // 2\"]",
            "d", "[\"batch\",\"8\",\"(height + 3) // 4\",\"(width + 3) // 4\"]",
            "f", "[\"batch\",\"((height + 3) // 4) * ((width + 3) // 4) * 8\"]",
            "g", "[\"batch\",\"height * width * 3\"]",
            "ab", "[\"batch\",\"mem + seq\",\"16\"]",
            "aba", "[\"batch\",\"mem + seq * 2\",\"16\"]");

    private Path write(String name, ModelProto m) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, m.toByteArray());
        return f;
    }

    @Test
    void theForcedFallbackDerivesEveryAxisSymbolicallyAndFlagsIt() throws Exception {
        Path f = write("strided.onnx", strided());
        CliRun r = CliRun.of("import", f.toString(), "--smt-shapes", "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertTrue(doc.get("fallback").asBoolean(), r.out());
        assertEquals("smt", doc.get("source").asText(), r.out());
        EXPECTED.forEach((v, shape) -> assertEquals(shape, doc.at("/values/" + v + "/shape").toString(), v + ": " + r.out()));
        assertEquals("[]", doc.get("undetermined").toString(), r.out());
        // every axis from Z3's own guesses and proofs: none needed native's answer as a seed
        assertEquals(0, doc.get("seededAxes").asInt(), r.out());
        CliRun nat = CliRun.of("import", f.toString(), "--json");
        JsonNode n = Cli.JSON.readTree(nat.out());
        EXPECTED.forEach((v, shape) -> assertEquals(shape, n.at("/values/" + v + "/shape").toString(), "native " + v + ": " + nat.out()));
        CliRun text = CliRun.of("import", f.toString(), "--smt-shapes");
        assertTrue(text.out().startsWith("fallback: Z3 answered (forced by --smt-shapes; native: sat)\n"), text.out());
    }

    private static Imported imported(ModelProto m) {
        return Importer.translate(m, "m.onnx", Map.<String, TensorProto>of(), Backend.NATIVE.create());
    }

    private static Outcome.Sat smtModel(Imported im) {
        Verified.Result v = Verified.forcedFallback(im.problem(), 5_000);
        assertTrue(v.fallback(), v.toString());
        return (Outcome.Sat) v.outcome();
    }

    @Test
    void aNativeAnswerZ3RefutesIsADisagreementNamingTheAxisAndAWitness() {
        Imported im = imported(strided());
        ImportResult nat = im.solve(Backend.NATIVE.create(), SolveOptions.defaults());
        Map<String, List<InferredDim>> wrong = new LinkedHashMap<>(nat.values());
        List<InferredDim> c = new java.util.ArrayList<>(wrong.get("c"));
        c.set(2, InferredDim.of(SymSize.name("height").floorDiv(2))); // planted: height // 2 instead of (height + 1) // 2
        wrong.put("c", c);
        FallbackShapes fb = SymbolicFallback.derive(im, smtModel(im).model(), Backend.SMT.create(), SmtBudget.within(5_000),
                Optional.of(new ImportResult(wrong, null)));
        assertEquals(1, fb.disagreements().size(), fb.disagreements().toString());
        var d = fb.disagreements().getFirst();
        assertEquals("c", d.value());
        assertEquals(2, d.axis());
        assertEquals("height // 2", d.nativeSize());
        assertEquals("(height + 1) // 2", d.smt());
        assertTrue(d.witness().startsWith("a solution with {"), d.witness());
        assertEquals(ImportFailureKind.DISAGREEMENT, fb.result().failure().kind());
        assertEquals(4, ImportCommand.exit(fb.result().failure()));
        // native's own answer agrees: no disagreement
        FallbackShapes ok = SymbolicFallback.derive(im, smtModel(im).model(), Backend.SMT.create(), SmtBudget.within(5_000), Optional.of(nat));
        assertEquals(List.of(), ok.disagreements());
    }

    @Test
    void anAxisTheInputsDoNotDetermineIsUnknownWithTheProofAndABudgetThatRunsOutSaysSo() {
        // y's second axis has neither dim_value nor dim_param: no function of batch
        Imported im = imported(model(GraphProto.newBuilder().setName("free").addInput(input("x", "batch", null))
                .addNode(node("r", "Relu", List.of("x"), List.of("y"))).addOutput(ValueInfoProto.newBuilder().setName("y"))));
        FallbackShapes fb = SymbolicFallback.derive(im, smtModel(im).model(), Backend.SMT.create(), SmtBudget.within(5_000), Optional.empty());
        assertEquals("{x=[batch, ?], y=[batch, ?]}", fb.result().shapes().toString());
        assertEquals(List.of(AxisNote.Reason.NOT_DETERMINED, AxisNote.Reason.NOT_DETERMINED),
                fb.notes().stream().map(AxisNote::reason).toList(), fb.notes().toString());
        assertTrue(fb.notes().getFirst().detail().matches("at \\{batch=\\d+} it is \\d+ in one solution, \\d+ in another"), fb.notes().toString());
        // no queries left: what the constraints state outright (c's batch axis = batch, its channels = 8)
        // needs none; every axis that needs a proof stays ? and says why
        Imported s = imported(strided());
        FallbackShapes none = SymbolicFallback.derive(s, smtModel(s).model(), Backend.SMT.create(), new SmtBudget(1000, 5_000, 0), Optional.empty());
        assertEquals("[batch, 3, height, width]", none.result().shapes().get("x").toString());
        assertEquals("[batch, 8, ?, ?]", none.result().shapes().get("c").toString());
        assertEquals(AxisNote.Reason.BUDGET, none.notes().getFirst().reason(), none.notes().toString());
        assertEquals(0, none.queries());
    }
}
