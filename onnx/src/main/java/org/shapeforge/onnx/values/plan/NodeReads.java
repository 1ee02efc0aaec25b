package org.shapeforge.onnx.values.plan;

import java.util.LinkedHashSet;
import java.util.Set;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;

/**
 * The names of the values a node of the model graph may read: its inputs, and every name its
 * subgraphs' nodes take as input (If, Loop and Scan bodies may read the enclosing graph's values
 * without naming them as the node's inputs). A superset — a name a subgraph defines itself is
 * counted too — which is the conservative side for data dependence.
 */
final class NodeReads {
    private NodeReads() {}

    static Set<String> of(NodeProto n) {
        Set<String> out = new LinkedHashSet<>();
        add(n, out);
        return out;
    }

    private static void add(NodeProto n, Set<String> out) {
        for (String s : n.getInputList()) if (!s.isEmpty()) out.add(s);
        for (AttributeProto a : n.getAttributeList()) {
            if (a.hasG()) add(a.getG(), out);
            for (GraphProto g : a.getGraphsList()) add(g, out);
        }
    }

    private static void add(GraphProto g, Set<String> out) {
        for (NodeProto n : g.getNodeList()) add(n, out);
    }
}
