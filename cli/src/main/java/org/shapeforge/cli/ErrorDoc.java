package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.onnx.ImportError;
import org.shapeforge.onnx.NodeOrigin;

/**
 * The one error document of {@code cli.md}: {@code {"error": {"kind", "message", "location"}}}
 * with {@code location} {@code file:line:col} or {@code null}, and the exit code that goes with
 * it. Every failure of a command, whatever its origin, becomes one of these in exactly one place
 * ({@link Runner}).
 *
 * @param kind     {@code usage}, {@code timeout}, {@code internal}, or a {@link ShapeError#code()}
 *                 such as {@code parse} or {@code io}
 * @param message  what went wrong and, where possible, what to do about it (no location prefix)
 * @param location {@code file:line:col}; for an ONNX model, which has no lines, the node or value
 *                 ({@code model.onnx: node 'conv' (Conv #3)}, {@code model.onnx: graph input 'x'},
 *                 or the file); {@code null} when there is none
 * @param node     an ONNX model's node or graph value the error is about ({@link ImportError#node()}),
 *                 printed as {@code "node": {"index", "name", "op", "source"}} ({@link NodeJson}; a value:
 *                 index −1, op its kind)
 * @param exit     the process exit code ({@link Cli#BAD_INPUT}, {@link Cli#UNKNOWN}, {@link Cli#INTERNAL})
 */
record ErrorDoc(String kind, String message, String location, NodeOrigin node, int exit) {

    ErrorDoc(String kind, String message, String location, int exit) {
        this(kind, message, location, null, exit);
    }

    static ErrorDoc of(ShapeError e) {
        if (e instanceof ImportError ie) return new ErrorDoc(e.code(), e.getMessage(), ie.where(), ie.node().orElse(null), Cli.BAD_INPUT);
        return new ErrorDoc(e.code(), e.getMessage(), e.span().isKnown() ? e.span().toString() : null, Cli.BAD_INPUT);
    }

    static ErrorDoc usage(String message) {
        return new ErrorDoc("usage", message, null, Cli.BAD_INPUT);
    }

    static ErrorDoc timeout(long ms) {
        return new ErrorDoc("timeout", "unknown (timeout after " + ms + " ms)", null, Cli.UNKNOWN);
    }

    static ErrorDoc internal(Throwable t) {
        String what = t.getClass().getName() + (t.getMessage() == null ? "" : ": " + firstLine(t.getMessage()));
        return new ErrorDoc("internal", "internal error (a bug in shapeforge): " + what, null, Cli.INTERNAL);
    }

    /** The JSON document; a timeout also carries the verdict {@code unknown}, as the commands print it. */
    ObjectNode json() {
        ObjectNode doc = Cli.JSON.createObjectNode();
        if (kind.equals("timeout")) doc.put("verdict", "unknown").put("reason", message.replaceAll("^unknown \\((.*)\\)$", "$1"));
        ObjectNode e = doc.putObject("error").put("kind", kind).put("message", message);
        if (location == null) e.putNull("location");
        else e.put("location", location);
        if (node != null) NodeJson.put(e.putObject("node"), node);
        return doc;
    }

    /** The human-readable line for stderr: {@code file:line:col: message} (a message that already starts with its location as is). */
    String text() {
        return (location == null || message.startsWith(location) ? "" : location + ": ") + message;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }
}
