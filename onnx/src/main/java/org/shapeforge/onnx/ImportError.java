package org.shapeforge.onnx;

import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;

/**
 * A user error while importing an ONNX model: a malformed file ({@code onnx}), an op this
 * importer has no shape logic for ({@code unsupported}), or an attribute or input it cannot
 * read ({@code onnx-node}). The message names the node; the CLI exits 2 without a trace.
 */
public final class ImportError extends ShapeError {
    public ImportError(String code, String file, String message) {
        super(code, new Span(file, 0, 0), file + ": " + message);
    }

    /** An error about one node: {@code model.onnx: node 'n' (Op #3): message}. */
    public static ImportError at(String code, String file, NodeOrigin o, String message) {
        return new ImportError(code, file, o.nodeText() + ": " + message);
    }
}
