package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.onnx.Attrs;

/**
 * Rearrangements with no arithmetic: Tile (a {@link Shaping#select} per repeated axis, indices
 * {@code i mod d}, repeats read when the code is generated), DepthToSpace / SpaceToDepth (ONNX's
 * reshape–transpose–reshape, DCR or CRD) and Compress (a select of the kept positions, the
 * condition read when the code is generated).
 */
final class Layouts {
    private Layouts() {}

    static Value apply(Kernels k, String name, String op, Attrs at, List<Value> in) {
        return switch (op) {
            case "Tile" -> tile(k, name, in.get(0), in.get(1).longs());
            case "DepthToSpace" -> depthToSpace(k, name, in.get(0), (int) at.i("blocksize", 1), at.s("mode", "DCR"));
            case "SpaceToDepth" -> spaceToDepth(k, name, in.get(0), (int) at.i("blocksize", 1));
            case "Compress" -> compress(k, name, in.get(0), in.get(1), at.has("axis") ? at.i("axis", 0) : null);
            default -> throw new IllegalArgumentException("not a layout op: " + op);
        };
    }

    /** The slices of {@code x} (flattened without an axis) where {@code condition} is non-zero, in order. */
    static Value compress(Kernels k, String name, Value x, Value condition, Long axisAttr) {
        Value src = axisAttr == null ? x.view(List.of((int) x.size())) : x;
        int axis = axisAttr == null ? 0 : (int) (axisAttr < 0 ? axisAttr + x.rank() : axisAttr);
        List<Integer> kept = new ArrayList<>();
        double[] cond = condition.data();
        for (int i = 0; i < Math.min(cond.length, src.dims().get(axis)); i++) if (cond[i] != 0) kept.add(i);
        if (kept.isEmpty()) throw new NotExpressible(name + ": nothing selected (a zero-size result)");
        return Shaping.select(k, name, src, axis, kept.stream().mapToInt(Integer::intValue).toArray());
    }

    static Value tile(Kernels k, String name, Value x, long[] repeats) {
        Value y = x;
        for (int a = 0; a < x.rank(); a++) {
            if (repeats[a] == 1) continue;
            int d = y.dims().get(a);
            int[] idx = new int[k.extent(name + " along axis " + a, Math.multiplyHigh(d, repeats[a]) != 0 ? Long.MAX_VALUE : d * repeats[a])];
            for (int i = 0; i < idx.length; i++) idx[i] = i % d;
            y = Shaping.select(k, name + "_" + a, y, a, idx);
        }
        return y == x ? Pointwise.copy(k, name, x) : y;
    }

    /** DCR: {@code [N, b, b, C/b², H, W] → perm (0, 3, 4, 1, 5, 2)}; CRD: {@code [N, C/b², b, b, H, W] → (0, 1, 4, 2, 5, 3)}. */
    static Value depthToSpace(Kernels k, String name, Value x, int bs, String mode) {
        int n = x.dims().get(0), ch = x.dims().get(1), h = x.dims().get(2), w = x.dims().get(3), c = ch / (bs * bs);
        boolean dcr = !mode.equals("CRD");
        Value v = x.view(dcr ? List.of(n, bs, bs, c, h, w) : List.of(n, c, bs, bs, h, w));
        Value t = Shaping.transpose(k, name, v, dcr ? new int[] {0, 3, 4, 1, 5, 2} : new int[] {0, 1, 4, 2, 5, 3});
        return t.view(List.of(n, c, h * bs, w * bs));
    }

    /** {@code [N, C, H/b, b, W/b, b] → perm (0, 3, 5, 1, 2, 4)}. */
    static Value spaceToDepth(Kernels k, String name, Value x, int bs) {
        int n = x.dims().get(0), c = x.dims().get(1), h = x.dims().get(2), w = x.dims().get(3);
        Value v = x.view(List.of(n, c, h / bs, bs, w / bs, bs));
        Value t = Shaping.transpose(k, name, v, new int[] {0, 3, 5, 1, 2, 4});
        return t.view(List.of(n, c * bs * bs, h / bs, w / bs));
    }
}
