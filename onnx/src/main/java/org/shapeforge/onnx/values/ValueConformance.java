package org.shapeforge.onnx.values;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import onnx.Onnx.ModelProto;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.onnx.Conformance;
import org.shapeforge.onnx.Model;

/**
 * The values campaign (issue 16, "Done when: values"): each ONNX backend test is run through
 * generated C ({@link GraphRun}) on {@code test_data_set_0}'s inputs and every output compared with
 * {@code output_k.pb} within {@link GraphRun#TOLERANCE} normwise relative error. A test whose
 * ops have no lowering, or whose node needs a semantics the loop IR lacks, is
 * {@link Status#NOT_EXPRESSIBLE} with the reason — it counts against the percentage.
 */
public final class ValueConformance {
    private ValueConformance() {}

    public enum Status { PASSED, WRONG_VALUES, NOT_EXPRESSIBLE, FAILED }

    public record Case(String name, List<String> ops, Status status, double maxRel, int kernels, String reason) {
        public Case {
            ops = List.copyOf(ops);
        }

        /** All of the test's ops are in issue 16's list (the measure's population). */
        public boolean inIssueList() {
            return !ops.isEmpty() && Conformance.ISSUE_OPS.containsAll(ops);
        }
    }

    /** Per op type: tests whose graph contains it, and how many pass / are not expressible / fail. */
    public record OpRow(String op, int tests, int passed, int notExpressible, int failed) {}

    public record Report(Path root, List<Case> cases) {
        public Report {
            cases = List.copyOf(cases);
        }

        /** Tests under {@code folder} whose ops are all in the issue's list: {count, passed}. */
        public long[] inIssueList(String folder) {
            long[] r = new long[2];
            for (Case c : cases)
                if (c.name().startsWith(folder + "/") && c.inIssueList()) {
                    r[0]++;
                    if (c.status() == Status.PASSED) r[1]++;
                }
            return r;
        }

        /** The op table over the tests in the issue's list, sorted by op type. */
        public List<OpRow> byOp() {
            Map<String, int[]> m = new TreeMap<>();
            for (Case c : cases) {
                if (!c.inIssueList()) continue;
                for (String op : new TreeSet<>(c.ops())) {
                    int[] r = m.computeIfAbsent(op, x -> new int[4]);
                    r[0]++;
                    switch (c.status()) {
                        case PASSED -> r[1]++;
                        case NOT_EXPRESSIBLE -> r[2]++;
                        case WRONG_VALUES, FAILED -> r[3]++;
                    }
                }
            }
            List<OpRow> out = new ArrayList<>();
            m.forEach((op, r) -> out.add(new OpRow(op, r[0], r[1], r[2], r[3])));
            return out;
        }
    }

    /** Every test under {@code root} whose name (relative path) {@code select} accepts. */
    public static Report run(Path root, Predicate<String> select, Kernels k) throws IOException {
        List<Case> cases = new ArrayList<>();
        for (Path dir : Conformance.tests(root)) {
            String name = Conformance.testName(root, dir);
            if (select.test(name)) cases.add(runOne(name, dir, k));
        }
        return new Report(root, cases);
    }

    public static Case runOne(String name, Path dir, Kernels k) {
        ModelProto m;
        try {
            m = Model.load(dir.resolve("model.onnx"));
        } catch (ShapeError e) {
            return new Case(name, List.of(), Status.FAILED, Double.NaN, 0, e.getMessage());
        }
        List<String> ops = Conformance.opTypes(m);
        List<String> missing = GraphRun.unlowered(m);
        if (!missing.isEmpty())
            return new Case(name, ops, Status.NOT_EXPRESSIBLE, Double.NaN, 0, "no lowering for " + String.join(", ", missing));
        int before = k.runs();
        try {
            Path data = dir.resolve("test_data_set_0");
            Map<String, Value> got = GraphRun.run(m, GraphRun.readInputs(m, data), k);
            List<GraphRun.Output> outs = GraphRun.compare(m, got, data);
            double worst = 0;
            List<String> wrong = new ArrayList<>();
            for (GraphRun.Output o : outs) {
                if (!o.compared()) continue;
                worst = Math.max(worst, o.maxRel());
                if (!o.passed()) wrong.add("output '" + o.name() + "': " + (o.expectedDims().equals(o.value().dims())
                        ? String.format("max rel error %.3g (max abs %.3g)", o.maxRel(), o.maxAbs())
                        : "dims " + o.value().dims() + ", expected " + o.expectedDims()));
            }
            int kernels = k.runs() - before;
            if (outs.stream().noneMatch(GraphRun.Output::compared))
                return new Case(name, ops, Status.FAILED, Double.NaN, kernels, "no output_k.pb to compare with");
            return wrong.isEmpty() ? new Case(name, ops, Status.PASSED, worst, kernels, "")
                    : new Case(name, ops, Status.WRONG_VALUES, worst, kernels, String.join("; ", wrong));
        } catch (NotExpressible e) {
            return new Case(name, ops, Status.NOT_EXPRESSIBLE, Double.NaN, k.runs() - before, e.getMessage());
        } catch (ShapeError | CodegenException e) {
            return new Case(name, ops, Status.FAILED, Double.NaN, k.runs() - before, e.getMessage());
        } catch (RuntimeException e) {
            return new Case(name, ops, Status.FAILED, Double.NaN, k.runs() - before, "internal error: " + e);
        }
    }
}
