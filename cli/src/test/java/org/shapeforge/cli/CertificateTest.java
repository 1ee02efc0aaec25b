package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.cli.ImportMutationTest.floats;
import static org.shapeforge.cli.ImportMutationTest.int64s;
import static org.shapeforge.cli.ImportMutationTest.ints;
import static org.shapeforge.cli.ImportMutationTest.model;
import static org.shapeforge.cli.ImportMutationTest.node;
import static org.shapeforge.cli.ImportMutationTest.value;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Imported;
import org.shapeforge.onnx.Importer;
import org.shapeforge.onnx.InferredDim;
import org.shapeforge.onnx.certificate.Certificate;
import org.shapeforge.onnx.certificate.Certifier;
import org.shapeforge.oracle.Backend;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;
import org.shapeforge.testenv.Requires;

/**
 * {@code import --certificate DIR} writes scripts that Debian's {@code z3} re-checks without
 * shapeforge: on small graphs with a domain, floor divisions and a broadcast the constraints state
 * only as an order, on a shape error (its core under its nodes), and on every model of the small
 * corpus ({@link SmallCorpus}; the whole corpus with {@code -Dshapeforge.models.dir=DIR}); each file
 * makes z3 print the verdict its first line and the manifest state. A wrong answer — an axis off by
 * one, a domain condition too strong — gets a certificate z3 refutes ({@code sat}).
 */
class CertificateTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    @TempDir
    Path dir;

    /** Debian's z3 binary: skips (fails under CI) without it. */
    private static Path z3() {
        Path z3 = Path.of("/usr/bin/z3");
        Requires.that(Files.isExecutable(z3), "no /usr/bin/z3 (apt-get install z3)");
        return z3;
    }

    /** The first line {@code z3 FILE} prints. */
    private static String verdict(Path file) throws IOException, InterruptedException {
        Path log = Files.createTempFile("z3", ".out");
        try {
            Process p = new ProcessBuilder(z3().toString(), file.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly().waitFor();
                return "z3 did not finish in 10 minutes";
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return lines.isEmpty() ? "" : lines.getFirst();
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** Every file of the manifest of {@code cert} opens with its expectation and z3 prints it; the files' kinds, in order. */
    private static List<String> rechecks(Path cert) throws IOException, InterruptedException {
        List<String> rows = Files.readAllLines(cert.resolve(Certificate.MANIFEST), StandardCharsets.UTF_8);
        assertEquals("file\tkind\texpect\tchecks", rows.getFirst());
        List<String> kinds = new ArrayList<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split("\t", -1);
            assertEquals(4, f.length, row);
            Path file = cert.resolve(f[0]);
            assertEquals("; expect: " + f[2], Files.readAllLines(file, StandardCharsets.UTF_8).getFirst(), f[0]);
            assertEquals(f[2], verdict(file), cert + "/" + f[0] + " (" + f[3] + ")");
            kinds.add(f[1]);
        }
        try (var files = Files.list(cert)) {
            assertEquals(rows.size() - 1, files.filter(p -> p.toString().endsWith(".smt2")).count(), "a script the manifest does not list");
        }
        return kinds;
    }

    private Path write(String name, ModelProto m) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, m.toByteArray());
        return f;
    }

    /**
     * {@code a = x + conv(x)} of {@code x [batch, 1, samples]} (kernel 3, pad 1): the sum's axis is
     * {@code samples} by ONNX's broadcasting, which the constraints ({@code a ⊑ x}, {@code a ⊑ conv})
     * leave free where samples is the unit 1.
     */
    static ModelProto convResidual() {
        return model(GraphProto.newBuilder().addInput(DomainModels.input("x", "batch", 1, "samples")).addInitializer(floats("W", 1, 1, 3))
                .addNode(node("conv", "Conv", List.of("x", "W"), List.of("c"), ints("kernel_shape", 3), ints("pads", 1, 1)))
                .addNode(node("add", "Add", List.of("x", "c"), List.of("a")))
                .addOutput(ValueInfoProto.newBuilder().setName("a")));
    }

    /**
     * Swin's {@code x.view(x.shape + mask.shape[2:])}: a Slice of a shape that selects nothing, an
     * empty axis printed 0 (no size, the solver does not see it), joined to the shape it extends.
     */
    static ModelProto emptySlice() {
        return model(GraphProto.newBuilder().addInput(DomainModels.input("x", "batch", 4))
                .addInitializer(int64s("two", 2)).addInitializer(int64s("end", Integer.MAX_VALUE))
                .addNode(node("shape", "Shape", List.of("x"), List.of("s")))
                .addNode(node("rest", "Slice", List.of("s", "two", "end"), List.of("e")))
                .addNode(node("cat", "Concat", List.of("s", "e"), List.of("t"), ImportMutationTest.i("axis", 0)))
                .addNode(node("view", "Reshape", List.of("x", "t"), List.of("y")))
                .addOutput(ValueInfoProto.newBuilder().setName("y")));
    }

    @Test
    void certificatesOfSymbolicAnswersRecheckWithZ3() throws Exception {
        Map<String, ModelProto> models = new LinkedHashMap<>();
        models.put("windows", DomainModels.windows());
        models.put("long-signal", DomainModels.longSignal());
        models.put("conv-residual", convResidual());
        models.put("empty-slice", emptySlice()); // an empty axis is claimed as nothing: the certificate of swin_t
        for (var m : models.entrySet()) {
            Path cert = dir.resolve(m.getKey() + "-cert");
            CliRun r = CliRun.of("import", write(m.getKey() + ".onnx", m.getValue()).toString(), "--certificate", cert.toString());
            assertEquals(Cli.OK, r.code(), r.out() + r.err());
            assertTrue(r.err().contains("certificate written to " + cert), r.err());
            List<String> kinds = rechecks(cert);
            assertEquals("constraints", kinds.getFirst(), m.getKey());
            assertTrue(kinds.contains("relations"), m.getKey() + ": " + kinds);
            // a model whose shapes hold in a domain (both DomainModels) certifies it both ways
            assertEquals(m.getKey().endsWith("signal") || m.getKey().equals("windows"), kinds.contains("requires") && kinds.contains("consistency"), m.getKey() + ": " + kinds);
        }
        String relations = Files.readString(dir.resolve("conv-residual-cert/relations-001.smt2"));
        assertTrue(relations.contains("; broadcast: node 'add' (Add #1), output axis 2 is one of its operands' axes 2"), relations);
        assertTrue(relations.contains("; value 'a' axis 2: samples"), relations);
        assertTrue(relations.contains("; node 'conv' (Conv #0)"), "each constraint under its node:\n" + relations);
        CliRun json = CliRun.of("import", dir.resolve("windows.onnx").toString(), "--certificate", dir.resolve("again").toString(), "--json");
        assertEquals(dir.resolve("again").toString(), Cli.JSON.readTree(json.out()).get("certificate").asText(), json.out());
    }

    @Test
    void aShapeErrorsCertificateIsItsCoreUnderItsNodes() throws Exception {
        ModelProto bad = model(GraphProto.newBuilder().addInput(value("x", 2, 4)).addInput(value("z", 2, 5)).addInput(value("u", 2, 4))
                .addNode(node("keep", "Relu", List.of("u"), List.of("k")))
                .addNode(node("add", "Add", List.of("x", "z"), List.of("a")))
                .addOutput(ValueInfoProto.newBuilder().setName("a")).addOutput(ValueInfoProto.newBuilder().setName("k")));
        Path cert = dir.resolve("bad-cert");
        CliRun r = CliRun.of("import", write("bad.onnx", bad).toString(), "--certificate", cert.toString());
        assertEquals(Cli.NEGATIVE, r.code(), r.out() + r.err());
        assertEquals(List.of("constraints", "core"), rechecks(cert));
        String core = Files.readString(cert.resolve("core.smt2"));
        assertTrue(core.contains("; node 'add' (Add #1)"), core);
        assertFalse(core.contains("'keep'"), "the core holds only the constraints the failure names:\n" + core);
    }

    /**
     * A mismatch the native solver leaves as a policy failure (the residual fixture: a shortcut at
     * stride 1 added to a stride-2 branch) proves nothing it could certify; with {@code --certificate}
     * the import asks Z3, whose minimal core of the five nodes (not the native derivation's 20
     * constraints) the certificate holds, flagged as Z3's answer.
     */
    @Test
    void aPolicyFailureIsCertifiedByZ3sMinimalCore() throws Exception {
        Path model = ImportSourceLineTest.DIR.resolve("residual.onnx");
        CliRun plain = CliRun.of("import", model.toString());
        assertEquals(Cli.UNKNOWN, plain.code(), plain.out() + plain.err()); // no mismatch proven
        assertTrue(plain.out().startsWith("fail policy"), plain.out());
        Path cert = dir.resolve("residual-cert");
        CliRun r = CliRun.of("import", model.toString(), "--certificate", cert.toString());
        assertEquals(Cli.NEGATIVE, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("fallback: Z3 answered (native: fail policy"), r.out());
        assertTrue(r.out().contains("fail unsat: shape mismatch at node 'node_add_20' (Add #4)"), r.out());
        assertEquals(List.of("constraints", "core"), rechecks(cert));
        String core = Files.readString(cert.resolve("core.smt2"));
        for (String n : List.of("node_conv2d", "node_relu", "node_conv2d_1", "node_conv2d_2", "node_add_20"))
            assertTrue(core.contains("; node '" + n + "'"), n + " in\n" + core);
        long asserted = core.lines().filter(l -> l.startsWith("(assert (! ")).count();
        assertTrue(asserted < 20, "Z3's minimal core, not the native derivation: " + asserted + " constraints");
    }

    @Test
    void aWrongAxisOrDomainGetsACertificateZ3Refutes() throws Exception {
        Imported im = Importer.translate(DomainModels.windows(), "windows.onnx", Map.of(), SOLVER);
        ImportResult right = im.solve(SOLVER, SolveOptions.defaults());
        assertTrue(right.succeeded(), () -> right.failure().message());
        // y = [batch, h // 8, 8] where h % 8 == 0: plant h // 8 + 1, and h % 16 == 0
        Map<String, List<InferredDim>> values = new LinkedHashMap<>(right.values());
        List<InferredDim> y = new ArrayList<>(values.get("y"));
        SymSize planted = ((InferredDim.Symbolic) y.get(1)).size().plus(1);
        y.set(1, new InferredDim.Symbolic(planted));
        values.put("y", y);
        List<SymCondition> requires = new ArrayList<>(right.requires());
        requires.add(new SymCondition(SymSize.name("h").mod(16), Rel.EQ, SymSize.constant(0)));
        ImportResult wrong = new ImportResult(values, null, right.gaps(), requires);
        for (var c : List.of(Map.entry("right", right), Map.entry("wrong", wrong))) {
            Optional<Certificate> cert = Certifier.of(im, c.getValue(), Backend.SMT.create(), SolveOptions.defaults());
            assertTrue(cert.isPresent());
            Path at = dir.resolve(c.getKey());
            cert.get().write(at);
            String expected = c.getKey().equals("right") ? "unsat" : "sat";
            assertEquals(expected, verdict(at.resolve("relations-001.smt2")), c.getKey() + " relations");
            assertEquals(expected, verdict(at.resolve("requires.smt2")), c.getKey() + " requires");
            assertEquals("sat", verdict(at.resolve("consistency.smt2")), c.getKey() + ": the planted domain still has solutions");
        }
    }

    /**
     * Relations files are lemmas in graph order: each assumes the axes the files before it prove, so
     * z3 never re-derives an earlier value (ssdlite320's post-NMS file did not finish in 15 minutes
     * without them, and takes under a second with them). Over a chain of strided convolutions and
     * pools, one value per file: every file re-checks; a later file states an earlier file's axis as
     * an assumption; a wrong axis planted in the middle makes its own file {@code sat}, and the files
     * before it, which cannot assume it, stay {@code unsat}.
     */
    @Test
    void laterRelationsFilesAssumeTheAxesTheEarlierOnesProve() throws Exception {
        Imported im = Importer.translate(DomainModels.longSignal(), "signal.onnx", Map.of(), SOLVER);
        ImportResult right = im.solve(SOLVER, SolveOptions.defaults());
        assertTrue(right.succeeded(), () -> right.failure().message());
        Path at = dir.resolve("lemmas");
        Certifier.of(im, right, Backend.SMT.create(), SolveOptions.defaults(), 1, 64).orElseThrow().write(at);
        List<String> kinds = rechecks(at);
        assertTrue(kinds.stream().filter("relations"::equals).count() >= 4, kinds.toString());
        List<String> manifest = Files.readAllLines(at.resolve(Certificate.MANIFEST), StandardCharsets.UTF_8);
        assertTrue(manifest.stream().anyMatch(r -> r.startsWith("relations-003.smt2\t") && r.contains("the axes of relations-001 to relations-002 entail")),
                manifest.toString());
        String first = Files.readString(at.resolve("relations-001.smt2"));
        String later = Files.readString(at.resolve("relations-004.smt2"));
        String claimed = first.lines().filter(l -> l.startsWith("; value ")).findFirst().orElseThrow();
        assertTrue(later.contains(claimed), "relations-004 assumes relations-001's " + claimed);
        // plant a wrong axis on 'c' (the second Conv's output): its file is sat, the files before it unsat
        Map<String, List<InferredDim>> values = new LinkedHashMap<>(right.values());
        List<InferredDim> c = new ArrayList<>(values.get("c"));
        c.set(2, new InferredDim.Symbolic(((InferredDim.Symbolic) c.get(2)).size().plus(1)));
        values.put("c", c);
        Path wrong = dir.resolve("lemmas-wrong");
        Certifier.of(im, new ImportResult(values, null, right.gaps(), right.requires()), Backend.SMT.create(), SolveOptions.defaults(), 1, 64)
                .orElseThrow().write(wrong);
        boolean seen = false;
        for (String row : Files.readAllLines(wrong.resolve(Certificate.MANIFEST), StandardCharsets.UTF_8)) {
            String[] f = row.split("\t", -1);
            if (!f[1].equals("relations")) continue;
            if (f[3].contains("'c'")) {
                assertEquals("sat", verdict(wrong.resolve(f[0])), f[0] + " claims the planted axis");
                seen = true;
            } else if (!seen) {
                assertEquals("unsat", verdict(wrong.resolve(f[0])), f[0] + " comes before the planted axis");
            }
        }
        assertTrue(seen, "a file claims c");
    }

    @Test
    void aFolderThatIsNoCertificateIsNotOverwritten() throws Exception {
        Path busy = Files.createDirectories(dir.resolve("busy"));
        Files.writeString(busy.resolve("notes.txt"), "mine");
        CliRun r = CliRun.of("import", write("w.onnx", DomainModels.windows()).toString(), "--certificate", busy.toString());
        assertEquals(Cli.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("not empty and no earlier certificate"), r.err());
        assertEquals("mine", Files.readString(busy.resolve("notes.txt")));
        Path cert = dir.resolve("cert");
        assertEquals(Cli.OK, CliRun.of("import", dir.resolve("w.onnx").toString(), "--certificate", cert.toString()).code());
        Files.writeString(cert.resolve("relations-099.smt2"), "; expect: unsat\n(check-sat)\n");
        assertEquals(Cli.OK, CliRun.of("import", dir.resolve("w.onnx").toString(), "--certificate", cert.toString()).code());
        assertFalse(Files.exists(cert.resolve("relations-099.smt2")), "a stale script of an earlier certificate stays");
    }

    @Test
    void everyModelOfTheCorpusRechecksWithZ3() throws Exception {
        z3();
        List<Path> models = SmallCorpus.models();
        assertFalse(models.isEmpty(), "no model in the corpus");
        for (Path m : models) {
            String name = m.getFileName().toString();
            Path cert = dir.resolve(name);
            CliRun r = CliRun.of("import", m.resolve("model.onnx").toString(), "--certificate", cert.toString());
            assertEquals(Cli.OK, r.code(), name + ": " + r.out() + r.err());
            List<String> kinds = rechecks(cert);
            assertTrue(kinds.contains("relations"), name + ": " + kinds);
        }
    }

}
