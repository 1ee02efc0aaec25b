package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.shapeforge.onnx.NodeOrigin;

/**
 * An ONNX node or graph value in a JSON document: {@code {"index", "name", "op", "source"}}, the
 * one form of {@code import --json}'s {@code involved} and {@code node} and of the error
 * document's {@code node} ({@link ErrorDoc}). {@code source} is where in the user's Python the node
 * was made, {@code {"file", "line", "function", "module"}} ({@code module} empty for the top-level
 * module), or {@code null} where the model does not say (a graph value, a node without torch's
 * metadata).
 */
final class NodeJson {
    private NodeJson() {}

    /** Writes {@code n} into {@code o}. */
    static ObjectNode put(ObjectNode o, NodeOrigin n) {
        o.put("index", n.index()).put("name", n.node()).put("op", n.opType());
        n.source().ifPresentOrElse(s -> o.putObject("source").put("file", s.file()).put("line", s.line())
                .put("function", s.function()).put("module", s.module()), () -> o.putNull("source"));
        return o;
    }
}
