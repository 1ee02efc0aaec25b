package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.TreeMap;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.ValueConformance;

/**
 * The text and JSON forms of {@code conformance --values}: per op type (over the node tests whose
 * ops are all in issue 16's list), tests / passed / not expressible / failed, the measure
 * "node tests in the list reproducing the expected outputs within 1e-4", and every test that did
 * not pass with its reason.
 */
final class ConformanceValues {
    private ConformanceValues() {}

    static ObjectNode toJson(ValueConformance.Report r) {
        ObjectNode doc = Cli.JSON.createObjectNode();
        doc.put("root", r.root().toString()).put("mode", "values").put("tolerance", GraphRun.TOLERANCE).put("tests", r.cases().size());
        doc.put("passed", r.cases().stream().filter(c -> c.status() == ValueConformance.Status.PASSED).count());
        long[] node = r.inIssueList("node");
        doc.putObject("nodeTestsInIssueList").put("tests", node[0]).put("passed", node[1]);
        ObjectNode ops = doc.putObject("ops");
        for (var row : r.byOp())
            ops.putObject(row.op()).put("tests", row.tests()).put("passed", row.passed())
                    .put("notExpressible", row.notExpressible()).put("failed", row.failed());
        ArrayNode cs = doc.putArray("cases");
        for (var c : r.cases()) {
            ObjectNode o = cs.addObject().put("test", c.name()).put("status", c.status().name().toLowerCase())
                    .put("inIssueList", c.inIssueList()).put("kernels", c.kernels());
            if (!Double.isNaN(c.maxRel())) o.put("maxRel", c.maxRel());
            if (!c.reason().isEmpty()) o.put("reason", c.reason());
        }
        return doc;
    }

    static String text(ValueConformance.Report r) {
        StringBuilder sb = new StringBuilder("values through generated C (tolerance " + GraphRun.TOLERANCE
                + " normwise relative), tests whose ops are all in issue 16's list, per op:\n");
        sb.append(String.format("%-22s %6s %7s %15s %7s%n", "op", "tests", "passed", "not expressible", "failed"));
        for (var row : r.byOp())
            sb.append(String.format("%-22s %6d %7d %15d %7d%n", row.op(), row.tests(), row.passed(), row.notExpressible(), row.failed()));
        long[] node = r.inIssueList("node");
        long passed = r.cases().stream().filter(c -> c.status() == ValueConformance.Status.PASSED).count();
        Map<String, long[]> folders = new TreeMap<>();
        for (var c : r.cases()) {
            long[] f = folders.computeIfAbsent(c.name().contains("/") ? c.name().substring(0, c.name().indexOf('/')) : ".", x -> new long[4]);
            f[0]++;
            if (c.status() == ValueConformance.Status.PASSED) f[1]++;
            if (c.inIssueList()) f[2]++;
            if (c.inIssueList() && c.status() == ValueConformance.Status.PASSED) f[3]++;
        }
        sb.append('\n');
        folders.forEach((f, x) -> sb.append(String.format("%-20s tests %4d  passed %4d   in the list %4d  passed %4d%n", f, x[0], x[1], x[2], x[3])));
        sb.append(String.format("total: %d tests run, %d passed%n", r.cases().size(), passed));
        if (node[0] > 0)
            sb.append(String.format("node tests whose ops are all in issue 16's list: %d, values passed %d (%.1f%%)%n",
                    node[0], node[1], 100.0 * node[1] / node[0]));
        for (var c : r.cases())
            if (c.status() != ValueConformance.Status.PASSED && c.inIssueList())
                sb.append(c.status().name().toLowerCase().replace('_', ' ')).append(' ').append(c.name()).append(": ")
                        .append(c.reason()).append('\n');
        return sb.toString();
    }
}
