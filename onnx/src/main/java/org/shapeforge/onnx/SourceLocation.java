package org.shapeforge.onnx;

/**
 * Where in the user's Python an ONNX node was made, as torch 2's exporter records it on the node
 * ({@link TorchSource}): the file and line of the user's frame — the innermost frame of the node's
 * stack trace outside torch itself — the function of that frame, and the path of the innermost
 * module the node belongs to ({@code encoder.layers.0.attn}; empty for the top-level module).
 * Printed {@code model.py:42 in forward (encoder.layers.0.attn)}. The file is as the trace names
 * it (usually absolute).
 */
public record SourceLocation(String file, int line, String function, String module) {
    public SourceLocation {
        if (file.isEmpty()) throw new IllegalArgumentException("a source location names its file");
        if (line < 1) throw new IllegalArgumentException("line " + line + " (lines count from 1)");
    }

    /** {@code model.py:42 in forward (encoder.layers.0.attn)}; without the parentheses for the top-level module. */
    public String text() {
        return Names.oneLine(file) + ":" + line + " in " + Names.oneLine(function) + (module.isEmpty() ? "" : " (" + Names.oneLine(module) + ")");
    }
}
