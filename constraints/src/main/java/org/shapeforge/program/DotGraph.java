package org.shapeforge.program;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The tensor graph as Graphviz DOT ({@code infer --dot}): one node per operation (terminals
 * included), each edge from an operand to its use labelled with the operand's inferred shape
 * ({@code batch|input->output}); when inference fails, the operations of the failure's statements
 * are filled red and the failure's message is the graph's label. Shapes are the closed ones, or
 * any other reading of the row terms ({@link #of(Inference, Function)}: a dynamic program's
 * symbolic shapes, so a dynamic dim is never drawn as the number it was closed to).
 */
public final class DotGraph {
    private DotGraph() {}

    public static String of(Inference inf) {
        return of(inf, sh -> inf.closed(sh).map(TensorShape::printed));
    }

    /** The graph with each shape printed by {@code shape} ({@code batch|input->output}; empty: no label). */
    public static String of(Inference inf, Function<Shape, Optional<String>> shape) {
        Generated g = inf.generated();
        Set<String> failed = new HashSet<>();
        inf.failure().ifPresent(f -> f.origins().forEach(o -> failed.add(o.statement().toString())));
        Map<String, Generated.GraphNode> byResult = new LinkedHashMap<>();
        for (Generated.GraphNode n : g.graph()) byResult.put(n.result(), n);
        StringBuilder sb = new StringBuilder("digraph \"").append(esc(g.file())).append("\" {\n  rankdir=TB;\n  node [shape=box, fontname=\"monospace\"];\n");
        inf.failure().ifPresent(f -> sb.append("  label=\"").append(esc(f.message())).append("\";\n"));
        int i = 0;
        Map<Generated.GraphNode, String> ids = new LinkedHashMap<>();
        for (Generated.GraphNode n : g.graph()) {
            String id = "n" + (i++);
            ids.put(n, id);
            boolean red = failed.contains(n.origin().statement().toString());
            String text = shape.apply(n.shape()).map(t -> "\\n" + esc(t)).orElse("");
            sb.append("  ").append(id).append(" [label=\"").append(esc(n.result())).append(" = ").append(esc(n.operation()))
                    .append(text).append("\"").append(red ? ", style=filled, fillcolor=\"#f4a6a6\"" : "").append("];\n");
        }
        Map<String, String> latest = new LinkedHashMap<>();
        for (Generated.GraphNode n : g.graph()) {
            for (String op : n.operands()) {
                String from = latest.get(op);
                if (from == null) continue;
                Generated.GraphNode src = byResult.get(op);
                String label = src == null ? "" : shape.apply(src.shape()).orElse("");
                sb.append("  ").append(from).append(" -> ").append(ids.get(n)).append(" [label=\"").append(esc(label)).append("\"];\n");
            }
            latest.put(n.result(), ids.get(n));
        }
        return sb.append("}\n").toString();
    }

    private static String esc(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
