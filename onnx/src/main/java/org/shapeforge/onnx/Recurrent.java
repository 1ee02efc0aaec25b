package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.onnx.values.Lowerings;
import org.shapeforge.term.Dim;

/**
 * RNN, GRU and LSTM: with X {@code [seq, batch, input]} ({@code [batch, seq, input]} when
 * {@code layout = 1}), D directions (2 when bidirectional), H {@code hidden_size} and G gates (1, 3,
 * 4): W {@code [D, G·H, input]}, R {@code [D, G·H, H]}, B {@code [D, 2·G·H]}, sequence_lens
 * {@code [batch]}, initial_h/c {@code [D, batch, H]}, LSTM's P {@code [D, 3·H]}; outputs Y
 * {@code [seq, D, batch, H]} ({@code [batch, seq, D, H]}), Y_h and Y_c {@code [D, batch, H]}
 * ({@code [batch, D, H]}).
 */
final class Recurrent {
    private Recurrent() {}

    /** RNN, GRU and LSTM: their shape logic here, their lowering in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.each(Recurrent::cell, Lowerings.RECURRENT, "RNN", "GRU", "LSTM");

    static List<Tensor> cell(Node n, Emitter e) {
        Tensor x = n.input(0), w = n.input(1), r = n.input(2);
        if (x.rank() != 3 || w.rank() != 3 || r.rank() != 3) throw n.error("X, W and R must have rank 3");
        int gates = switch (n.op()) {
            case "LSTM" -> 4;
            case "GRU" -> 3;
            default -> 1;
        };
        boolean batchwise = n.attrs().i("layout", 0) != 0;
        Dim seq = x.dim(batchwise ? 1 : 0), batch = x.dim(batchwise ? 0 : 1);
        Dim dirs = Emitter.size(n.attrs().s("direction", "forward").equals("bidirectional") ? 2 : 1);
        Dim hidden = n.attrs().has("hidden_size") ? Emitter.size(n.attrs().i("hidden_size", 1)) : r.dim(2);
        e.eq(w.dim(0), dirs, n.in(1));
        e.eq(r.dim(0), dirs, n.in(2));
        e.rel(Emitter.sz(w.dim(1)), Constraint.Rel.EQ, Emitter.times(gates, Emitter.sz(hidden)), n.in(1));
        e.eq(w.dim(2), x.dim(2), n.origin("input 1's axis 2 against X's input size"));
        e.eq(r.dim(1), w.dim(1), n.origin("input 2's axis 1 (gates × hidden) against input 1's"));
        e.eq(r.dim(2), hidden, n.in(2));
        n.optInput(3).ifPresent(b -> {
            if (b.rank() != 2) throw n.error("B must have rank 2");
            e.eq(b.dim(0), dirs, n.in(3));
            e.rel(Emitter.sz(b.dim(1)), Constraint.Rel.EQ, Emitter.times(2L * gates, Emitter.sz(hidden)), n.in(3));
        });
        n.optInput(4).ifPresent(l -> {
            if (l.rank() != 1) throw n.error("sequence_lens must have rank 1");
            e.eq(l.dim(0), batch, n.in(4));
        });
        List<Dim> state = batchwise ? List.of(batch, dirs, hidden) : List.of(dirs, batch, hidden);
        for (int k = 5; k <= (gates == 4 ? 6 : 5); k++) {
            int kk = k;
            n.optInput(k).ifPresent(s -> {
                if (s.rank() != 3) throw n.error("input " + kk + " (an initial state) must have rank 3");
                e.eqAll(s.dims(), state, n.in(kk));
            });
        }
        if (gates == 4) n.optInput(7).ifPresent(p -> {
            if (p.rank() != 2) throw n.error("P must have rank 2");
            e.eq(p.dim(0), dirs, n.in(7));
            e.rel(Emitter.sz(p.dim(1)), Constraint.Rel.EQ, Emitter.times(3, Emitter.sz(hidden)), n.in(7));
        });
        List<Tensor> outs = new ArrayList<>();
        outs.add(n.result(0, batchwise ? List.of(batch, seq, dirs, hidden) : List.of(seq, dirs, batch, hidden)));
        for (int k = 1; k < Math.min(n.outputs(), gates == 4 ? 3 : 2); k++) outs.add(n.result(k, state));
        return outs;
    }
}
