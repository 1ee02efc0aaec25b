package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.clamp;
import static org.shapeforge.onnx.values.Exprs.hit;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.List;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * GridSample (4-D) as one accumulation over every input pixel, the sampling point computed in the
 * kernel from the grid: {@code y[n, c, h, w] =:+ X[n, c, p, q]·K(sy − p)·K(sx − q)}, where
 * {@code (sx, sy)} is the grid point unnormalised ({@code align_corners}: {@code (g + 1)/2·(size − 1)},
 * else {@code ((g + 1)·size − 1)/2}) and the kernel K is the mode's: bilinear the tent
 * {@code max(0, 1 − |d|)}, nearest {@code 1 − STEP|ROUND(s) − p|} (half to even, as NumPy's
 * {@code rint}), bicubic the Keys kernel with A = −0.75 (piecewise by STEP masks). Padding: zeros is
 * the sum itself (no pixel outside); border clamps the point to the pixel range first; reflection
 * folds it (a triangle wave by MOD, over {@code [0, size − 1]} with {@code align_corners}, else
 * {@code [−½, size − ½]}) and then clamps — which reproduces reading reflected neighbours for
 * bilinear and nearest. Bicubic reads 4 neighbours per axis, so it is exact with zeros padding
 * only; its border and reflection padding are not lowered. O(H·W) per output pixel.
 */
final class GridSampling {
    private GridSampling() {}

    static Value apply(Kernels k, String name, Attrs at, Value x, Value grid) {
        if (x.rank() != 4) throw new NotExpressible(name + ": GridSample of a rank-" + x.rank() + " input is not lowered (4-D only)");
        String mode = at.s("mode", "bilinear"), padding = at.s("padding_mode", "zeros");
        boolean align = at.i("align_corners", 0) != 0;
        if (mode.equals("bicubic") && !padding.equals("zeros"))
            throw new NotExpressible(name + ": bicubic GridSample with " + padding + " padding reads clamped neighbours; not lowered");
        int n = x.dims().get(0), ch = x.dims().get(1), h = x.dims().get(2), w = x.dims().get(3);
        int ho = grid.dims().get(1), wo = grid.dims().get(2);
        Kernel b = new Kernel(name);
        Kernel.Ix ni = b.iter(n), ci = b.iter(ch), hi = b.iter(ho), wi = b.iter(wo), pi = b.iter(h), qi = b.iter(w);
        String g = b.tensor(grid);
        Expr gx = Kernel.read(g, List.of(Kernel.at(ni), Kernel.at(hi), Kernel.at(wi), Index.fixed(0)));
        Expr gy = Kernel.read(g, List.of(Kernel.at(ni), Kernel.at(hi), Kernel.at(wi), Index.fixed(1)));
        Expr sx = padded(unnormalize(gx, w, align), w, padding, align), sy = padded(unnormalize(gy, h, align), h, padding, align);
        Expr p = Kernel.read(b.tensor(Value.iota(h)), List.of(Kernel.at(pi))), q = Kernel.read(b.tensor(Value.iota(w)), List.of(Kernel.at(qi)));
        Expr weight = mul(kernel(mode, sub(sy, p), sy, p), kernel(mode, sub(sx, q), sx, q));
        Expr v = Kernel.read(b.tensor(x), List.of(Kernel.at(ni), Kernel.at(ci), Kernel.at(pi), Kernel.at(qi)));
        return b.run(k, List.of(n, ch, ho, wo), List.of(Kernel.at(ni), Kernel.at(ci), Kernel.at(hi), Kernel.at(wi)), mul(v, weight),
                Update.accumulate(BinOp.ADD), x.type());
    }


    private static Expr unnormalize(Expr g, int size, boolean align) {
        return align ? mul(add(g, c(1)), c((size - 1) / 2.0)) : mul(sub(mul(add(g, c(1)), c(size)), c(1)), c(0.5));
    }


    private static Expr padded(Expr s, int size, String padding, boolean align) {
        return switch (padding) {
            case "zeros" -> s;
            case "border" -> clamp(s, 0, size - 1);
            case "reflection" -> {
                double lo = align ? 0 : -0.5, range = align ? size - 1 : size;
                if (range <= 0) yield c(0);
                Expr t = new Expr.Binary(BinOp.MOD, sub(s, c(lo)), c(2 * range));
                Expr folded = add(c(lo), sub(c(range), new Expr.Unary(UnOp.ABS, sub(t, c(range)))));
                yield clamp(folded, 0, size - 1);
            }
            default -> throw new NotExpressible("GridSample: padding_mode '" + padding + "' is not lowered");
        };
    }

    /** The weight of pixel {@code pixel} for sampling point {@code s} ({@code d = s − pixel}). */
    private static Expr kernel(String mode, Expr d, Expr s, Expr pixel) {
        Expr ad = new Expr.Unary(UnOp.ABS, d);
        return switch (mode) {
            case "bilinear" -> new Expr.Binary(BinOp.MAX, sub(c(1), ad), c(0));
            case "nearest" -> hit(new Expr.Unary(UnOp.ROUND, s), pixel);
            case "bicubic" -> {
                double a = -0.75;
                Expr ad2 = mul(ad, ad), ad3 = mul(ad2, ad);
                Expr near = add(sub(mul(c(a + 2), ad3), mul(c(a + 3), ad2)), c(1));
                Expr far = sub(add(sub(mul(c(a), ad3), mul(c(5 * a), ad2)), mul(c(8 * a), ad)), c(4 * a));
                yield add(mul(near, step(sub(c(1), ad))), mul(far, mul(step(sub(ad, c(1))), step(sub(c(2), ad)))));
            }
            default -> throw new NotExpressible("GridSample: mode '" + mode + "' is not lowered");
        };
    }
}
