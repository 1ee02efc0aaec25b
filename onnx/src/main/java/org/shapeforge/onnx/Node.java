package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import onnx.Onnx.NodeProto;
import org.shapeforge.term.Dim;

/**
 * One ONNX node as its shape logic sees it: its position, its inputs as {@link Tensor}s (null for
 * an omitted optional input), its attributes, the model's default-domain opset (a few ops changed
 * meaning across opsets), where in the user's Python it was made (read once, {@link TorchSource}),
 * and helpers that name the node in every error.
 */
record Node(NodeProto proto, int index, List<Tensor> inputs, Attrs attrs, String file, long opset, Optional<SourceLocation> source) {
    Node {
        inputs = Collections.unmodifiableList(new ArrayList<>(inputs));
    }

    String op() {
        return proto.getOpType();
    }

    NodeOrigin origin(String role) {
        return new NodeOrigin(index, proto.getName(), proto.getOpType(), role, "", source);
    }

    NodeOrigin in(int k) {
        return origin("input " + k + (k < proto.getInputCount() ? " (" + proto.getInput(k) + ")" : ""));
    }

    NodeOrigin out(int k) {
        return origin("output " + k + (k < proto.getOutputCount() ? " (" + proto.getOutput(k) + ")" : ""));
    }

    int outputs() {
        return proto.getOutputCount();
    }

    ImportError error(String message) {
        return ImportError.at("onnx-node", file, origin(""), message);
    }

    Tensor input(int k) {
        Tensor t = k < inputs.size() ? inputs.get(k) : null;
        if (t == null) throw error("input " + k + " is required");
        return t;
    }

    Optional<Tensor> optInput(int k) {
        return Optional.ofNullable(k < inputs.size() ? inputs.get(k) : null);
    }

    /** The integer contents of input {@code k}, which must be an initializer or a Constant's output. */
    long[] constInts(int k, String what) {
        Tensor t = input(k);
        return t.ints().orElseThrow(() -> ImportError.at("unsupported", file, in(k), what
                + " must be a constant (an initializer or a Constant node's output): shapes computed at run time"
                + " are a later issue"));
    }

    /** The integers of an attribute (older opsets) or of constant input {@code k} (newer ones). */
    Optional<long[]> attrOrInput(String attr, int k) {
        if (attrs.has(attr)) return attrs.ints(attr);
        if (optInput(k).isPresent()) return Optional.of(constInts(k, attr));
        return Optional.empty();
    }

    /** A possibly negative axis normalised into {@code 0..rank-1}. */
    int axis(long a, int rank) {
        long r = a < 0 ? a + rank : a;
        if (r < 0 || r >= rank) throw error("axis " + a + " is out of range for rank " + rank);
        return (int) r;
    }

    /** The result tensor of output {@code k}. */
    Tensor result(int k, List<Dim> dims) {
        if (k >= proto.getOutputCount()) throw error("output " + k + " is missing (the node names " + proto.getOutputCount() + ")");
        return Tensor.of(proto.getOutput(k), dims);
    }
}
