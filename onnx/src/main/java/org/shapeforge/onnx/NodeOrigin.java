package org.shapeforge.onnx;

/**
 * Where an imported constraint comes from: the ONNX node (its index in the graph, its name, its
 * op type) and the role of the tensor the constraint is about ({@code input 1 (B)},
 * {@code output 0 (Y)}, {@code attribute pads}). Graph inputs and initializers have index −1 and
 * op type {@code graph input}. The ONNX counterpart of {@code program.Origin}: provenance flows
 * from the node to the CLI message ({@code spec/architecture.md}).
 */
public record NodeOrigin(int index, String node, String opType, String role) {

    /** {@code node 'conv1' (Conv #3)}: the node's name if it has one, else its position. */
    public String nodeText() {
        if (index < 0) return "graph input '" + node + "'";
        return (node.isEmpty() ? "node #" + index : "node '" + node + "'") + " (" + opType + " #" + index + ")";
    }

    /** {@code node 'conv1' (Conv #3), input 1 (W)}. */
    public String describe() {
        return nodeText() + (role.isEmpty() ? "" : ", " + role);
    }

    /** The same node, another role. */
    public NodeOrigin as(String newRole) {
        return new NodeOrigin(index, node, opType, newRole);
    }
}
