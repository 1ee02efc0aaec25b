package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import onnx.Onnx.GraphProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.ValueInfoProto;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Declared shapes are facts (issue 32): the shapes a file declares for its graph outputs and in
 * {@code value_info} become constraints on the inferred values, each with the origin of the node
 * that produced the value and the role {@code declared shape of graph output 'y' [1, 4]}. So a
 * contradiction with what is inferred is a shape error (exit 1) naming the value and its node, and
 * where inference alone knows less (an input axis with neither {@code dim_value} nor
 * {@code dim_param}) the declaration supplies it.
 * <ul>
 *   <li>a {@code dim_value} n: {@code size(axis) == n} (sizes, not terms: a computed size 1 and
 *       a declared 1 agree whatever their basis);</li>
 *   <li>a {@code dim_param} that names a graph input's {@code dim_param}: the axis is that same
 *       symbol; another {@code dim_param}: one variable per name ({@code decl_NAME}), so axes
 *       declared with the same name are equal and nothing else is claimed;</li>
 *   <li>an axis with neither adds nothing; a declared rank other than the inferred one is a row
 *       equality that cannot hold (the failure names the value).</li>
 * </ul>
 * Values the graph does not define (a stale {@code value_info}) and declarations without a shape
 * are skipped; an absurd {@code dim_value} is an {@link ImportError} naming the value.
 */
final class Declared {
    private Declared() {}

    static void facts(GraphProto g, Map<String, Tensor> values, Map<String, NodeOrigin> producers, Emitter e, String file) {
        for (ValueInfoProto v : g.getOutputList()) fact(v, "graph output", values, producers, e, file);
        for (ValueInfoProto v : g.getValueInfoList()) fact(v, "value_info", values, producers, e, file);
    }

    private static void fact(ValueInfoProto v, String kind, Map<String, Tensor> values, Map<String, NodeOrigin> producers,
            Emitter e, String file) {
        Tensor t = values.get(v.getName());
        if (t == null || !v.getType().hasTensorType() || !v.getType().getTensorType().hasShape()) return;
        NodeOrigin self = NodeOrigin.ofValue(kind, v.getName());
        List<TensorShapeProto.Dimension> ds = v.getType().getTensorType().getShape().getDimList();
        List<Long> known = new ArrayList<>();
        List<String> text = new ArrayList<>();
        for (int a = 0; a < ds.size(); a++) {
            var d = ds.get(a);
            if (d.hasDimValue()) {
                known.add(WellFormed.dim(d.getDimValue(), a, file, self));
                text.add(Long.toString(d.getDimValue()));
            } else text.add(d.hasDimParam() && !d.getDimParam().isEmpty() ? d.getDimParam() : "?");
        }
        WellFormed.shape(known, file, self);
        NodeOrigin producer = producers.getOrDefault(v.getName(), self);
        String what = kind + " " + Names.quoted(v.getName()) + " " + Names.oneLine(text.toString());
        NodeOrigin at = producer.as("declared shape of " + what).declaring(what);
        if (ds.size() != t.rank()) {
            List<Dim> declared = new ArrayList<>();
            for (var d : ds) declared.add(d.hasDimValue() ? Emitter.size(d.getDimValue()) : e.fresh("decl"));
            e.add(new Constraint.RowEq(Row.literal(t.dims()), Row.literal(declared), new Span(file, 0, 0)),
                    at.as(at.role() + ": rank " + ds.size() + ", inferred rank " + t.rank()));
            return;
        }
        for (int a = 0; a < ds.size(); a++) {
            var d = ds.get(a);
            Dim inferred = t.dim(a);
            NodeOrigin axis = at.as(at.role() + ", axis " + a);
            if (d.hasDimValue()) {
                if (inferred.isGround() && Sizes.size(inferred) == d.getDimValue()) continue;
                // an empty axis is no size (Def. 1.1): the inferred one (an unknown extent, as
                // ConstantOfShape's 0 entry) stays as inferred, claiming no number
                if (d.getDimValue() == 0) continue;
                e.rel(Emitter.sz(inferred), Constraint.Rel.EQ, Emitter.lit(d.getDimValue()), axis);
            } else if (d.hasDimParam() && !d.getDimParam().isEmpty()) {
                var input = e.inputParam(d.getDimParam());
                // a graph input's dim_param: the same symbol. Stated only where the inferred axis is a
                // number (the declaration then claims name = n, which a dynamic size contradicts); an
                // equation with a variable would let the native solver close the dim_param (found
                // 2026-11-27: Relu → MatMul on [batch, 3] declared [batch, 5] printed batch as 1)
                if (input.isPresent()) {
                    if (inferred.isGround())
                        e.rel(Emitter.sz(Dim.var(input.get())), Constraint.Rel.EQ, Emitter.lit(Sizes.size(inferred)), axis);
                } else e.eq(inferred, Dim.var(e.declaredParam(d.getDimParam())), axis);
            }
        }
    }
}
