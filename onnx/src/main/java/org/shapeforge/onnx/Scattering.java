package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowerings;

/**
 * Scatters and GatherND, by the ONNX definitions: ScatterElements (and the deprecated Scatter) —
 * the result has the data's shape, updates the indices' shape, all of the data's rank;
 * ScatterND — the result has the data's shape and {@code updates = indices[:-1] + data[k:]}, k the
 * indices' last axis (a known size); GatherND — {@code indices[:-1] + data[b + k:]} after
 * {@code batch_dims = b} equal leading axes; ReverseSequence — the input's shape, the sequence
 * lengths as long as the batch axis.
 */
final class Scattering {
    private Scattering() {}

    /** The scatters, GatherND and ReverseSequence: their shape logic here, their lowering in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Scattering::scatterElements, Lowerings.SELECTION, "ScatterElements", "Scatter"),
            OpSpec.each(Scattering::scatterNd, Lowerings.SELECTION, "ScatterND"),
            OpSpec.each(Scattering::gatherNd, Lowerings.SELECTION, "GatherND"),
            OpSpec.each(Scattering::reverseSequence, Lowerings.SELECTION, "ReverseSequence"));

    private static List<Tensor> same(Node n, Emitter e, Tensor x) {
        List<Dim> y = e.freshRow("y", x.rank());
        e.eqAll(y, x.dims(), n.out(0));
        return List.of(n.result(0, y));
    }

    static List<Tensor> scatterElements(Node n, Emitter e) {
        Tensor x = n.input(0), idx = n.input(1), upd = n.input(2);
        if (idx.rank() != x.rank() || upd.rank() != x.rank())
            throw n.error("data, indices and updates must have one rank, got " + x.rank() + ", " + idx.rank() + ", " + upd.rank());
        e.eqAll(upd.dims(), idx.dims(), n.origin("updates against indices"));
        return same(n, e, x);
    }

    private static long last(Node n, Emitter e, Tensor idx) {
        if (idx.rank() < 1) throw n.error("indices must have rank >= 1");
        return e.sizeOf(idx.dim(idx.rank() - 1), n.in(1), "the index tuples' length (indices' last axis)");
    }

    static List<Tensor> scatterNd(Node n, Emitter e) {
        Tensor x = n.input(0), idx = n.input(1), upd = n.input(2);
        long k = last(n, e, idx);
        if (k > x.rank()) throw n.error("index tuples of length " + k + " into data of rank " + x.rank());
        List<Dim> want = new ArrayList<>(idx.dims().subList(0, idx.rank() - 1));
        want.addAll(x.dims().subList((int) k, x.rank()));
        if (upd.rank() != want.size()) throw n.error("updates must have rank " + want.size() + " (indices[:-1] + data[k:]), it has " + upd.rank());
        e.eqAll(upd.dims(), want, n.origin("updates against indices[:-1] + data[" + k + ":]"));
        return same(n, e, x);
    }

    static List<Tensor> gatherNd(Node n, Emitter e) {
        Tensor x = n.input(0), idx = n.input(1);
        int b = (int) n.attrs().i("batch_dims", 0);
        long k = last(n, e, idx);
        if (b + k > x.rank() || b >= idx.rank()) throw n.error("batch_dims " + b + " with index tuples of length " + k + " into rank " + x.rank());
        e.eqAll(idx.dims().subList(0, b), x.dims().subList(0, b), n.origin("the batch axes of indices and data"));
        List<Dim> y = e.freshRow("y", idx.rank() - 1 + x.rank() - b - (int) k);
        List<Dim> want = new ArrayList<>(idx.dims().subList(0, idx.rank() - 1));
        want.addAll(x.dims().subList(b + (int) k, x.rank()));
        e.eqAll(y, want, n.out(0));
        return List.of(n.result(0, y));
    }

    static List<Tensor> reverseSequence(Node n, Emitter e) {
        Tensor x = n.input(0), lens = n.input(1);
        if (lens.rank() != 1) throw n.error("sequence_lens must have rank 1");
        e.eq(lens.dim(0), x.dim(n.axis(n.attrs().i("batch_axis", 1), x.rank())), n.in(1));
        return same(n, e, x);
    }
}
