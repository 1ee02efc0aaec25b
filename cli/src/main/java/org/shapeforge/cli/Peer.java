package org.shapeforge.cli;

/**
 * What a user would run instead of our generated code, each timed by its own helper script beside
 * ours in {@code bench models}, at the same thread count on the same inputs, one model after the
 * other so that a ratio's two sides see the same minutes of a shared machine:
 * <ul>
 *   <li>{@link #ORT}: ONNX Runtime's CPU execution provider on the very {@code model.onnx}
 *       ({@code scripts/ort-forward-time.py}: {@code intra_op_num_threads} = N, sequential, its
 *       session creation timed) — the baseline of issue 40's targets;</li>
 *   <li>{@link #TORCH}: PyTorch's forward of the network rebuilt as the exporter built it
 *       ({@code scripts/torch-forward-time.py}, {@code torch.set_num_threads(N)}; issue 29).</li>
 * </ul>
 * The targets are the issues' ("geomean over the convolutional networks ≤ g, none above m").
 */
enum Peer {
    ORT("ort", "ONNX Runtime", "ort-forward-time.py", "ortVersion", 1.0, 1.5),
    TORCH("torch", "PyTorch", "torch-forward-time.py", "torchVersion", 3.0, 6.0);

    /** The column's and the JSON object's name. */
    final String key;
    /** The name the tables print. */
    final String label;
    /** The helper in {@code scripts/}. */
    final String script;
    /** The JSON field of the setup holding the peer's version. */
    final String versionField;
    /** The target: geomean of our-over-peer ratios over the convolutional networks at most this. */
    final double targetGeomean;
    /** The target: no convolutional network's ratio above this. */
    final double targetMax;

    Peer(String key, String label, String script, String versionField, double targetGeomean, double targetMax) {
        this.key = key;
        this.label = label;
        this.script = script;
        this.versionField = versionField;
        this.targetGeomean = targetGeomean;
        this.targetMax = targetMax;
    }
}
