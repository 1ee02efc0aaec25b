package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.fusion.FusionPlan;

/**
 * Issue 29's fusion, for people and for JSON: the one line on what a run fused ({@link Kernels}'
 * counts), and with {@code run model.onnx --fusion} the model graph's {@link FusionPlan} — each
 * group's nodes by name and op, in evaluation order, and the contraction it finishes.
 */
final class FusionReport {
    private FusionReport() {}

    /** {@code N nodes fused into M kernels}. */
    static String line(Kernels k) {
        return k.fusedNodes() + " nodes fused into " + k.fusedGroups() + " kernels";
    }

    static void json(Kernels k, FusionPlan plan, ObjectNode doc) {
        doc.put("fused_groups", k.fusedGroups()).put("fused_nodes", k.fusedNodes());
        if (plan == null) return;
        ArrayNode groups = doc.putArray("fusion");
        for (FusionPlan.Group g : plan.groups()) {
            ObjectNode o = groups.addObject();
            g.producer().ifPresent(p -> node(o.putObject("producer"), p));
            ArrayNode ms = o.putArray("members");
            for (FusionPlan.Member m : g.members()) node(ms.addObject(), m);
        }
    }

    private static void node(ObjectNode o, FusionPlan.Member m) {
        o.put("name", m.name()).put("op", m.op()).put("output", m.output());
    }

    static void text(FusionPlan plan, PrintWriter out) {
        out.println("fusion plan: " + plan.groups().size() + " groups of " + plan.fusedNodes() + " of the graph's " + plan.graphNodes()
                + " nodes, each group one kernel where its values allow");
        int i = 1;
        for (FusionPlan.Group g : plan.groups()) {
            StringBuilder sb = new StringBuilder("  " + i++ + ": ");
            g.producer().ifPresent(p -> sb.append(describe(p)).append(" => "));
            for (int j = 0; j < g.members().size(); j++) sb.append(j == 0 ? "" : ", ").append(describe(g.members().get(j)));
            out.println(sb);
        }
    }

    private static String describe(FusionPlan.Member m) {
        return m.op() + " '" + (m.name().isEmpty() ? m.output() : m.name()) + "'";
    }
}
