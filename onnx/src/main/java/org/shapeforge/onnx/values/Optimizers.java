package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.onnx.Attrs;

/**
 * The training operators of {@code ai.onnx.preview.training} — Adagrad, Momentum (standard and
 * Nesterov), Adam — as pointwise operations per optimized tensor, by the pseudo code of their
 * operator documentation. The scalars R (learning rate) and T (update count) are read when the
 * code is generated, so the step-dependent factors ({@code R / (1 + T·decay)}, Momentum's
 * {@code β} or 1 at T = 0, Adam's {@code R·sqrt(1 − β^T) / (1 − α^T)}) are constants of the kernels.
 * Inputs {@code R, T, X₁…Xₙ, G₁…Gₙ, (V₁…Vₙ,) (H₁…Hₙ)}; outputs the new X's, then V's, then H's.
 */
final class Optimizers {
    private Optimizers() {}

    static List<Value> apply(Kernels k, String name, String op, Attrs at, List<Value> in) {
        double r = in.get(0).data()[0], t = in.get(1).data()[0];
        int states = op.equals("Adam") ? 2 : 1, n = (in.size() - 2) / (2 + states);
        double norm = at.f("norm_coefficient", 0);
        List<Value> xs = new ArrayList<>(), vs = new ArrayList<>(), hs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Value x = in.get(2 + i), g = in.get(2 + n + i), s1 = in.get(2 + 2 * n + i), s2 = states > 1 ? in.get(2 + 3 * n + i) : null;
            String nm = name + "_" + i;
            switch (op) {
                case "Adagrad" -> {
                    double rate = r / (1 + t * at.f("decay_factor", 0)), eps = at.f("epsilon", 0);
                    Value h = Pointwise.map(k, nm + "_h", List.of(x, g, s1), q -> {
                        Expr gr = add(mul(c(norm), q.get(0)), q.get(1));
                        return add(q.get(2), mul(gr, gr));
                    }, x.type());
                    xs.add(Pointwise.map(k, nm + "_x", List.of(x, g, h), q -> sub(q.get(0), mul(c(rate),
                            new Expr.Binary(BinOp.DIV, add(mul(c(norm), q.get(0)), q.get(1)), add(new Expr.Unary(UnOp.SQRT, q.get(2)), c(eps))))),
                            x.type()));
                    hs.add(h);
                }
                case "Momentum" -> {
                    double alpha = at.f("alpha", 0), beta = t > 0 ? at.f("beta", 0) : 1;
                    boolean nesterov = at.s("mode", "standard").equals("nesterov");
                    Value v = Pointwise.map(k, nm + "_v", List.of(x, g, s1), q -> add(mul(c(alpha), q.get(2)),
                            mul(c(beta), add(mul(c(norm), q.get(0)), q.get(1)))), x.type());
                    xs.add(Pointwise.map(k, nm + "_x", List.of(x, g, v), q -> sub(q.get(0), mul(c(r), nesterov
                            ? add(add(mul(c(norm), q.get(0)), q.get(1)), mul(c(alpha), q.get(2))) : q.get(2))), x.type()));
                    vs.add(v);
                }
                default -> { // Adam
                    double alpha = at.f("alpha", 0.9), beta = at.f("beta", 0.999), eps = at.f("epsilon", 1e-6),
                            post = at.f("norm_coefficient_post", 0);
                    double rate = t > 0 ? r * Math.sqrt(1 - Math.pow(beta, t)) / (1 - Math.pow(alpha, t)) : r;
                    Value v = Pointwise.map(k, nm + "_v", List.of(x, g, s1), q -> add(mul(c(alpha), q.get(2)),
                            mul(c(1 - alpha), add(mul(c(norm), q.get(0)), q.get(1)))), x.type());
                    Value h = Pointwise.map(k, nm + "_h", List.of(x, g, s2), q -> {
                        Expr gr = add(mul(c(norm), q.get(0)), q.get(1));
                        return add(mul(c(beta), q.get(2)), mul(c(1 - beta), mul(gr, gr)));
                    }, x.type());
                    xs.add(Pointwise.map(k, nm + "_x", List.of(x, v, h), q -> mul(c(1 - post), sub(q.get(0), mul(c(rate),
                            new Expr.Binary(BinOp.DIV, q.get(1), add(new Expr.Unary(UnOp.SQRT, q.get(2)), c(eps)))))), x.type()));
                    vs.add(v);
                    hs.add(h);
                }
            }
        }
        List<Value> out = new ArrayList<>(xs);
        out.addAll(vs);
        out.addAll(hs);
        return out;
    }
}
