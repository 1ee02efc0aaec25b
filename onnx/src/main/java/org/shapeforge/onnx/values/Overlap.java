package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.List;
import java.util.function.IntFunction;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;

/**
 * NonMaxSuppression's pairwise test as one loop-IR expression: 1 where box {@code a} and box
 * {@code b} overlap with an intersection over union strictly greater than the threshold, else 0 —
 * ONNX's reference ({@code suppress_by_iou}, onnx/reference/ops/op_non_max_suppression.py) step by
 * step: corners {@code [y1, x1, y2, x2]} in either order ({@code center_point_box = 0}) or
 * {@code [x_center, y_center, width, height]} ({@code = 1}); an empty intersection (width or height
 * {@code <= 0}), an intersection area {@code <= 0}, a box of area {@code <= 0} or a union
 * {@code <= 0} never suppresses. Every factor is a STEP (0 or 1), so the quotient's NaN or ±∞ where
 * the union is not positive is multiplied by nothing but a STEP of it, which is 0 there ({@code x > 0}
 * is false for NaN). The test is symmetric in {@code a} and {@code b}.
 */
final class Overlap {
    private Overlap() {}

    /** A box's extent along one coordinate axis: {@code [lo, hi]}. */
    private record Span(Expr lo, Expr hi) {
        Expr length() {
            return sub(hi, lo);
        }
    }

    /** A box as its x and y spans. */
    private record Box(Span x, Span y) {
        Expr area() {
            return mul(x.length(), y.length());
        }
    }

    /**
     * The suppression test of boxes {@code a} and {@code b}, each given as its 4 coordinates
     * ({@code a.apply(q)} reads coordinate q of box a); {@code threshold} is the IoU threshold.
     */
    static Expr suppresses(IntFunction<Expr> a, IntFunction<Expr> b, boolean centerPointBox, double threshold) {
        Box p = box(a, centerPointBox), q = box(b, centerPointBox);
        Expr w = sub(min(p.x().hi(), q.x().hi()), max(p.x().lo(), q.x().lo()));
        Expr h = sub(min(p.y().hi(), q.y().hi()), max(p.y().lo(), q.y().lo()));
        Expr inter = mul(w, h);
        Expr union = sub(new Expr.Binary(BinOp.ADD, p.area(), q.area()), inter);
        Expr iouAbove = step(sub(new Expr.Binary(BinOp.DIV, inter, union), c(threshold)));
        return product(List.of(step(w), step(h), step(inter), step(p.area()), step(q.area()), step(union), iouAbove));
    }

    private static Box box(IntFunction<Expr> r, boolean center) {
        if (center) { // half extents: box[2] / 2 and box[3] / 2, as the reference divides
            Expr hw = new Expr.Binary(BinOp.DIV, r.apply(2), c(2)), hh = new Expr.Binary(BinOp.DIV, r.apply(3), c(2));
            return new Box(new Span(sub(r.apply(0), hw), new Expr.Binary(BinOp.ADD, r.apply(0), hw)),
                    new Span(sub(r.apply(1), hh), new Expr.Binary(BinOp.ADD, r.apply(1), hh)));
        }
        return new Box(new Span(min(r.apply(1), r.apply(3)), max(r.apply(1), r.apply(3))),
                new Span(min(r.apply(0), r.apply(2)), max(r.apply(0), r.apply(2))));
    }

    private static Expr min(Expr a, Expr b) {
        return new Expr.Binary(BinOp.MIN, a, b);
    }

    private static Expr max(Expr a, Expr b) {
        return new Expr.Binary(BinOp.MAX, a, b);
    }

    private static Expr product(List<Expr> factors) {
        Expr e = factors.getFirst();
        for (Expr f : factors.subList(1, factors.size())) e = mul(e, f);
        return e;
    }
}
