package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;

/**
 * Ops whose output is (or is shaped by) another tensor's shape: Shape (a 1-D tensor of the
 * input's axis sizes, {@code start}/{@code end} from opset 15, clamped as Python slices), Size (a
 * scalar: the element count, known when every axis is) and ConstantOfShape (a tensor whose axes are
 * its input's contents). Shape's contents are the input's dimension terms ({@link ShapeValue}),
 * which {@link Contents} carries on to the Reshape or Expand that reads them.
 */
final class ShapeOps {
    private ShapeOps() {}

    static List<Tensor> shape(Node n, Emitter e) {
        Tensor x = n.input(0);
        int r = x.rank();
        long s = n.attrs().i("start", 0), t = n.attrs().i("end", r);
        int from = (int) Math.clamp(s < 0 ? s + r : s, 0, r), to = (int) Math.clamp(t < 0 ? t + r : t, 0, r);
        List<ShapeValue> vs = new ArrayList<>();
        for (int i = from; i < to; i++) vs.add(ShapeValue.of(x.dim(i)));
        if (vs.isEmpty())
            throw n.error("the shape slice [" + from + ":" + to + "] of a rank-" + r + " input is empty: a size-0 axis"
                    + " (sizes are at least 1, Def. 1.1)");
        return List.of(n.result(0, List.of(Emitter.size(vs.size()))).withContents(vs));
    }

    static List<Tensor> size(Node n, Emitter e) {
        Tensor x = n.input(0);
        long count = 1;
        for (Dim d : x.dims()) {
            if (!(ShapeValue.of(d) instanceof ShapeValue.Known(long v))) return List.of(n.result(0, List.of()));
            count = Math.multiplyExact(count, v);
        }
        return List.of(n.result(0, List.of()).withContents(List.of(new ShapeValue.Known(count))));
    }

    static List<Tensor> constantOfShape(Node n, Emitter e) {
        Tensor in = n.input(0);
        if (in.rank() != 1) throw n.error("input 0 must be a 1-D shape (it has rank " + in.rank() + ")");
        List<ShapeValue> vs = in.contents().orElseThrow(() -> ImportError.at("unsupported", n.file(), n.in(0),
                "the shape must be known at import time (an initializer, a Constant, or computed from Shape by"
                        + " Gather/Slice/Concat/Squeeze/Unsqueeze/Cast): shapes computed by arithmetic are not followed"));
        Tensor out = n.result(0, dims(n, e, vs, 0));
        // an integer fill of a short 1-D shape has known contents (expanded functions build shapes so:
        // LayerNormalization's ConstantOfShape(rank − axis, value = 1) is the suffix of its reduced shape)
        var fill = n.attrs().tensor("value").map(t -> Model.initializer("value", t).ints()).flatMap(x -> x);
        if (vs.size() == 1 && vs.getFirst() instanceof ShapeValue.Known(long len) && len <= MAX_FOLDED
                && fill.isPresent() && fill.get().length == 1) {
            long[] v = new long[(int) len];
            java.util.Arrays.fill(v, fill.get()[0]);
            out = out.withContents(ShapeValue.known(v));
        }
        return List.of(out);
    }

    /** The longest integer fill whose contents are kept (a shape has a few elements; a large fill is data). */
    static final int MAX_FOLDED = 64;

    /** The axes a shape's contents give (each at least 1): a dimension term as it is, a known size as an atom. */
    static List<Dim> dims(Node n, Emitter e, List<ShapeValue> vs, int input) {
        List<Dim> out = new ArrayList<>();
        for (int i = 0; i < vs.size(); i++) {
            switch (vs.get(i)) {
                case ShapeValue.Term(Dim d) -> out.add(d);
                case ShapeValue.Product(List<Dim> fs) -> out.add(Contents.product(n, e, fs));
                case ShapeValue.Known(long v) -> {
                    if (v < 1) throw n.error("entry " + i + " of input " + input + " is " + v + ": sizes are at least 1 (Def. 1.1)");
                    out.add(Emitter.size(v));
                }
            }
        }
        return out;
    }
}
