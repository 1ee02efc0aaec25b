package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.onnx.values.fusion.FusionPlan;

/**
 * Issue 29's fusion plan on small graphs: a pointwise chain after a convolution is one group
 * attached to it; a value with two readers, or a graph output, ends a group (it must be stored);
 * a tree of pointwise nodes is one group; the plan depends on the dataflow only — renaming nodes
 * or permuting independent nodes gives the same groups.
 */
class FusionPlanTest {

    private static NodeProto n(String name, String op, List<String> ins, String out) {
        return Models.node(name, op, ins, List.of(out));
    }

    private static GraphProto graph(List<NodeProto> nodes, String... outputs) {
        return Models.model(List.of(Models.input("x", 1, 4, 6, 6), Models.input("r", 1, 4, 6, 6)),
                List.of(Models.floats("w", new float[4 * 4 * 9]).toBuilder().clearDims().addDims(4).addDims(4).addDims(3).addDims(3).build(),
                        Models.floats("s", 0.5f)), nodes, outputs).getGraph();
    }

    /** Each group as its producer's output (or "-") followed by its members' outputs in evaluation order. */
    private static Set<List<String>> groups(GraphProto g) {
        Set<List<String>> out = new HashSet<>();
        for (FusionPlan.Group gr : FusionPlan.of(g).groups()) {
            List<String> l = new ArrayList<>();
            l.add(gr.producer().map(FusionPlan.Member::output).orElse("-"));
            for (FusionPlan.Member m : gr.members()) l.add(m.output());
            out.add(l);
        }
        return out;
    }

    private static final List<NodeProto> BLOCK = List.of(
            n("conv", "Conv", List.of("x", "w"), "c"),
            n("add", "Add", List.of("c", "r"), "a"),
            n("relu", "Relu", List.of("a"), "y"),
            n("scale", "Mul", List.of("y", "s"), "z"));

    @Test
    void aChainAfterAConvolutionIsOneGroupAttachedToIt() {
        FusionPlan plan = FusionPlan.of(graph(BLOCK, "z"));
        assertEquals(1, plan.groups().size(), plan.toString());
        FusionPlan.Group g = plan.groups().getFirst();
        assertEquals("conv", g.producer().orElseThrow().name());
        assertEquals(List.of("Add", "Relu", "Mul"), g.members().stream().map(FusionPlan.Member::op).toList());
        assertEquals(4, plan.fusedNodes());
    }

    @Test
    void aValueWithTwoReadersEndsAGroup() {
        List<NodeProto> nodes = List.of(
                n("sig", "Sigmoid", List.of("x"), "a"),
                n("relu", "Relu", List.of("a"), "b"),
                n("tanh", "Tanh", List.of("a"), "c"),
                n("sum", "Add", List.of("b", "c"), "y"));
        assertEquals(Set.of(List.of("-", "b", "c", "y")), groups(graph(nodes, "y")),
                "the Sigmoid's output is read twice: stored, not fused; the tree Relu, Tanh → Add is one group");
    }

    @Test
    void aGraphOutputEndsAGroup() {
        List<NodeProto> nodes = List.of(
                n("relu", "Relu", List.of("x"), "a"),
                n("sig", "Sigmoid", List.of("a"), "b"),
                n("tanh", "Tanh", List.of("b"), "y"));
        assertEquals(Set.of(List.of("-", "b", "y")), groups(graph(nodes, "y", "a")));
        assertEquals(Set.of(List.of("-", "a", "b", "y")), groups(graph(nodes, "y")));
        // a convolution whose output is also a graph output keeps it: the chain runs on its own
        assertEquals(Set.of(List.of("-", "a", "y", "z")), groups(graph(BLOCK, "z", "c")));
    }

    @Test
    void renamingNodesOrPermutingIndependentOnesGivesTheSameGroups() {
        List<NodeProto> nodes = List.of(
                n("conv", "Conv", List.of("x", "w"), "c"),
                n("e1", "Exp", List.of("r"), "p"),
                n("n1", "Neg", List.of("p"), "q"),
                n("add", "Add", List.of("c", "q"), "a"),
                n("relu", "Relu", List.of("a"), "y"),
                n("t1", "Tanh", List.of("x"), "u"),
                n("m1", "Mul", List.of("y", "u"), "z"));
        Set<List<String>> want = groups(graph(nodes, "z"));
        assertEquals(1, want.size(), want.toString());
        // the same dataflow, nodes in another topological order and renamed
        List<NodeProto> permuted = new ArrayList<>(List.of(nodes.get(5), nodes.get(1), nodes.get(2), nodes.get(0), nodes.get(3),
                nodes.get(4), nodes.get(6)));
        List<NodeProto> renamed = permuted.stream().map(x -> x.toBuilder().setName("renamed_" + x.getOpType() + x.getOutput(0)).build()).toList();
        assertEquals(want, groups(graph(permuted, "z")));
        assertEquals(want, groups(graph(renamed, "z")));
        assertEquals(want, groups(graph(List.of(nodes.get(1), nodes.get(5), nodes.get(2), nodes.get(0), nodes.get(3), nodes.get(4),
                nodes.get(6)), "z")));
    }

    @Test
    void constantsAndNonPointwiseNodesAreNotMembers() {
        List<NodeProto> nodes = List.of(
                n("k", "Neg", List.of("s"), "ks"), // of an initializer alone: a constant of the graph
                n("relu", "Relu", List.of("x"), "a"),
                n("pool", "MaxPool", List.of("a"), "b"),
                n("mul", "Mul", List.of("b", "ks"), "y"));
        FusionPlan plan = FusionPlan.of(graph(nodes, "y"));
        assertTrue(plan.groups().isEmpty(), plan.toString());
    }
}
