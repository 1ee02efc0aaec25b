package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.hit;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.List;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Update;

/**
 * NonMaxSuppression's per-class bookkeeping ({@link Suppression}): the {@code nb × nc} score lines
 * of {@code n} boxes each, which boxes are candidates, their order, and the final gather of the
 * selected triples — each a loop-IR operation over {@code (b, c, …)} whose values are 0/1 flags or
 * integer counts below 2^24 (exact in the kernels' float).
 *
 * @param scoreThreshold null: every box is a candidate (ONNX: the input is absent); else a box is one
 *     where its score is strictly greater
 */
record ScoreLines(int nb, int nc, int n, Value scores, Double scoreThreshold) {
    /** 1 where a score (an expression reading {@link #scores}) makes its box a candidate. */
    Expr candidate(Expr score) {
        return scoreThreshold == null ? c(1) : step(sub(score, c(scoreThreshold)));
    }

    /**
     * {@code rank[b, c, i]}: how many candidates of line (b, c) come before box i — a higher score,
     * or the same score and a lower index (the reference's {@code BoxInfo} order).
     */
    Value rank(Kernels k, String name) {
        Kernel b = new Kernel(name);
        Kernel.Ix bi = b.iter(nb), ci = b.iter(nc), i = b.iter(n), j = b.iter(n);
        String st = b.tensor(scores), it = b.tensor(Value.iota(n));
        Expr si = Kernel.read(st, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(i)));
        Expr sj = Kernel.read(st, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(j)));
        Expr higher = step(sub(sj, si)), equal = sub(sub(c(1), step(sub(sj, si))), step(sub(si, sj)));
        Expr lowerIndex = step(sub(sub(Kernel.read(it, List.of(Kernel.at(i))), Kernel.read(it, List.of(Kernel.at(j)))), c(0.5)));
        return b.run(k, List.of(nb, nc, n), List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(i)),
                mul(candidate(sj), add(higher, mul(equal, lowerIndex))), Update.accumulate(BinOp.ADD), DataType.INT64_VALUE);
    }

    /**
     * {@code before[b, c, i, j]}: 1 where candidates i and j of line (b, c) both are, i ranks before
     * j, and i's box overlaps j's past the threshold ({@code overlaps[b, i, j]}).
     */
    Value blocking(Kernels k, String name, Value rank, Value overlaps) {
        Kernel b = new Kernel(name);
        Kernel.Ix bi = b.iter(nb), ci = b.iter(nc), i = b.iter(n), j = b.iter(n);
        String st = b.tensor(scores), rt = b.tensor(rank), ot = b.tensor(overlaps);
        Expr ci2 = candidate(Kernel.read(st, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(i))));
        Expr cj = candidate(Kernel.read(st, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(j))));
        Expr earlier = step(sub(Kernel.read(rt, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(j))),
                Kernel.read(rt, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(i)))));
        Expr e = mul(mul(ci2, cj), mul(earlier, Kernel.read(ot, List.of(Kernel.at(bi), Kernel.at(i), Kernel.at(j)))));
        return b.run(k, List.of(nb, nc, n, n), List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(i), Kernel.at(j)), e, Update.assign(),
                DataType.INT64_VALUE);
    }

    /**
     * The {@code [selected, 3]} triples from {@code keep[b, c, j]} (1 where the greedy pass keeps box
     * j of line (b, c)): a kept box's place among its line's kept boxes in rank order
     * ({@code place}), the first {@code cap} of each line selected, each line's count, the lines'
     * offsets in the result (batch-major, then class), and the triples gathered one-hot to their rows.
     */
    Value select(Kernels k, String name, Value keep, long cap, Value rank) {
        List<Integer> line = List.of(nb, nc, n);
        Kernel pb = new Kernel(name + "_place");
        Kernel.Ix bi = pb.iter(nb), ci = pb.iter(nc), i = pb.iter(n), j = pb.iter(n);
        String kt = pb.tensor(keep), rt = pb.tensor(rank);
        Expr earlier = step(sub(Kernel.read(rt, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(j))),
                Kernel.read(rt, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(i)))));
        Value place = pb.run(k, line, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(j)),
                mul(Kernel.read(kt, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(i))), earlier), Update.accumulate(BinOp.ADD),
                DataType.INT64_VALUE);
        Value selected = Pointwise.map(k, name + "_selected", List.of(keep, place), r -> mul(r.get(0), step(sub(c(cap), r.get(1)))),
                DataType.INT64_VALUE);
        Value counts = Reductions.reduce(k, name + "_count", selected, new boolean[] {false, false, true}, false, BinOp.ADD, false);
        int lines = nb * nc;
        Kernel ob = new Kernel(name + "_offset");
        Kernel.Ix f = ob.iter(lines), g = ob.iter(lines);
        String io = ob.tensor(Value.iota(lines));
        Expr lower = step(sub(sub(Kernel.read(io, List.of(Kernel.at(f))), Kernel.read(io, List.of(Kernel.at(g)))), c(0.5)));
        Value offsets = ob.run(k, List.of(lines), List.of(Kernel.at(f)),
                mul(Kernel.read(ob.tensor(counts.view(List.of(lines))), List.of(Kernel.at(g))), lower), Update.accumulate(BinOp.ADD),
                DataType.INT64_VALUE);
        long total = 0;
        for (double v : counts.data()) total += (long) v;
        if (total == 0) return new Value(List.of(0, 3), new double[0], DataType.INT64_VALUE);
        int rows = k.extent(name + " result", total);
        Kernel yb = new Kernel(name);
        Kernel.Ix row = yb.iter(rows), a = yb.iter(3), b2 = yb.iter(nb), c2 = yb.iter(nc), j2 = yb.iter(n);
        List<Index> at = List.of(Kernel.at(b2), Kernel.at(c2), Kernel.at(j2));
        Expr dest = add(Kernel.read(yb.tensor(offsets.view(List.of(nb, nc))), List.of(Kernel.at(b2), Kernel.at(c2))),
                Kernel.read(yb.tensor(place), at));
        Expr triple = Kernel.read(yb.tensor(coordinates()), List.of(Kernel.at(a), Kernel.at(b2), Kernel.at(c2), Kernel.at(j2)));
        Expr e = mul(mul(triple, Kernel.read(yb.tensor(selected), at)), hit(dest, Kernel.read(yb.tensor(Value.iota(rows)),
                List.of(Kernel.at(row)))));
        return yb.run(k, List.of(rows, 3), List.of(Kernel.at(row), Kernel.at(a)), e, Update.accumulate(BinOp.ADD), DataType.INT64_VALUE);
    }

    /** {@code [3, nb, nc, n]}: the batch, class and box index of every position (index metadata, no data). */
    private Value coordinates() {
        int cells = nb * nc * n;
        double[] d = new double[3 * cells];
        for (int p = 0; p < cells; p++) {
            d[p] = p / (nc * n);
            d[cells + p] = p / n % nc;
            d[2 * cells + p] = p % n;
        }
        return new Value(List.of(3, nb, nc, n), d, DataType.INT64_VALUE);
    }
}
