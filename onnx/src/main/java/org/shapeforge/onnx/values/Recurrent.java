package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * RNN, GRU and LSTM by the ONNX operator definitions, unrolled over the (known) sequence length:
 * the input projection of every step in one contraction {@code xw[t, b, g] =:+ X[t, b, i]·W[d, g, i]}
 * (plus both biases), then per step the recurrent one {@code hr[b, g] =:+ H[b, j]·R[d, g, j]} and
 * the gate equations as pointwise operations reading the gates at their offsets in
 * {@code xw}/{@code hr} (LSTM's order i, o, f, c with optional peepholes; GRU's z, r, h with
 * {@code linear_before_reset}; RNN's single gate). Directions forward, reverse and bidirectional;
 * {@code layout = 1} by transposes; {@code clip} clamps every gate's input; the activations
 * Sigmoid, Tanh and Relu (others, {@code input_forget} and sequence lengths shorter than the
 * input are not lowered). Outputs Y, Y_h (and LSTM's Y_c) as asked.
 */
final class Recurrent {
    private Recurrent() {}

    private record Cell(String op, int hidden, double clip, List<String> activations, boolean linearBeforeReset) {
        int gates() {
            return switch (op) {
                case "LSTM" -> 4;
                case "GRU" -> 3;
                default -> 1;
            };
        }

        /** Activation {@code k} (0: f, 1: g, 2: h) of direction {@code d} applied to {@code x} (after the clip). */
        Expr act(int d, int k, Expr x) {
            int per = op.equals("LSTM") ? 3 : op.equals("GRU") ? 2 : 1;
            String name = activations.isEmpty() ? defaults()[k] : activations.get(d * per + k);
            Expr in = Double.isNaN(clip) ? x : new Expr.Binary(BinOp.MIN, new Expr.Binary(BinOp.MAX, x, c(-clip)), c(clip));
            return switch (name) {
                case "Sigmoid" -> new Expr.Unary(UnOp.SIGMOID, in);
                case "Tanh" -> new Expr.Unary(UnOp.TANH, in);
                case "Relu" -> new Expr.Unary(UnOp.RELU, in);
                default -> throw new NotExpressible(op + ": activation " + name + " is not lowered");
            };
        }

        private String[] defaults() {
            return switch (op) {
                case "LSTM" -> new String[] {"Sigmoid", "Tanh", "Tanh"};
                case "GRU" -> new String[] {"Sigmoid", "Tanh"};
                default -> new String[] {"Tanh"};
            };
        }
    }

    static List<Value> apply(Kernels k, String name, String op, Attrs at, List<Value> in) {
        Value x = in.get(0), w = in.get(1), r = in.get(2);
        Value bias = opt(in, 3), lens = opt(in, 4), h0 = opt(in, 5), c0 = op.equals("LSTM") ? opt(in, 6) : null,
                peep = op.equals("LSTM") ? opt(in, 7) : null;
        boolean batchwise = at.i("layout", 0) != 0;
        if (at.i("input_forget", 0) != 0) throw new NotExpressible(name + ": input_forget is not lowered");
        if (batchwise) {
            x = Shaping.transpose(k, name + "_x", x, new int[] {1, 0, 2});
            if (h0 != null) h0 = Shaping.transpose(k, name + "_h0", h0, new int[] {1, 0, 2});
            if (c0 != null) c0 = Shaping.transpose(k, name + "_c0", c0, new int[] {1, 0, 2});
        }
        int seq = x.dims().get(0), batch = x.dims().get(1), hidden = (int) at.i("hidden_size", r.dims().get(2));
        if (lens != null) for (double l : lens.data()) if (l != seq)
            throw new NotExpressible(name + ": a sequence length shorter than the input (" + (long) l + " < " + seq + ") is not lowered");
        String direction = at.s("direction", "forward");
        int dirs = direction.equals("bidirectional") ? 2 : 1;
        List<String> acts = new ArrayList<>();
        if (at.get("activations") != null) for (var s : at.get("activations").getStringsList()) acts.add(s.toStringUtf8());
        if (at.get("activation_alpha") != null || at.get("activation_beta") != null)
            throw new NotExpressible(name + ": activation_alpha/beta are not lowered");
        Cell cell = new Cell(op, hidden, at.has("clip") ? at.f("clip", 0) : Double.NaN, acts, at.i("linear_before_reset", 0) != 0);
        List<List<Value>> ys = new ArrayList<>();
        List<Value> hs = new ArrayList<>(), cs = new ArrayList<>();
        for (int d = 0; d < dirs; d++) {
            boolean reverse = direction.equals("reverse") || d == 1;
            Run run = direction(k, name + "_d" + d, cell, d, reverse, x, w, r, bias, h0, c0, peep, seq, batch);
            ys.add(run.steps());
            hs.add(run.h());
            if (run.c() != null) cs.add(run.c());
        }
        // Y[t, d, b, j]: every step's H; Y_h[d, b, j], Y_c[d, b, j]
        List<Value> perStep = new ArrayList<>();
        for (int t = 0; t < seq; t++) {
            List<Value> parts = new ArrayList<>();
            for (int d = 0; d < dirs; d++) parts.add(ys.get(d).get(t).view(List.of(1, 1, batch, hidden)));
            perStep.add(parts.size() == 1 ? parts.getFirst() : Shaping.concat(k, name + "_y" + t, parts, 1));
        }
        Value y = perStep.size() == 1 ? perStep.getFirst() : Shaping.concat(k, name + "_y", perStep, 0);
        Value yh = stack(k, name + "_yh", hs, batch, hidden), yc = cs.isEmpty() ? null : stack(k, name + "_yc", cs, batch, hidden);
        if (batchwise) {
            y = Shaping.transpose(k, name + "_yt", y, new int[] {2, 0, 1, 3});
            yh = Shaping.transpose(k, name + "_yht", yh, new int[] {1, 0, 2});
            if (yc != null) yc = Shaping.transpose(k, name + "_yct", yc, new int[] {1, 0, 2});
        }
        List<Value> out = new ArrayList<>(List.of(y, yh)); // by position: a node may leave Y unnamed and ask for Y_h only
        if (yc != null) out.add(yc);
        return out;
    }

    private static Value opt(List<Value> in, int i) {
        return i < in.size() ? in.get(i) : null;
    }

    private static Value stack(Kernels k, String name, List<Value> per, int batch, int hidden) {
        List<Value> parts = new ArrayList<>();
        for (Value v : per) parts.add(v.view(List.of(1, batch, hidden)));
        return parts.size() == 1 ? parts.getFirst() : Shaping.concat(k, name, parts, 0);
    }

    private record Run(List<Value> steps, Value h, Value c) {}

    private static Run direction(Kernels k, String name, Cell cell, int d, boolean reverse, Value x, Value w, Value r, Value bias,
            Value h0, Value c0, Value peep, int seq, int batch) {
        int hidden = cell.hidden(), g = cell.gates() * hidden;
        // xw[t, b, q] = Σ_i X[t, b, i]·W[d, q, i] + Wb[d, q] + Rb[d, q] (GRU with linear_before_reset keeps Rb_h apart)
        Kernel b = new Kernel(name + "_xw");
        Kernel.Ix ti = b.iter(seq), bi = b.iter(batch), qi = b.iter(g), ii = b.iter(x.dims().get(2));
        Expr prod = mul(Kernel.read(b.tensor(x), List.of(Kernel.at(ti), Kernel.at(bi), Kernel.at(ii))),
                Kernel.read(b.tensor(w), List.of(Index.fixed(d), Kernel.at(qi), Kernel.at(ii))));
        Value xw = b.run(k, List.of(seq, batch, g), List.of(Kernel.at(ti), Kernel.at(bi), Kernel.at(qi)), prod,
                Update.accumulate(BinOp.ADD), x.type());
        if (bias != null) {
            boolean keepRh = cell.op().equals("GRU") && cell.linearBeforeReset();
            Kernel bb = new Kernel(name + "_bias");
            Kernel.Ix t2 = bb.iter(seq), b2 = bb.iter(batch), q2 = bb.iter(g);
            String bt = bb.tensor(bias);
            Expr rb = Kernel.read(bt, List.of(Index.fixed(d), lin(q2, g)));
            if (keepRh) rb = mul(rb, sub(c(1), step(sub(Kernel.read(bb.tensor(Value.iota(g)), List.of(Kernel.at(q2))), c(2 * hidden - 0.5)))));
            Expr sum = add(add(Kernel.read(bb.tensor(xw), List.of(Kernel.at(t2), Kernel.at(b2), Kernel.at(q2))),
                    Kernel.read(bt, List.of(Index.fixed(d), Kernel.at(q2)))), rb);
            xw = bb.run(k, List.of(seq, batch, g), List.of(Kernel.at(t2), Kernel.at(b2), Kernel.at(q2)), sum, Update.assign(), x.type());
        }
        Value h = h0 != null ? Shaping.slice(k, name + "_h0", h0, new int[] {d, 0, 0}, new int[] {1, 1, 1}, new int[] {1, batch, hidden})
                .view(List.of(batch, hidden)) : zeros(batch, hidden, x.type());
        Value cState = !cell.op().equals("LSTM") ? null : c0 != null
                ? Shaping.slice(k, name + "_c0", c0, new int[] {d, 0, 0}, new int[] {1, 1, 1}, new int[] {1, batch, hidden}).view(List.of(batch, hidden))
                : zeros(batch, hidden, x.type());
        List<Value> steps = new ArrayList<>(Collections.nCopies(seq, (Value) null));
        for (int s = 0; s < seq; s++) {
            int t = reverse ? seq - 1 - s : s;
            String n = name + "_t" + t;
            Value hr = recurrentAt(k, n + "_hr", h, r, d, 0, cell.op().equals("GRU") ? 2 * hidden : g);
            switch (cell.op()) {
                case "RNN" -> h = gate(k, n, xw, t, hr, List.of(), (e, hv) -> cell.act(d, 0, add(e.xw(0), e.hr(0))), batch, hidden);
                case "GRU" -> {
                    Value hPrev = h;
                    // z and r
                    Value z = gate(k, n + "_z", xw, t, hr, List.of(), (e, hv) -> cell.act(d, 0, add(e.xw(0), e.hr(0))), batch, hidden);
                    Value rg = gate(k, n + "_r", xw, t, hr, List.of(), (e, hv) -> cell.act(d, 0, add(e.xw(1), e.hr(1))), batch, hidden);
                    Value cand;
                    if (cell.linearBeforeReset()) {
                        Value rh = recurrentAt(k, n + "_rh", hPrev, r, d, 2 * hidden, hidden);
                        Value rbh = bias == null ? null : Shaping.slice(k, n + "_rbh", bias.view(List.of(bias.dims().get(0), 2, 3, hidden)),
                                new int[] {d, 1, 2, 0}, new int[] {1, 1, 1, 1}, new int[] {1, 1, 1, hidden}).view(List.of(1, hidden));
                        List<Value> extra = rbh == null ? List.of(rg, rh) : List.of(rg, rh, rbh);
                        cand = gate(k, n + "_h", xw, t, hr, extra, (e, hv) -> cell.act(d, 1,
                                add(e.xw(2), mul(hv.get(0), hv.size() > 2 ? add(hv.get(1), hv.get(2)) : hv.get(1)))), batch, hidden);
                    } else {
                        Value rhPrev = Pointwise.map(k, n + "_rhprev", List.of(rg, hPrev), q -> mul(q.get(0), q.get(1)), x.type());
                        Value rh = recurrentAt(k, n + "_rh", rhPrev, r, d, 2 * hidden, hidden);
                        cand = gate(k, n + "_h", xw, t, hr, List.of(rh), (e, hv) -> cell.act(d, 1, add(e.xw(2), hv.get(0))), batch, hidden);
                    }
                    h = Pointwise.map(k, n, List.of(z, cand, hPrev), q -> add(mul(sub(c(1), q.get(0)), q.get(1)), mul(q.get(0), q.get(2))), x.type());
                }
                default -> { // LSTM, gates i, o, f, c
                    Value cPrev = cState;
                    List<Value> pe = peep == null ? List.of(cPrev) : List.of(cPrev, peepRow(k, n, peep, d, 0, hidden), peepRow(k, n, peep, d, 2, hidden));
                    Value cNew = gate(k, n + "_c", xw, t, hr, pe, (e, hv) -> {
                        Expr iIn = add(e.xw(0), e.hr(0)), fIn = add(e.xw(2), e.hr(2));
                        if (hv.size() > 1) {
                            iIn = add(iIn, mul(hv.get(1), hv.get(0)));
                            fIn = add(fIn, mul(hv.get(2), hv.get(0)));
                        }
                        return add(mul(cell.act(d, 0, fIn), hv.get(0)), mul(cell.act(d, 0, iIn), cell.act(d, 1, add(e.xw(3), e.hr(3)))));
                    }, batch, hidden);
                    List<Value> po = peep == null ? List.of(cNew) : List.of(cNew, peepRow(k, n, peep, d, 1, hidden));
                    h = gate(k, n + "_h", xw, t, hr, po, (e, hv) -> {
                        Expr oIn = add(e.xw(1), e.hr(1));
                        if (hv.size() > 1) oIn = add(oIn, mul(hv.get(1), hv.get(0)));
                        return mul(cell.act(d, 0, oIn), cell.act(d, 2, hv.get(0)));
                    }, batch, hidden);
                    cState = cNew;
                }
            }
            steps.set(t, h);
        }
        return new Run(steps, h, cState);
    }


    private static Index lin(Kernel.Ix i, int offset) {
        return new Index.Affine(List.of(new Index.Term(1, i.symbol())), offset);
    }

    private static Value zeros(int batch, int hidden, int type) {
        return new Value(List.of(batch, hidden), new double[batch * hidden], type);
    }

    private static Value peepRow(Kernels k, String name, Value p, int d, int which, int hidden) {
        return Shaping.slice(k, name + "_p" + which, p.view(List.of(p.dims().get(0), 3, hidden)), new int[] {d, which, 0},
                new int[] {1, 1, 1}, new int[] {1, 1, hidden}).view(List.of(1, hidden));
    }

    /** {@code out[b, q] =:+ H[b, j]·R[d, first + q, j]} for q &lt; {@code rows}. */
    private static Value recurrentAt(Kernels k, String name, Value h, Value r, int d, int first, int rows) {
        int batch = h.dims().get(0), hidden = h.dims().get(1);
        Kernel b = new Kernel(name);
        Kernel.Ix bi = b.iter(batch), qi = b.iter(rows), ji = b.iter(hidden);
        Expr prod = mul(Kernel.read(b.tensor(h), List.of(Kernel.at(bi), Kernel.at(ji))),
                Kernel.read(b.tensor(r), List.of(Index.fixed(d), lin(qi, first), Kernel.at(ji))));
        return b.run(k, List.of(batch, rows), List.of(Kernel.at(bi), Kernel.at(qi)), prod, Update.accumulate(BinOp.ADD), h.type());
    }

    /** The gate inputs at step t: {@code xw(q)} and {@code hr(q)} read gate q's slice. */
    private record Gates(String xw, String hr, int t, Kernel.Ix bi, Kernel.Ix ji, int hidden) {
        Expr xw(int q) {
            return Kernel.read(xw, List.of(Index.fixed(t), Kernel.at(bi), lin(ji, q * hidden)));
        }

        Expr hr(int q) {
            return Kernel.read(hr, List.of(Kernel.at(bi), lin(ji, q * hidden)));
        }
    }

    @FunctionalInterface
    private interface GateExpr {
        Expr of(Gates e, List<Expr> extra);
    }

    /** One pointwise operation over [batch, hidden] reading the gates and the extra [batch|1, hidden] values. */
    private static Value gate(Kernels k, String name, Value xw, int t, Value hr, List<Value> extra, GateExpr f, int batch, int hidden) {
        Kernel b = new Kernel(name);
        Kernel.Ix bi = b.iter(batch), ji = b.iter(hidden);
        Gates e = new Gates(b.tensor(xw), b.tensor(hr), t, bi, ji, hidden);
        List<Expr> ex = new ArrayList<>();
        for (Value v : extra)
            ex.add(Kernel.read(b.tensor(v), List.of(v.dims().get(0) == 1 ? Index.fixed(0) : Kernel.at(bi), Kernel.at(ji))));
        return b.run(k, List.of(batch, hidden), List.of(Kernel.at(bi), Kernel.at(ji)), f.of(e, ex), Update.assign(), xw.type());
    }
}
