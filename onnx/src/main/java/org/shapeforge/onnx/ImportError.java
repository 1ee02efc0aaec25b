package org.shapeforge.onnx;

import java.util.Optional;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;

/**
 * A user error while importing an ONNX model: a malformed file ({@code onnx}), an op this
 * importer has no shape logic for ({@code unsupported}), or an attribute or input it cannot
 * read ({@code onnx-node}). The message is {@code model.onnx: node 'n' (Op #3): what}, or, for a
 * node whose exporter recorded where in the user's Python it was made,
 * {@code model.onnx: node 'n' (Op #3) from model.py:42 in forward (enc.attn): what}
 * ({@link NodeOrigin#locatedText}); an ONNX file has no lines, so the error's place is
 * {@link #node()} — the node, or the graph value ({@link NodeOrigin#ofValue}) — and
 * {@link #where()}, never a line and column. The CLI exits 2 without a trace.
 */
public final class ImportError extends ShapeError {
    private final String file;
    private final NodeOrigin node;
    private final String detail;

    public ImportError(String code, String file, String message) {
        this(code, file, null, message);
    }

    private ImportError(String code, String file, NodeOrigin node, String message) {
        super(code, new Span(file, 0, 0), (file == null ? "" : file + ": ") + (node == null ? "" : node.locatedText() + ": ") + message);
        this.file = file;
        this.node = node;
        this.detail = message;
    }

    /**
     * An error found where neither the file nor the node is known (a size from an attribute that
     * is negative or absurd, {@link Emitter#size}); {@code Importer} {@link #placed places} it at
     * the node being translated.
     */
    static ImportError unplaced(String code, String message) {
        return new ImportError(code, null, null, message);
    }

    /** This error at node {@code o} of {@code file}, if it has no place yet; else itself. */
    ImportError placed(String file, NodeOrigin o) {
        return this.file != null ? this : at(code(), file, o, detail);
    }

    /** An error about one node or graph value: {@code model.onnx: node 'n' (Op #3): message}. */
    public static ImportError at(String code, String file, NodeOrigin o, String message) {
        return new ImportError(code, file, o, message);
    }

    /** The message without its place (no file, no node). */
    public String detail() {
        return detail;
    }

    /** The model file as named on the command line. */
    public String file() {
        return file;
    }

    /** The node (index ≥ 0) or graph value (index −1) the error is about, if any. */
    public Optional<NodeOrigin> node() {
        return Optional.ofNullable(node);
    }

    /** {@code model.onnx: node 'n' (Op #3)}, {@code model.onnx: graph input 'x'}, the file alone, or null when unplaced. */
    public String where() {
        if (file == null) return null;
        return file + (node == null ? "" : ": " + node.nodeText());
    }
}
