package org.shapeforge.onnx.values.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.ValueInfoProto;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.onnx.values.fusion.FusionPlan;

/**
 * The part of a model a {@link SegmentedPlan} interprets at every run: the model graph's nodes whose
 * lowering the {@link Recorder} found interpreted, with every node of a fusion group one of whose
 * nodes is (the interpreter runs a group whole, from its root); and its <em>boundary</em>, the
 * values those nodes read (or the graph returns) that the other nodes computed, as recorded, of
 * which {@code constants} are constants of the graph. A name read that is neither a graph input, an
 * initializer, computed by the interpreted nodes nor recorded is {@code unrecorded}: such a cut
 * cannot run (a value internal to a fusion group that was not interpreted), and the model is then
 * interpreted whole.
 */
record Remainder(Set<Integer> nodes, Map<String, Value> boundary, Set<String> constants, List<String> unrecorded) {
    Remainder {
        nodes = Set.copyOf(new TreeSet<>(nodes));
        boundary = Collections.unmodifiableMap(new LinkedHashMap<>(boundary));
        constants = Set.copyOf(constants);
        unrecorded = List.copyOf(unrecorded);
    }

    /** The remainder of graph {@code g}'s run recorded by {@code r}, whose graph inputs were named {@code inputs}. */
    static Remainder of(GraphProto g, Recorder r, Set<String> inputs) {
        Set<Integer> nodes = new TreeSet<>(r.interpreted());
        for (FusionPlan.Group group : FusionPlan.of(g).groups()) {
            List<Integer> all = new ArrayList<>();
            group.producer().ifPresent(p -> all.add(p.index()));
            for (FusionPlan.Member m : group.members()) all.add(m.index());
            if (all.stream().anyMatch(nodes::contains)) nodes.addAll(all);
        }
        Set<String> computedHere = new HashSet<>(), computedElsewhere = new HashSet<>(inputs), read = new LinkedHashSet<>();
        for (TensorProto t : g.getInitializerList()) computedElsewhere.add(t.getName());
        for (int i = 0; i < g.getNodeCount(); i++) {
            NodeProto n = g.getNode(i);
            (nodes.contains(i) ? computedHere : computedElsewhere).addAll(n.getOutputList());
            if (nodes.contains(i)) read.addAll(NodeReads.of(n));
        }
        for (ValueInfoProto o : g.getOutputList()) read.add(o.getName());
        Set<String> initializers = new HashSet<>();
        for (TensorProto t : g.getInitializerList()) initializers.add(t.getName());
        Map<String, Value> boundary = new LinkedHashMap<>();
        Set<String> constants = new HashSet<>();
        List<String> unrecorded = new ArrayList<>();
        for (String name : read) {
            // a subgraph's own names are computed nowhere in the model graph; inputs and initializers are the interpreter's
            if (computedHere.contains(name) || !computedElsewhere.contains(name) || inputs.contains(name) || initializers.contains(name)) continue;
            Value v = r.produced().get(name);
            if (v == null) unrecorded.add(name);
            else {
                boundary.put(name, v);
                if (r.constants().contains(name)) constants.add(name);
            }
        }
        return new Remainder(nodes, boundary, constants, unrecorded);
    }
}
