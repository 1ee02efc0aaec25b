package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowering;
import org.shapeforge.onnx.values.Lowerings;

/**
 * DFT ({@code axis} attribute before opset 20, input after; the axis becomes {@code dft_length}
 * or, one-sided, {@code ⌊n/2⌋ + 1}; the last axis 2, real and imaginary), STFT
 * ({@code [batch, frames, bins, 2]} with {@code frames = ⌊(len − frame_length)/frame_step⌋ + 1}), the
 * window generators ({@code [size]}) and MelWeightMatrix ({@code [⌊dft_length/2⌋ + 1,
 * num_mel_bins]}). Sizes computed from contents need those contents known at import; an axis
 * whose length is needed must be a known size (else the import says which).
 */
final class Spectral {
    private Spectral() {}

    /** DFT, STFT, the window functions and MelWeightMatrix: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Spectral::dft, Lowerings.SPECTRAL, "DFT"),
            OpSpec.each(Spectral::stft, Lowerings.SPECTRAL, "STFT"),
            OpSpec.each(Spectral::window, Lowerings.SIGNALS, "HannWindow", "HammingWindow", "BlackmanWindow"),
            OpSpec.each(Spectral::melWeightMatrix, Lowering.none("the mel filter bank's triangular weights (from the sample rate and"
                    + " frequency bounds): not lowered yet"), "MelWeightMatrix"));

    private static long known(Node n, int k, String what) {
        Double v = ShapeOps.scalar(n, k);
        if (v == null) throw ImportError.at("unsupported", n.file(), n.in(k), what + " must be known at import time");
        return v.longValue();
    }

    static List<Tensor> dft(Node n, Emitter e) {
        Tensor x = n.input(0);
        long ax = n.opset() >= 20 ? (n.optInput(2).isPresent() ? known(n, 2, "axis") : -2) : n.attrs().i("axis", 1);
        int axis = n.axis(ax, x.rank());
        if (axis == x.rank() - 1) throw n.error("the DFT axis cannot be the last (real/imaginary) axis");
        e.range(x.dim(x.rank() - 1), 1, 2, n.origin("the last axis: 1 (real) or 2 (complex)"));
        boolean onesided = n.attrs().i("onesided", 0) != 0;
        Dim len;
        if (n.optInput(1).isPresent()) len = Emitter.size(known(n, 1, "dft_length"));
        else len = x.dim(axis);
        if (onesided) len = Emitter.size(e.sizeOf(len, n.in(0), "a one-sided DFT's length") / 2 + 1);
        List<Dim> y = new ArrayList<>(x.dims());
        y.set(axis, len);
        y.set(x.rank() - 1, Emitter.size(2));
        return List.of(n.result(0, y));
    }

    static List<Tensor> stft(Node n, Emitter e) {
        Tensor x = n.input(0);
        if (x.rank() != 3) throw n.error("the signal must have rank 3 [batch, length, 1|2]");
        long step = known(n, 1, "frame_step");
        long frame = n.optInput(3).isPresent() ? known(n, 3, "frame_length")
                : n.optInput(2).map(w -> e.sizeOf(w.dim(0), n.in(2), "the window's length")).orElseThrow(() -> n.error("a window or frame_length is needed"));
        long len = e.sizeOf(x.dim(1), n.in(0), "the signal's length");
        long frames = (len - frame) / step + 1;
        if (frames < 1) throw n.error("no frame of " + frame + " fits a signal of " + len);
        long bins = n.attrs().i("onesided", 1) != 0 ? frame / 2 + 1 : frame;
        return List.of(n.result(0, List.of(x.dim(0), Emitter.size(frames), Emitter.size(bins), Emitter.size(2))));
    }

    static List<Tensor> window(Node n, Emitter e) {
        long size = known(n, 0, "size");
        if (size < 1) throw n.error("a window of size " + size + ": sizes are at least 1 (Def. 1.1)");
        return List.of(n.result(0, List.of(Emitter.size(size))));
    }

    static List<Tensor> melWeightMatrix(Node n, Emitter e) {
        long bins = known(n, 0, "num_mel_bins"), dft = known(n, 1, "dft_length");
        return List.of(n.result(0, List.of(Emitter.size(dft / 2 + 1), Emitter.size(bins))));
    }
}
