package org.shapeforge.onnx;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import onnx.Onnx.NodeProto;
import onnx.Onnx.StringStringEntryProto;

/**
 * Reads the {@link SourceLocation} torch 2's exporter ({@code torch.onnx.export(..., dynamo=True)})
 * writes on each node's {@code metadata_props}: {@value #STACK_TRACE}, the Python frames the node
 * came from, outermost first, each {@code File "m.py", line 42, in forward} followed by its code
 * line; and {@value #NAMESPACE}, the module path as {@code /}-separated {@code path: class}
 * segments, the last one the node's own ({@code : M/enc: Enc/enc.attn: Attn/linear: aten.linear.default}).
 * The user's frame is the last one not inside torch (a file under {@code site-packages/torch/} or
 * {@code dist-packages/torch/}); the module is the path of the segment before the node's own.
 * A node without a stack trace, or whose frames are all torch's, has no location; metadata that
 * does not have this form gives none (it is advisory: it never makes an import fail).
 */
final class TorchSource {
    /** The node metadata key of the Python stack trace. */
    static final String STACK_TRACE = "pkg.torch.onnx.stack_trace";
    /** The node metadata key of the module path. */
    static final String NAMESPACE = "namespace";

    private static final Pattern FRAME = Pattern.compile("^\\s*File \"(.+)\", line (\\d{1,9}), in (.+)$", Pattern.MULTILINE);

    private TorchSource() {}

    /** Node {@code p}'s location in the user's Python, if torch's metadata gives one. */
    static Optional<SourceLocation> of(NodeProto p) {
        String trace = null, namespace = "";
        for (StringStringEntryProto e : p.getMetadataPropsList()) {
            if (e.getKey().equals(STACK_TRACE)) trace = e.getValue();
            else if (e.getKey().equals(NAMESPACE)) namespace = e.getValue();
        }
        if (trace == null) return Optional.empty();
        String file = null, function = null;
        int line = 0;
        Matcher m = FRAME.matcher(trace);
        while (m.find()) {
            int at = Integer.parseInt(m.group(2));
            if (at < 1 || insideTorch(m.group(1))) continue;
            file = m.group(1);
            line = at;
            function = m.group(3).strip();
        }
        if (file == null) return Optional.empty();
        return Optional.of(new SourceLocation(file, line, function, module(namespace)));
    }

    /** The origin of node {@code p} at position {@code index}, with its location. */
    static NodeOrigin origin(int index, NodeProto p) {
        return new NodeOrigin(index, p.getName(), p.getOpType(), "", "", of(p));
    }

    private static boolean insideTorch(String file) {
        String f = file.replace('\\', '/');
        return f.contains("/site-packages/torch/") || f.contains("/dist-packages/torch/");
    }

    /** The path of the namespace's next-to-last segment ({@code enc.attn} above); empty for the top-level module or no namespace. */
    private static String module(String namespace) {
        String[] segments = namespace.split("/", -1);
        if (segments.length < 2) return "";
        String owner = segments[segments.length - 2];
        int colon = owner.indexOf(": ");
        return colon < 0 ? "" : owner.substring(0, colon).strip();
    }
}
