package org.shapeforge.onnx;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.ValueInfoProto;

/**
 * An imported graph as Graphviz DOT ({@code import --dot}, {@code --svg}), as {@code infer --dot}
 * draws programs ({@code program.DotGraph}): graph inputs and outputs as ellipses, one box per node
 * ({@code name}, {@code Op #i}), an edge per value from its producer to each consumer labelled
 * with the value's name and inferred shape. When the import fails, the failure's nodes are filled
 * red and its message is the graph's label. Initializers are not drawn (weights would crowd it).
 */
public final class OnnxDot {
    private OnnxDot() {}

    public static String of(ModelProto m, ImportResult r, String file) {
        GraphProto g = m.getGraph();
        Set<Integer> failed = new HashSet<>();
        if (!r.succeeded()) r.failure().involved().forEach(n -> failed.add(n.index()));
        StringBuilder sb = new StringBuilder("digraph \"").append(esc(file)).append("\" {\n  rankdir=TB;\n")
                .append("  node [shape=box, fontname=\"monospace\"];\n");
        if (!r.succeeded()) sb.append("  label=\"").append(esc(r.failure().kind() + ": " + r.failure().message())).append("\";\n");
        Map<String, String> producer = new HashMap<>();
        Set<String> inits = new HashSet<>();
        g.getInitializerList().forEach(t -> inits.add(t.getName()));
        int k = 0;
        for (ValueInfoProto v : g.getInputList()) {
            if (inits.contains(v.getName())) continue;
            String id = "in" + (k++);
            producer.put(v.getName(), id);
            sb.append("  ").append(id).append(" [shape=ellipse, label=\"").append(esc(v.getName())).append("\"];\n");
        }
        for (int i = 0; i < g.getNodeCount(); i++) {
            NodeProto n = g.getNode(i);
            boolean red = failed.contains(i);
            sb.append("  n").append(i).append(" [label=\"").append(esc(n.getName().isEmpty() ? n.getOpType() + " #" + i
                    : n.getName() + "\n" + n.getOpType() + " #" + i)).append("\"")
                    .append(red ? ", style=filled, fillcolor=\"#f4a6a6\"" : "").append("];\n");
            for (String in : n.getInputList()) edge(sb, producer.get(in), "n" + i, in, r);
            for (String out : n.getOutputList()) if (!out.isEmpty()) producer.putIfAbsent(out, "n" + i);
        }
        k = 0;
        for (ValueInfoProto v : g.getOutputList()) {
            String id = "out" + (k++);
            sb.append("  ").append(id).append(" [shape=ellipse, label=\"").append(esc(v.getName())).append("\"];\n");
            edge(sb, producer.get(v.getName()), id, v.getName(), r);
        }
        return sb.append("}\n").toString();
    }

    private static void edge(StringBuilder sb, String from, String to, String value, ImportResult r) {
        if (from == null) return; // an initializer, or an omitted optional input
        List<InferredDim> shape = r.values().get(value);
        String label = value + (shape == null ? "" : "\n[" + String.join(", ", shape.stream().map(InferredDim::printed).toList()) + "]");
        sb.append("  ").append(from).append(" -> ").append(to).append(" [label=\"").append(esc(label)).append("\"];\n");
    }

    /** A DOT string literal's contents: backslash and quote escaped, line breaks as {@code \n}, other control characters dropped. */
    private static String esc(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == '\\' || c == '"') sb.append('\\').append(c);
            else if (c == '\n') sb.append("\\n");
            else if (!Character.isISOControl(c)) sb.append(c);
        }
        return sb.toString();
    }
}
