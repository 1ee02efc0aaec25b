package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.hit;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss by ONNX's definitions, with the target's
 * class selected by a one-hot accumulation over the class axis (as {@link Positional}'s
 * GatherElements): for input {@code x[n, c, d…]} and target {@code t[n, d…]},
 * <ul>
 *   <li>{@code g[n, d…] =:+ x[n, c, d…]·hit}, {@code w[n, d…] =:+ weight[c]·hit} (1 without
 *       weights), {@code hit = 1 − STEP|t − c|};</li>
 *   <li>{@code keep = STEP|t − ignore_index|} (1 unless the target is ignored; without
 *       {@code ignore_index} 1), {@code loss = −g·w·keep};</li>
 *   <li>{@code none}: loss; {@code sum}: {@code Σ loss}; {@code mean}: {@code Σ loss / Σ w·keep}.</li>
 * </ul>
 * SoftmaxCrossEntropyLoss is that loss of {@code LogSoftmax(scores)} over axis 1 (the second
 * output, when asked for). Exact selections for finite inputs; the sums in float.
 */
final class LossValues {
    private LossValues() {}

    static List<Value> apply(Kernels k, String name, String op, Attrs at, List<Value> in, int outputs) {
        Value x = in.get(0), t = in.get(1), weight = in.size() > 2 ? in.get(2) : null;
        if (x.rank() < 2) throw new IllegalArgumentException(name + ": the input needs rank >= 2, got " + x.dims());
        Value logProb = null;
        if (op.equals("SoftmaxCrossEntropyLoss")) {
            boolean[] axis1 = new boolean[x.rank()];
            axis1[1] = true;
            logProb = Reductions.softmax(k, name + "_logprob", x, axis1, true);
            x = logProb;
        }
        Long ignore = at.has("ignore_index") ? at.i("ignore_index", 0) : null;
        Value g = select(k, name + "_pick", x, t);
        Value w = weight == null ? null : select(k, name + "_weight", weight, t);
        List<Value> ops = new ArrayList<>(List.of(g, t));
        if (w != null) ops.add(w);
        Value loss = Pointwise.map(k, name + "_loss", ops, r -> {
            Expr e = new Expr.Unary(UnOp.NEG, r.get(0));
            if (w != null) e = mul(e, r.get(2));
            return ignore == null ? e : mul(e, keep(r.get(1), ignore));
        }, x.type());
        Value out = switch (at.s("reduction", "mean")) {
            case "none" -> loss;
            case "sum" -> Reductions.reduce(k, name, loss, all(loss.rank()), false, BinOp.ADD, false);
            case "mean" -> {
                Value total = Reductions.reduce(k, name + "_sum", loss, all(loss.rank()), false, BinOp.ADD, false);
                List<Value> ws = new ArrayList<>(List.of(t));
                if (w != null) ws.add(w);
                Value kept = Pointwise.map(k, name + "_kept", ws, r -> {
                    Expr e = w != null ? r.get(1) : c(1);
                    return ignore == null ? e : mul(e, keep(r.get(0), ignore));
                }, x.type());
                Value count = Reductions.reduce(k, name + "_count", kept, all(kept.rank()), false, BinOp.ADD, false);
                yield Pointwise.map(k, name, List.of(total, count), r -> new Expr.Binary(BinOp.DIV, r.get(0), r.get(1)), x.type());
            }
            default -> throw new IllegalArgumentException(name + ": reduction '" + at.s("reduction", "mean") + "' is none of none, mean, sum");
        };
        return outputs > 1 && logProb != null ? List.of(out, logProb) : List.of(out);
    }

    /** 1 unless {@code t} is the ignored class (integers: |t − ii| is 0 or at least 1). */
    private static Expr keep(Expr t, long ignore) {
        return step(new Expr.Unary(UnOp.ABS, sub(t, c(ignore))));
    }

    private static boolean[] all(int rank) {
        boolean[] r = new boolean[rank];
        Arrays.fill(r, true);
        return r;
    }

    /**
     * {@code out[n, d…] =:+ src[n, c, d…]·(1 − STEP|t[n, d…] − c|)} for a rank-≥2 {@code src}, or
     * {@code out[n, d…] =:+ src[c]·(…)} for the 1-D weights; a target outside 0…C−1 (the ignored
     * class) selects nothing: 0.
     */
    private static Value select(Kernels k, String name, Value src, Value t) {
        boolean perClass = src.rank() == 1;
        int classes = perClass ? src.dims().getFirst() : src.dims().get(1);
        Kernel b = new Kernel(name);
        List<Index> ti = new ArrayList<>(), si = new ArrayList<>();
        List<Kernel.Ix> tix = new ArrayList<>();
        for (int d : t.dims()) tix.add(b.iter(d));
        for (Kernel.Ix i : tix) ti.add(Kernel.at(i));
        Kernel.Ix cls = b.iter(classes);
        if (perClass) si.add(Kernel.at(cls));
        else {
            si.add(ti.getFirst());
            si.add(Kernel.at(cls));
            si.addAll(ti.subList(1, ti.size()));
        }
        Expr pos = Kernel.read(b.tensor(Value.iota(classes)), List.of(Kernel.at(cls)));
        Expr hit = hit(Kernel.read(b.tensor(t), ti), pos);
        return b.run(k, t.dims(), ti, mul(Kernel.read(b.tensor(src), si), hit), Update.accumulate(BinOp.ADD), src.type());
    }
}
