package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.ValueInfoProto;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.term.Dim;

/**
 * ModelProto → constraints, tensor by tensor. Initializers are constants (ground shapes, integer
 * contents). A graph input's declared shape gives its axes: a {@code dim_value} is ground (1 is
 * the unit), a {@code dim_param} becomes a dimension variable of that name declared
 * {@code dynamic} (it stays symbolic; the same name is the same variable), an axis with neither
 * is a fresh interior variable. {@code bind} gives inputs as tensors instead (the conformance
 * runner binds the test's actual inputs: their shapes, and their integer contents as constants). The graph is
 * first checked against ONNX's wiring rules ({@link GraphRules}: one definition per value, topological
 * order); nodes are then translated in graph order by their {@link Ops} shape logic. What import cannot
 * know is a gap, never a refusal of a well-formed model ({@link Gap}): an input without a shape, an op
 * without shape logic and a shape logic's {@code unsupported} error give outputs of the declared rank
 * with unknown extents, or of unknown rank ({@link Fallback}); only a malformed file is an {@link ImportError}.
 */
public final class Importer {
    private Importer() {}

    public static Imported translate(ModelProto m, String file, Map<String, TensorProto> bind, ShapeSolver solver) {
        GraphProto g = m.getGraph();
        GraphRules.check(g, file);
        Emitter e = new Emitter(file, solver);
        Map<String, Tensor> values = new LinkedHashMap<>();
        Set<String> inits = new HashSet<>();
        Map<String, NodeOrigin> producers = new LinkedHashMap<>();
        for (TensorProto t : g.getInitializerList()) {
            NodeOrigin at = NodeOrigin.ofValue("initializer", t.getName());
            producers.put(t.getName(), at);
            values.put(t.getName(), Model.initializer(t.getName(), WellFormed.tensor(t, file, at)));
            inits.add(t.getName());
        }
        List<String> inputs = new ArrayList<>();
        for (ValueInfoProto v : g.getInputList()) {
            if (inits.contains(v.getName()) && !bind.containsKey(v.getName())) continue;
            inputs.add(v.getName());
            producers.put(v.getName(), NodeOrigin.ofValue("graph input", v.getName()));
            if (!bind.containsKey(v.getName()) && !(v.getType().hasTensorType() && v.getType().getTensorType().hasShape())) {
                // a well-formed input of unknown rank (no shape, or no tensor: a sequence, a map): a gap, the rest inferred
                e.gaps.at(NodeOrigin.ofValue("graph input", v.getName()));
                e.gaps.unranked(v.getName(), v.getType().hasTensorType() ? "the graph input declares no shape"
                        : "the graph input is not a tensor (sequences, maps and optionals have no shape here)");
                continue;
            }
            values.put(v.getName(), input(v, bind.get(v.getName()), e, file));
        }
        e.gaps.declare(g);
        long opset = m.getOpsetImportList().stream().filter(o -> o.getDomain().isEmpty() || o.getDomain().equals("ai.onnx"))
                .mapToLong(o -> o.getVersion()).max().orElse(1);
        for (int i = 0; i < g.getNodeCount(); i++) {
            NodeProto p = g.getNode(i);
            NodeOrigin at = TorchSource.origin(i, p); // its source location read here, once
            for (String out : p.getOutputList())
                if (!out.isEmpty()) producers.put(out, at);
            e.gaps.at(at);
            try {
                node(p, at, values, e, file, opset);
            } catch (ImportError err) {
                throw err.placed(file, at);
            }
        }
        List<String> outputs = g.getOutputList().stream().map(ValueInfoProto::getName).toList();
        for (String o : outputs)
            if (!values.containsKey(o) && e.gaps.unranked(o).isEmpty())
                throw ImportError.at("onnx", file, NodeOrigin.ofValue("graph output", o), "is not produced by any node");
        Declared.facts(g, values, producers, e, file);
        Map<String, List<Dim>> dims = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (!inits.contains(k) || inputs.contains(k)) dims.put(k, v.dims());
        });
        return new Imported(file, e.constraints(), e.origins(), e.problem(), dims, inputs, outputs, e.dynamicNames(), e.runtime(),
                e.gaps.sources(), e.broadcasts());
    }

    private static Tensor input(ValueInfoProto v, TensorProto bound, Emitter e, String file) {
        List<Dim> dims = new ArrayList<>();
        if (v.hasType() && !v.getType().hasTensorType())
            throw ImportError.at("unsupported", file, NodeOrigin.ofValue("graph input", v.getName()), "is not a tensor (sequences, maps and optionals are not supported)");
        NodeOrigin at = NodeOrigin.ofValue("graph input", v.getName());
        if (bound != null) return Model.initializer(v.getName(), WellFormed.tensor(bound, file, at));
        var tt = v.getType().getTensorType(); // a tensor with a shape: translate gives the others an unknown rank
        List<Long> known = new ArrayList<>();
        for (TensorShapeProto.Dimension d : tt.getShape().getDimList()) {
            if (d.hasDimValue()) {
                known.add(WellFormed.dim(d.getDimValue(), dims.size(), file, at));
                dims.add(Emitter.size(d.getDimValue()));
            }
            else if (d.hasDimParam() && !d.getDimParam().isEmpty()) {
                dims.add(ParamDims.of(e, d.getDimParam(), v.getName())); // a name, or an expression over names
            } else dims.add(e.fresh("in"));
        }
        WellFormed.shape(known, file, at);
        return Tensor.of(v.getName(), dims);
    }

    /** A dim_param as a dimension variable name: lower-case first letter, identifier characters. */
    static String dimName(String param) {
        StringBuilder sb = new StringBuilder();
        for (char c : param.toCharArray()) sb.append(Character.isLetterOrDigit(c) && c < 128 ? c : '_');
        String s = sb.toString();
        return s.isEmpty() || !Character.isLowerCase(s.charAt(0)) ? "p_" + s : s;
    }

    /**
     * Imports subgraph {@code g} (a branch or body) into {@code e}: the enclosing values visible
     * ({@code scope}, ONNX subgraphs may read them), its inputs bound in order to {@code bound};
     * returns its outputs in order. Its nodes are numbered by the enclosing node ({@code index}).
     */
    static List<Tensor> subgraph(GraphProto g, Map<String, Tensor> scope, List<Tensor> bound, int index, Emitter e, String file, long opset) {
        Map<String, Tensor> values = new LinkedHashMap<>(scope);
        for (TensorProto t : g.getInitializerList())
            values.put(t.getName(), Model.initializer(t.getName(), WellFormed.tensor(t, file, NodeOrigin.ofValue("initializer", t.getName()))));
        for (int k = 0; k < g.getInputCount() && k < bound.size(); k++)
            if (bound.get(k) != null) values.put(g.getInput(k).getName(), bound.get(k));
        for (NodeProto p : g.getNodeList()) node(p, TorchSource.origin(index, p), values, e, file, opset);
        List<Tensor> outs = new ArrayList<>();
        for (ValueInfoProto v : g.getOutputList()) {
            Tensor t = values.get(v.getName());
            if (t == null) throw new ImportError("onnx", file, "subgraph output " + Names.quoted(v.getName()) + " is not produced by any node");
            outs.add(t);
        }
        return outs;
    }

    /** Translates node {@code p}, at {@code o} (its position and source location; a subgraph's node: its enclosing node's position). */
    private static void node(NodeProto p, NodeOrigin o, Map<String, Tensor> values, Emitter e, String file, long opset) {
        int index = o.index();
        OpSpec spec = OpRegistry.lookup(p.getDomain(), p.getOpType()).orElse(null);
        if (spec == null) {
            Fallback.outputs(p, values, e, "unsupported op '" + (p.getDomain().isEmpty() ? "" : p.getDomain() + ".") + p.getOpType()
                    + "': there is no shape logic for it (supported: docs/onnx.md)");
            return;
        }
        for (String name : p.getInputList())
            if (!name.isEmpty() && !values.containsKey(name) && e.gaps.unranked(name).isPresent()) {
                Fallback.outputs(p, values, e, "it reads " + Names.quoted(name) + ", whose rank is unknown");
                return;
            }
        OpLogic logic;
        switch (spec.shape()) {
            case ShapeLogic.Local(OpLogic l) -> logic = l;
            case ShapeLogic.Scoped(ShapeLogic.ScopedLogic scoped) -> { // If, Loop, Scan: the enclosing values in scope
                List<Tensor> ins = new ArrayList<>();
                for (String name : p.getInputList()) ins.add(name.isEmpty() ? null : values.get(name));
                Node n = new Node(p, index, ins, Attrs.of(p), file, opset, o.source());
                List<Tensor> outs;
                try {
                    outs = scoped.apply(n, e, values);
                } catch (ImportError err) {
                    if (!err.code().equals("unsupported")) throw err;
                    Fallback.outputs(p, values, e, err.detail());
                    return;
                }
                for (int k = 0; k < p.getOutputCount() && k < outs.size(); k++)
                    if (!p.getOutput(k).isEmpty()) values.put(p.getOutput(k), outs.get(k));
                return;
            }
        }
        // every ONNX op has at least one output; the shape logics read output 0 (found by OnnxImportFuzzTest:
        // a node without outputs was an IndexOutOfBoundsException)
        if (p.getOutputCount() == 0)
            throw ImportError.at("onnx-node", file, o, "the node has no outputs (every " + p.getOpType() + " node names at least one)");
        List<Tensor> ins = new ArrayList<>();
        for (int k = 0; k < p.getInputCount(); k++) {
            String name = p.getInput(k);
            if (name.isEmpty()) {
                ins.add(null);
                continue;
            }
            Tensor t = values.get(name);
            if (t == null)
                throw ImportError.at("onnx", file, o, "input " + k + " " + Names.quoted(name) + " is not produced by any earlier node"
                        + " (nor a graph input or initializer)");
            ins.add(t);
        }
        Node n = new Node(p, index, ins, Attrs.of(p), file, opset, o.source());
        List<Tensor> outs;
        try {
            outs = Contents.propagate(n, e, logic.apply(n, e));
        } catch (ImportError err) {
            // what the shape logic cannot know at import time is a gap, never a refusal of the model
            if (!err.code().equals("unsupported")) throw err;
            Fallback.outputs(p, values, e, err.detail());
            return;
        }
        for (int k = 0; k < p.getOutputCount() && k < outs.size(); k++) {
            Tensor t = outs.get(k);
            if (t != null && !p.getOutput(k).isEmpty()) values.put(p.getOutput(k), t);
        }
        for (int k = outs.size(); k < p.getOutputCount(); k++)
            if (!p.getOutput(k).isEmpty()) Fallback.output(p.getOutput(k), p, values, e, "output " + k + " of " + p.getOpType() + " has no shape logic");
    }

    /** The ground shape of a TensorProto (for binding inputs and checking outputs). */
    public static List<Long> dims(TensorProto t) {
        return List.copyOf(t.getDimsList());
    }
}
