package org.shapeforge.onnx;

import java.util.Optional;

/**
 * Where an imported constraint or an import error comes from: the ONNX node (its index in the
 * graph, its name, its op type) and the role of the tensor the constraint is about
 * ({@code input 1 (B)}, {@code output 0 (Y)}, {@code attribute pads}). A value of the graph itself
 * has index −1 and, as its op type, what it is ({@code graph input}, {@code initializer},
 * {@code graph output}, {@code value_info}); {@link #ofValue} makes one. The ONNX counterpart of
 * {@code program.Origin}: provenance flows from the node to the CLI message
 * ({@code spec/architecture.md}); names are printed {@link Names#quoted}. {@code declares} is, for
 * a constraint that states a shape the file declares ({@link Declared}), the declaration
 * ({@code graph output 'y' [2, 5]}), else empty: a failure involving one blames the declaration.
 * {@code source} is where in the user's Python the node was made, for a node whose exporter
 * recorded it ({@link TorchSource}, read once per node with the graph), else empty; every origin
 * derived from the node ({@link #as}, {@link #declaring}, {@link #bare}) keeps it.
 */
public record NodeOrigin(int index, String node, String opType, String role, String declares, Optional<SourceLocation> source) {

    public NodeOrigin {
        if (source == null) throw new IllegalArgumentException("source is empty, never null");
    }

    public NodeOrigin(int index, String node, String opType, String role) {
        this(index, node, opType, role, "", Optional.empty());
    }

    public NodeOrigin(int index, String node, String opType, String role, String declares) {
        this(index, node, opType, role, declares, Optional.empty());
    }

    /** The same node, stating declaration {@code what} ({@code graph output 'y' [2, 5]}). */
    public NodeOrigin declaring(String what) {
        return new NodeOrigin(index, node, opType, role, what, source);
    }

    /** The node alone: no role, no declaration, its source kept (what a failure lists as a node involved). */
    public NodeOrigin bare() {
        return new NodeOrigin(index, node, opType, "", "", source);
    }

    /** The origin of graph value {@code name}: {@code kind} is {@code graph input}, {@code initializer}, …. */
    public static NodeOrigin ofValue(String kind, String name) {
        return new NodeOrigin(-1, name, kind, "");
    }

    /** Whether this is a node of the graph (not a graph input, initializer or declared value). */
    public boolean isNode() {
        return index >= 0;
    }

    /** {@code node 'conv1' (Conv #3)}: the node's name if it has one, else its position; {@code graph input 'x'} for a value. */
    public String nodeText() {
        if (index < 0) return opType + " " + Names.quoted(node);
        return (node.isEmpty() ? "node #" + index : "node " + Names.quoted(node)) + " (" + opType + " #" + index + ")";
    }

    /**
     * {@code node 'conv1' (Conv #3) from model.py:42 in forward (encoder.conv1)}: {@link #nodeText}
     * and, where the node has one, its {@linkplain #source source location}.
     */
    public String locatedText() {
        return nodeText() + source.map(s -> " from " + s.text()).orElse("");
    }

    /** {@code node 'conv1' (Conv #3), input 1 (W)}. */
    public String describe() {
        return nodeText() + (role.isEmpty() ? "" : ", " + Names.oneLine(role));
    }

    /** The same node, another role. */
    public NodeOrigin as(String newRole) {
        return new NodeOrigin(index, node, opType, newRole, declares, source);
    }
}
