package org.shapeforge.onnx;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * The conformance runner over ONNX's backend tests (Debian's {@code libonnx-testdata}): every
 * directory under the root holding a {@code model.onnx} and {@code test_data_set_0}. The graph
 * inputs are bound to {@code input_k.pb} (its shape, and its contents when it holds integers: the
 * node tests pass Reshape targets and Slice bounds as inputs); the shapes inferred for the graph outputs
 * are compared with the dims of {@code output_k.pb}. A test is <em>supported</em> when every op
 * of its graph has a shape logic here; it <em>passes</em> when every output shape is exactly the
 * expected one. A supported test whose import stops (a run-time shape where a constant is needed,
 * a solver failure) counts as failed, with the reason.
 */
public final class Conformance {
    private Conformance() {}

    /** The default location of the Debian package's data. */
    public static final Path DEFAULT_ROOT = Path.of("/usr/share/libonnx-testdata/data");

    /**
     * The ops issue 16 lists (plus Constant, which only carries values): the measure "≥ 95% of the
     * node tests whose ops are in the list" is taken over tests whose ops all belong here.
     */
    public static final Set<String> ISSUE_OPS = Set.of("Add", "Sub", "Mul", "Div", "Pow", "Max", "Min",
            "Where", "Relu", "Sigmoid", "Tanh", "Exp", "Log", "Abs", "Neg", "Sqrt", "Erf", "Cast", "Identity", "Dropout",
            "MatMul", "Gemm", "Conv", "ConvTranspose", "MaxPool", "AveragePool", "GlobalAveragePool", "BatchNormalization",
            "Concat", "Split", "Reshape", "Flatten", "Transpose", "Squeeze", "Unsqueeze", "Expand", "Einsum", "ReduceSum",
            "ReduceMean", "ReduceMax", "ReduceMin", "Softmax", "LogSoftmax", "Gather", "Slice", "Pad", "Constant");

    /**
     * UNDETERMINED: the inferred shape agrees with the expected one except at extents known only
     * when run (a Loop's unknown trip count, an If on a condition computed at run time), where the
     * test has a number: not passed, and not wrong either.
     */
    public enum Status { PASSED, WRONG_SHAPE, UNDETERMINED, FAILED, UNSUPPORTED }

    /** One test: its directory (relative to the root), op types, status and the reason if not passed. */
    public record Case(String name, List<String> ops, Status status, String reason) {
        public Case {
            ops = List.copyOf(ops);
        }

        public boolean supported() {
            return status != Status.UNSUPPORTED;
        }
    }

    /** Per op type: tests whose graph contains it, how many are supported, how many pass. */
    public record OpRow(String op, int tests, int supported, int passed) {}

    public record Report(Path root, List<Case> cases) {
        public Report {
            cases = List.copyOf(cases);
        }

        public long supported() {
            return cases.stream().filter(Case::supported).count();
        }

        public long passed() {
            return cases.stream().filter(c -> c.status() == Status.PASSED).count();
        }

        /** Tests under {@code folder} whose ops are all in {@link #ISSUE_OPS}: {count, passed}. */
        public long[] inIssueList(String folder) {
            long[] r = new long[2];
            for (Case c : cases)
                if (c.name().startsWith(folder + "/") && !c.ops().isEmpty() && ISSUE_OPS.containsAll(c.ops())) {
                    r[0]++;
                    if (c.status() == Status.PASSED) r[1]++;
                }
            return r;
        }

        /** The op table, sorted by op type. */
        public List<OpRow> byOp() {
            Map<String, int[]> m = new TreeMap<>();
            for (Case c : cases)
                for (String op : new TreeSet<>(c.ops())) {
                    int[] r = m.computeIfAbsent(op, k -> new int[3]);
                    r[0]++;
                    if (c.supported()) r[1]++;
                    if (c.status() == Status.PASSED) r[2]++;
                }
            List<OpRow> out = new ArrayList<>();
            m.forEach((op, r) -> out.add(new OpRow(op, r[0], r[1], r[2])));
            return out;
        }

        /** Supported / passed per top-level folder (node, pytorch-converted, …). */
        public Map<String, long[]> byFolder() {
            Map<String, long[]> m = new TreeMap<>();
            for (Case c : cases) {
                String folder = c.name().contains("/") ? c.name().substring(0, c.name().indexOf('/')) : ".";
                long[] r = m.computeIfAbsent(folder, k -> new long[3]);
                r[0]++;
                if (c.supported()) r[1]++;
                if (c.status() == Status.PASSED) r[2]++;
            }
            return m;
        }
    }

    /** Every test directory under {@code root}, sorted. */
    public static List<Path> tests(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root, 4)) {
            return s.filter(p -> p.getFileName().toString().equals("model.onnx"))
                    .map(Path::getParent)
                    .filter(d -> Files.isDirectory(d.resolve("test_data_set_0")))
                    .sorted().toList();
        }
    }

    /** A test's name: its path relative to the root (the directory's own name when it is the root). */
    public static String testName(Path root, Path dir) {
        String name = root.relativize(dir).toString();
        return name.isEmpty() ? dir.getFileName().toString() : name;
    }

    /** The model's op types, domain-qualified outside the default domain, in first-use order. */
    public static List<String> opTypes(ModelProto m) {
        List<String> ops = new ArrayList<>();
        for (NodeProto n : m.getGraph().getNodeList()) {
            String op = (n.getDomain().isEmpty() || n.getDomain().equals("ai.onnx") ? "" : n.getDomain() + ".") + n.getOpType();
            if (!ops.contains(op)) ops.add(op);
        }
        return ops;
    }

    public static Report run(Path root, ShapeSolver solver) throws IOException {
        List<Case> cases = new ArrayList<>();
        for (Path dir : tests(root)) cases.add(runOne(root, dir, solver));
        return new Report(root, cases);
    }

    public static Case runOne(Path root, Path dir, ShapeSolver solver) {
        String name = testName(root, dir);
        ModelProto m;
        try {
            m = Model.load(dir.resolve("model.onnx"));
        } catch (ShapeError e) {
            return new Case(name, List.of(), Status.FAILED, e.getMessage());
        }
        List<String> ops = opTypes(m);
        List<String> missing = new ArrayList<>();
        long opset = m.getOpsetImportList().stream().filter(o -> o.getDomain().isEmpty() || o.getDomain().equals("ai.onnx"))
                .mapToLong(o -> o.getVersion()).max().orElse(1);
        missing(m.getGraph(), missing, opset);
        if (!missing.isEmpty()) return new Case(name, ops, Status.UNSUPPORTED, "unsupported op " + String.join(", ", missing));
        Path data = dir.resolve("test_data_set_0");
        try {
            Map<String, TensorProto> bind = new LinkedHashMap<>();
            var inits = m.getGraph().getInitializerList().stream().map(t -> t.getName()).toList();
            List<String> graphInputs = m.getGraph().getInputList().stream().map(v -> v.getName())
                    .filter(nm -> !inits.contains(nm)).toList();
            for (int k = 0; k < graphInputs.size(); k++) {
                Path p = data.resolve("input_" + k + ".pb");
                if (Files.exists(p)) bind.put(graphInputs.get(k), Model.tensor(p));
            }
            Imported im = Importer.translate(m, name, bind, solver);
            ImportResult r = im.solve(solver, SolveOptions.defaults());
            if (!r.succeeded()) return new Case(name, ops, Status.FAILED, r.failure().message());
            List<String> wrong = new ArrayList<>(), open = new ArrayList<>();
            int compared = 0;
            for (int k = 0; k < im.outputs().size(); k++) {
                Path p = data.resolve("output_" + k + ".pb");
                if (!Files.exists(p)) continue;
                List<Long> expected = Importer.dims(Model.tensor(p));
                List<InferredDim> got = r.values().get(im.outputs().get(k));
                compared++;
                if (got != null && expected.equals(got.stream().map(d -> d instanceof InferredDim.Known(long n) ? n : null).toList()))
                    continue;
                String text = "output " + k + " '" + im.outputs().get(k) + "': inferred "
                        + (got == null ? null : got.stream().map(InferredDim::printed).toList()) + ", expected " + expected;
                String out = im.outputs().get(k);
                // an unknown rank (a gap: an unsupported op's output) claims nothing, as an unknown extent
                boolean onlyUnknown = got == null ? r.gaps().stream().anyMatch(g -> g.kind() == Gap.Kind.UNKNOWN_RANK && g.value().equals(out))
                        : got.size() == expected.size();
                for (int a = 0; onlyUnknown && got != null && a < got.size(); a++) // a number that agrees, or a dim_param left symbolic
                    onlyUnknown = got.get(a) instanceof InferredDim.Known(long n) ? n == expected.get(a)
                            : got.get(a) instanceof InferredDim.Symbolic(var s) && s.asName().filter(im.dynamic()::contains).isPresent();
                (onlyUnknown ? open : wrong).add(text);
            }
            if (compared == 0) return new Case(name, ops, Status.FAILED, "no output_k.pb to compare with");
            if (!wrong.isEmpty()) return new Case(name, ops, Status.WRONG_SHAPE, String.join("; ", wrong));
            return open.isEmpty() ? new Case(name, ops, Status.PASSED, "")
                    : new Case(name, ops, Status.UNDETERMINED, String.join("; ", open) + " (extents known only when run)");
        } catch (ShapeError e) {
            return new Case(name, ops, Status.FAILED, e.getMessage());
        } catch (RuntimeException e) {
            return new Case(name, ops, Status.FAILED, "internal error: " + e);
        }
    }

    /** The ops of {@code g} (and of its subgraphs) without a shape logic, in order. */
    private static void missing(GraphProto g, List<String> out, long opset) {
        for (NodeProto n : g.getNodeList()) {
            boolean main = n.getDomain().isEmpty() || n.getDomain().equals("ai.onnx");
            String op = (main ? "" : n.getDomain() + ".") + n.getOpType();
            boolean ok = OpRegistry.lookup(n.getDomain(), n.getOpType()).isPresent() && !(main && n.getOpType().equals("Scan") && opset < 9);
            if (!ok && !out.contains(op)) out.add(op);
            for (var a : n.getAttributeList()) if (a.hasG()) missing(a.getG(), out, opset);
        }
    }
}
