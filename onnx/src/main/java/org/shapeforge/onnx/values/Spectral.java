package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.List;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * DFT (opsets 17 and 20) as one contraction with a constant matrix built when the code is
 * generated: {@code y[…, k, …, c] =:+ x[…, n, …, c′]·M[c, c′, k, n]}, where M holds
 * {@code cos θ} and {@code ∓sin θ} for {@code θ = 2πkn/N} (real and imaginary parts; the inverse
 * flips the sign and scales by 1/N). A real signal (last axis 1) reads only {@code c′ = 0};
 * {@code dft_length} pads with zeros or truncates (positions past the signal are left out of
 * the sum); {@code onesided} keeps {@code k ≤ N/2}.
 */
final class Spectral {
    private Spectral() {}

    static Value dft(Kernels k, String name, Attrs at, List<Value> in, long opset) {
        Value x = in.getFirst();
        int r = x.rank();
        long ax = opset >= 20 ? (in.size() > 2 && in.get(2) != null ? (long) in.get(2).data()[0] : -2) : at.i("axis", 1);
        int axis = (int) Math.floorMod(ax, r);
        if (axis == r - 1) throw new IllegalArgumentException(name + ": the DFT axis cannot be the last (real/imaginary) axis");
        int len = x.dims().get(axis), comps = x.dims().get(r - 1);
        int n = in.size() > 1 && in.get(1) != null ? (int) in.get(1).data()[0] : len;
        boolean inverse = at.i("inverse", 0) != 0, onesided = at.i("onesided", 0) != 0;
        if (onesided && inverse) throw new NotExpressible(name + ": an inverse one-sided DFT is not lowered");
        int outLen = onesided ? n / 2 + 1 : n, read = Math.min(len, n);
        double sign = inverse ? 1 : -1, scale = inverse ? 1.0 / n : 1;
        double[] m = new double[2 * comps * outLen * read];
        for (int c = 0; c < 2; c++)
            for (int c2 = 0; c2 < comps; c2++)
                for (int kk = 0; kk < outLen; kk++)
                    for (int t = 0; t < read; t++) {
                        double th = 2 * Math.PI * ((long) kk * t % n) / n, cos = Math.cos(th), sin = Math.sin(th);
                        // (re + i·im)(cos θ + i·sign·sin θ): re part re·cos − im·sign·sin, im part im·cos + re·sign·sin
                        double v = c == 0 ? (c2 == 0 ? cos : -sign * sin) : (c2 == 0 ? sign * sin : cos);
                        m[((c * comps + c2) * outLen + kk) * read + t] = v * scale;
                    }
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), yi = new ArrayList<>();
        List<Integer> dims = new ArrayList<>();
        Kernel.Ix ki = null, ti = null, ci = null, c2 = null;
        for (int a = 0; a < r; a++) {
            if (a == axis) {
                ki = b.iter(outLen);
                ti = b.iter(read);
                xi.add(Kernel.at(ti));
                yi.add(Kernel.at(ki));
                dims.add(outLen);
            } else if (a == r - 1) {
                ci = b.iter(2);
                c2 = b.iter(comps);
                xi.add(Kernel.at(c2));
                yi.add(Kernel.at(ci));
                dims.add(2);
            } else {
                Kernel.Ix i = b.iter(x.dims().get(a));
                xi.add(Kernel.at(i));
                yi.add(Kernel.at(i));
                dims.add(x.dims().get(a));
            }
        }
        Expr mv = Kernel.read(b.tensor(new Value(List.of(2, comps, outLen, read), m, DataType.FLOAT_VALUE)),
                List.of(Kernel.at(ci), Kernel.at(c2), Kernel.at(ki), Kernel.at(ti)));
        return b.run(k, dims, yi, new Expr.Binary(BinOp.MUL, Kernel.read(b.tensor(x), xi), mv), Update.accumulate(BinOp.ADD), x.type());
    }

    static Value stft(Kernels k, String name, Attrs at, List<Value> in) {
        Value x = in.getFirst();
        int step = (int) in.get(1).data()[0];
        Value window = in.size() > 2 ? in.get(2) : null;
        int frame = in.size() > 3 && in.get(3) != null ? (int) in.get(3).data()[0] : window != null ? (int) window.size() : -1;
        if (frame < 1) throw new IllegalArgumentException(name + ": STFT needs a window or a frame_length");
        int batch = x.dims().get(0), len = x.dims().get(1), comps = x.dims().get(2);
        int frames = (len - frame) / step + 1;
        boolean onesided = at.i("onesided", 1) != 0;
        int bins = onesided ? frame / 2 + 1 : frame;
        double[] m = new double[2 * comps * bins * frame];
        for (int c = 0; c < 2; c++)
            for (int c2 = 0; c2 < comps; c2++)
                for (int kk = 0; kk < bins; kk++)
                    for (int t = 0; t < frame; t++) {
                        double th = 2 * Math.PI * ((long) kk * t % frame) / frame, cos = Math.cos(th), sin = Math.sin(th);
                        double v = c == 0 ? (c2 == 0 ? cos : sin) : (c2 == 0 ? -sin : cos); // the forward transform
                        m[((c * comps + c2) * bins + kk) * frame + t] = v * (window == null ? 1 : window.data()[t]);
                    }
        Kernel b = new Kernel(name);
        Kernel.Ix bi = b.iter(batch), fi = b.iter(frames), ki = b.iter(bins), ci = b.iter(2), ti = b.iter(frame), c2 = b.iter(comps);
        Index at2 = new Index.Affine(List.of(new Index.Term(step, fi.symbol()), new Index.Term(1, ti.symbol())), 0);
        Expr xv = Kernel.read(b.tensor(x), List.of(Kernel.at(bi), at2, Kernel.at(c2)));
        Expr mv = Kernel.read(b.tensor(new Value(List.of(2, comps, bins, frame), m, DataType.FLOAT_VALUE)),
                List.of(Kernel.at(ci), Kernel.at(c2), Kernel.at(ki), Kernel.at(ti)));
        return b.run(k, List.of(batch, frames, bins, 2), List.of(Kernel.at(bi), Kernel.at(fi), Kernel.at(ki), Kernel.at(ci)),
                new Expr.Binary(BinOp.MUL, xv, mv), Update.accumulate(BinOp.ADD), x.type());
    }
}
