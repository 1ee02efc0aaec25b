package org.shapeforge.onnx;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.ValueInfoProto;

/**
 * ONNX's wiring rules for a model's graph, checked before anything is inferred or run: the one
 * check {@code import} ({@link Importer}) and {@code run model.onnx} share, so both refuse the same
 * graphs with the same error. Every value has exactly one definition (static single assignment):
 * no two initializers or two graph inputs of one name, and no node output that redefines a graph
 * input, an initializer or another node's output (a graph input that is also an initializer is
 * ONNX's default value, allowed). Nodes are in topological order: every input a node names is
 * defined by a graph input, an initializer or an earlier node. Every graph output is defined. A
 * violation is an {@link ImportError} ({@code onnx}, exit 2) naming the node or value. Subgraphs
 * (If, Loop, Scan bodies) read the enclosing scope and are not checked here.
 */
public final class GraphRules {
    private GraphRules() {}

    /** Checks {@code g} ({@code file} names it in errors); returns normally when it keeps every rule. */
    public static void check(GraphProto g, String file) {
        Map<String, NodeOrigin> defined = new HashMap<>();
        for (TensorProto t : g.getInitializerList()) {
            NodeOrigin at = NodeOrigin.ofValue("initializer", t.getName());
            if (defined.putIfAbsent(t.getName(), at) != null)
                throw ImportError.at("onnx", file, at, "is defined twice (two initializers of this name)");
        }
        Set<String> inputs = new HashSet<>();
        for (ValueInfoProto v : g.getInputList()) {
            NodeOrigin at = NodeOrigin.ofValue("graph input", v.getName());
            if (!inputs.add(v.getName())) throw ImportError.at("onnx", file, at, "is defined twice (two graph inputs of this name)");
            defined.putIfAbsent(v.getName(), at);
        }
        Map<String, NodeOrigin> later = laterProducers(g);
        for (int i = 0; i < g.getNodeCount(); i++) {
            NodeProto p = g.getNode(i);
            NodeOrigin at = new NodeOrigin(i, p.getName(), p.getOpType(), ""); // errors: with its source location
            for (int k = 0; k < p.getInputCount(); k++) {
                String name = p.getInput(k);
                if (name.isEmpty() || defined.containsKey(name)) continue;
                NodeOrigin producer = later.get(name);
                throw ImportError.at("onnx", file, TorchSource.origin(i, p), "input " + k + " " + Names.quoted(name) + " is not produced by any earlier node"
                        + (producer == null ? " (nor a graph input or initializer)"
                        : " (" + producer.nodeText() + " produces it later: ONNX requires the nodes in topological order)"));
            }
            for (String out : p.getOutputList()) {
                if (out.isEmpty()) continue;
                NodeOrigin before = defined.putIfAbsent(out, at);
                if (before != null)
                    throw ImportError.at("onnx", file, TorchSource.origin(i, p), "output " + Names.quoted(out) + " is defined twice (also by "
                            + (before.equals(at) ? "another output of this node" : before.nodeText())
                            + "): every ONNX value has exactly one definition");
            }
        }
        for (ValueInfoProto o : g.getOutputList())
            if (!defined.containsKey(o.getName()))
                throw ImportError.at("onnx", file, NodeOrigin.ofValue("graph output", o.getName()), "is not produced by any node");
    }

    /** The first node that produces each value (for the hint on a node read before its producer). */
    private static Map<String, NodeOrigin> laterProducers(GraphProto g) {
        Map<String, NodeOrigin> out = new HashMap<>();
        List<NodeProto> nodes = g.getNodeList();
        for (int i = 0; i < nodes.size(); i++)
            for (String o : nodes.get(i).getOutputList())
                if (!o.isEmpty()) out.putIfAbsent(o, new NodeOrigin(i, nodes.get(i).getName(), nodes.get(i).getOpType(), ""));
        return out;
    }
}
