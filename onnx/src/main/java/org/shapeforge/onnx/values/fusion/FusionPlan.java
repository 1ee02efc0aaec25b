package org.shapeforge.onnx.values.fusion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.ValueInfoProto;

/**
 * Issue 29's fusion plan of one graph: the maximal trees of pointwise nodes ({@link Fusible#node})
 * that run as one kernel, each optionally attached to the contraction that produces one of its
 * operands (an epilogue). An edge {@code n → c} joins a group when both nodes are fusible and not
 * constants of the graph, {@code c} is the only node reading {@code n}'s output (through inputs it
 * reads cell by cell, {@link Fusible#elementwiseInput}), and that output is no graph output and is
 * not read from a subgraph: a fused intermediate is never stored, so nothing else may need it. A
 * group is a tree of such edges with at least two members, or one member with a producer.
 *
 * <p>The plan depends on the graph's dataflow only: members are listed in post-order from the
 * root, operands in input order (the order a kernel evaluates them), and the producer is the first
 * contraction found in that order, so renaming nodes or permuting independent nodes changes no
 * group. Whether a group's kernel can be generated also depends on the values (their element
 * types and shapes): {@code GraphRun} runs a group node by node when it cannot.
 *
 * @param graphNodes the number of nodes of the graph planned
 */
public record FusionPlan(List<Group> groups, int graphNodes) {
    public FusionPlan {
        groups = List.copyOf(groups);
    }

    /** One node of the graph: its position, name, op and (single) output. */
    public record Member(int index, String name, String op, String output) {
        public Member {
            Objects.requireNonNull(name);
            Objects.requireNonNull(op);
            Objects.requireNonNull(output);
        }
    }

    /**
     * One group: the pointwise {@code members} in evaluation order (the last is the root, whose
     * output leaves the group), and the contraction whose result the group finishes, if any.
     */
    public record Group(Optional<Member> producer, List<Member> members) {
        public Group {
            members = List.copyOf(members);
            if (members.isEmpty() || members.size() == 1 && producer.isEmpty())
                throw new IllegalArgumentException("a group fuses at least two nodes");
        }

        public Member root() {
            return members.getLast();
        }

        /** The nodes the group runs as one kernel, producer included. */
        public int nodes() {
            return members.size() + (producer.isPresent() ? 1 : 0);
        }
    }

    /** The nodes fused, over all groups. */
    public int fusedNodes() {
        return groups.stream().mapToInt(Group::nodes).sum();
    }

    /** Each group by the position of its root. */
    public Map<Integer, Group> byRoot() {
        Map<Integer, Group> out = new HashMap<>();
        for (Group g : groups) out.put(g.root().index(), g);
        return out;
    }

    /** The positions of the nodes that run inside a group other than as its root. */
    public Set<Integer> deferred() {
        Set<Integer> out = new HashSet<>();
        for (Group g : groups) {
            g.producer().ifPresent(p -> out.add(p.index()));
            for (Member m : g.members()) if (m != g.root()) out.add(m.index());
        }
        return out;
    }

    /** The plan of graph {@code g}. */
    public static FusionPlan of(GraphProto g) {
        List<NodeProto> nodes = g.getNodeList();
        Map<String, Integer> producerOf = new HashMap<>();
        Map<String, Set<Integer>> consumers = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            for (String o : nodes.get(i).getOutputList()) if (!o.isEmpty()) producerOf.put(o, i);
            for (String s : nodes.get(i).getInputList()) if (!s.isEmpty()) consumers.computeIfAbsent(s, x -> new LinkedHashSet<>()).add(i);
        }
        Set<String> pinned = new HashSet<>(); // values something other than a node input of this graph reads
        for (ValueInfoProto o : g.getOutputList()) pinned.add(o.getName());
        for (NodeProto n : nodes) for (var a : n.getAttributeList()) {
            if (a.hasG()) subgraphReads(a.getG(), pinned);
            for (GraphProto s : a.getGraphsList()) subgraphReads(s, pinned);
        }
        Set<String> constant = constants(g);
        int[] into = new int[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) into[i] = fusedInto(nodes, i, consumers, pinned, constant);
        List<Group> groups = new ArrayList<>();
        for (int r = 0; r < nodes.size(); r++) {
            NodeProto root = nodes.get(r);
            if (into[r] != -1 || !pointwise(root, constant)) continue;
            List<Member> members = new ArrayList<>();
            Member[] producer = new Member[1];
            collect(nodes, r, into, producerOf, consumers, pinned, constant, members, producer);
            if (members.size() >= 2 || producer[0] != null) groups.add(new Group(Optional.ofNullable(producer[0]), members));
        }
        return new FusionPlan(groups, nodes.size());
    }

    /** The node {@code n}'s output fuses into, or -1. */
    private static int fusedInto(List<NodeProto> nodes, int n, Map<String, Set<Integer>> consumers, Set<String> pinned, Set<String> constant) {
        NodeProto node = nodes.get(n);
        if (!pointwise(node, constant)) return -1;
        int c = soleConsumer(node, consumers, pinned);
        return c != -1 && pointwise(nodes.get(c), constant) && readsCellwise(nodes.get(c), node.getOutput(0)) ? c : -1;
    }

    /** The one node reading {@code n}'s only output, or -1 (none, several, or the output is pinned). */
    private static int soleConsumer(NodeProto n, Map<String, Set<Integer>> consumers, Set<String> pinned) {
        if (n.getOutputCount() != 1 || pinned.contains(n.getOutput(0))) return -1;
        Set<Integer> cs = consumers.getOrDefault(n.getOutput(0), Set.of());
        return cs.size() == 1 ? cs.iterator().next() : -1;
    }

    private static boolean readsCellwise(NodeProto c, String value) {
        for (int s = 0; s < c.getInputCount(); s++)
            if (c.getInput(s).equals(value) && !Fusible.elementwiseInput(c, s)) return false;
        return true;
    }

    private static boolean pointwise(NodeProto n, Set<String> constant) {
        return Fusible.node(n) && !constant.contains(n.getOutput(0));
    }

    /** Post-order from node {@code at}: the members fused into it, then itself; the first attachable contraction on the way. */
    private static void collect(List<NodeProto> nodes, int at, int[] into, Map<String, Integer> producerOf,
            Map<String, Set<Integer>> consumers, Set<String> pinned, Set<String> constant, List<Member> members, Member[] producer) {
        NodeProto n = nodes.get(at);
        for (int s = 0; s < n.getInputCount(); s++) {
            Integer p = producerOf.get(n.getInput(s));
            if (p == null) continue;
            if (into[p] == at) {
                if (members.stream().noneMatch(m -> m.index() == p)) collect(nodes, p, into, producerOf, consumers, pinned, constant, members, producer);
            } else if (producer[0] == null && Fusible.producer(nodes.get(p)) && Fusible.elementwiseInput(n, s)
                    && soleConsumer(nodes.get(p), consumers, pinned) == at && !constant.contains(n.getInput(s))) {
                producer[0] = member(nodes, p);
            }
        }
        members.add(member(nodes, at));
    }

    private static Member member(List<NodeProto> nodes, int i) {
        NodeProto n = nodes.get(i);
        return new Member(i, n.getName(), n.getOpType(), n.getOutput(0));
    }

    /** Every value name a node of {@code g} or of its nested subgraphs reads. */
    private static void subgraphReads(GraphProto g, Set<String> out) {
        for (NodeProto n : g.getNodeList()) {
            out.addAll(n.getInputList());
            for (var a : n.getAttributeList()) {
                if (a.hasG()) subgraphReads(a.getG(), out);
                for (GraphProto s : a.getGraphsList()) subgraphReads(s, out);
            }
        }
    }

    /** Random draws: not constants even when their inputs are. */
    private static final Set<String> RANDOM = Set.of("RandomNormal", "RandomUniform", "RandomNormalLike", "RandomUniformLike",
            "Bernoulli", "Multinomial");

    /**
     * The graph's constants, as {@code GraphRun} knows them: initializers that are not graph inputs,
     * {@code Constant} outputs, and the outputs of deterministic subgraph-free nodes of constants alone.
     */
    private static Set<String> constants(GraphProto g) {
        Set<String> inputs = new HashSet<>();
        for (ValueInfoProto v : g.getInputList()) inputs.add(v.getName());
        Set<String> out = new HashSet<>();
        for (TensorProto t : g.getInitializerList()) if (!inputs.contains(t.getName())) out.add(t.getName());
        for (NodeProto n : g.getNodeList()) {
            boolean subgraph = n.getAttributeList().stream().anyMatch(a -> a.hasG() || a.getGraphsCount() > 0);
            boolean c = n.getOpType().equals("Constant") || n.getInputCount() > 0 && !subgraph && !RANDOM.contains(n.getOpType())
                    && n.getInputList().stream().allMatch(s -> s.isEmpty() || out.contains(s));
            if (c) for (String o : n.getOutputList()) if (!o.isEmpty()) out.add(o);
        }
        return out;
    }
}
