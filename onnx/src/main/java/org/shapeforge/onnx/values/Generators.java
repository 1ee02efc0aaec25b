package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.hit;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * Generators: Range ({@code start + delta·i}), EyeLike ({@code 1 − STEP|j − i − k|}) and OneHot
 * ({@code off + (on − off)·(1 − STEP|idx′ − v|)}, negative indices counted from the end), over a
 * position vector. The scalars that fix a size (Range's bounds, OneHot's depth) are read when the
 * code is generated, as the shape importer reads them.
 */
final class Generators {
    private Generators() {}

    static Value apply(Kernels k, String name, String op, Attrs at, List<Value> in) {
        return switch (op) {
            case "Range" -> range(k, name, in.get(0), in.get(1), in.get(2));
            case "EyeLike" -> eyeLike(k, name, in.get(0), at.i("k", 0), (int) at.i("dtype", in.get(0).type()));
            case "OneHot" -> oneHot(k, name, in.get(0), (long) in.get(1).data()[0], in.get(2), at.i("axis", -1));
            default -> throw new IllegalArgumentException("not a generator: " + op);
        };
    }

    static Value range(Kernels k, String name, Value start, Value limit, Value delta) {
        double s = start.data()[0], l = limit.data()[0], d = delta.data()[0];
        double count = Math.max(Math.ceil((l - s) / d), 0);
        int n = k.extent(name, count >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) count);
        return Pointwise.map(k, name, List.of(Value.iota(n), start.view(List.of(1)), delta.view(List.of(1))),
                r -> new Expr.Fma(r.get(0), r.get(2), r.get(1)), start.type());
    }

    static Value eyeLike(Kernels k, String name, Value x, long diagonal, int type) {
        if (x.rank() != 2) throw new IllegalArgumentException(name + ": EyeLike needs a 2-D input, got " + x.dims());
        Kernel b = new Kernel(name);
        Kernel.Ix i = b.iter(x.dims().get(0)), j = b.iter(x.dims().get(1));
        Expr ri = Kernel.read(b.tensor(Value.iota(x.dims().get(0))), List.of(Kernel.at(i)));
        Expr cj = Kernel.read(b.tensor(Value.iota(x.dims().get(1))), List.of(Kernel.at(j)));
        Expr one = hit(sub(cj, ri), c(diagonal));
        return b.run(k, x.dims(), List.of(Kernel.at(i), Kernel.at(j)), one, Update.assign(), type);
    }

    static Value oneHot(Kernels k, String name, Value idx, long depth, Value values, long axisAttr) {
        int rank = idx.rank() + 1, axis = (int) (axisAttr < 0 ? axisAttr + rank : axisAttr);
        Kernel b = new Kernel(name);
        List<Index> out = new ArrayList<>(), ii = new ArrayList<>();
        Kernel.Ix v = null;
        List<Integer> dims = new ArrayList<>();
        int src = 0;
        for (int a = 0; a < rank; a++) {
            if (a == axis) {
                v = b.iter(k.extent(name + " depth", depth));
                out.add(Kernel.at(v));
                dims.add((int) depth);
            } else {
                Kernel.Ix i = b.iter(idx.dims().get(src++));
                out.add(Kernel.at(i));
                ii.add(Kernel.at(i));
                dims.add(i.extent());
            }
        }
        Expr raw = Kernel.read(b.tensor(idx), ii);
        Expr target = add(raw, mul(c(depth), step(sub(c(-0.5), raw)))); // negative: from the end
        Expr pos = Kernel.read(b.tensor(Value.iota((int) depth)), List.of(Kernel.at(v)));
        Expr hit = hit(target, pos);
        String vals = b.tensor(values.view(List.of(2)));
        Expr off = Kernel.read(vals, List.of(Index.fixed(0))), on = Kernel.read(vals, List.of(Index.fixed(1)));
        return b.run(k, dims, out, add(off, mul(sub(on, off), hit)), Update.assign(), values.type());
    }
}
