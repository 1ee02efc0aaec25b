package org.shapeforge.program.dynamic;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.OpKind;

/**
 * Shape-compatible op groups (fusion candidates) and the index computations that collapse in them
 * because dims are equal (seed 002, "Fusion decision" and "Codegen optimization"). A group is a
 * connected, convex set of pointwise operations whose results have one symbolic shape (exact
 * extents, equal axis for axis, for every size of the dynamic dims): one loop nest computes them
 * all. Built in program order: an operation joins the group of an operand's producer when their
 * shapes are equal and no other operand depends on that group through an operation outside it
 * (convexity: a group never waits for its own result through, say, a reduction).
 *
 * <p>Inside a group, each read of a tensor produced outside it is an index computation from the
 * loop index. It <em>collapses</em> to the loop index when the tensor's symbolic shape is the
 * group's (no div/mod by extents), and two broadcast reads of one symbolic shape share one
 * computation. Without the equal-dim knowledge every read would need its own. Shapes with an
 * upper bound or unknown extent are never taken as equal (seed 004: no upgrade).
 */
public record Fusion(List<Group> groups) {
    public Fusion {
        groups = List.copyOf(groups);
    }

    /** A read of a tensor from outside the group: its symbolic shape and whether it is the group's. */
    public record Access(String tensor, String shape, boolean identity) {}

    /** A group: its operations' results in program order, the common shape, the outside reads. */
    public record Group(List<String> ops, String shape, List<Access> accesses) {
        public Group {
            ops = List.copyOf(ops);
            accesses = List.copyOf(accesses);
        }

        /** The distinct index computations left: one per distinct non-identity shape read. */
        public int indexComputations() {
            return (int) accesses.stream().filter(a -> !a.identity()).map(Access::shape).distinct().count();
        }

        /** The reads whose index computation collapses (to the loop index, or into another read's). */
        public int collapsed() {
            return accesses.size() - indexComputations();
        }
    }

    public static Fusion of(Inference inf) {
        List<Generated.OpNode> ops = inf.generated().operations();
        Map<String, Integer> producer = new HashMap<>();
        for (int i = 0; i < ops.size(); i++) if (ops.get(i).erasing()) producer.put(ops.get(i).result(), i);
        Map<Integer, SymbolicShape> shapes = new HashMap<>();
        var read = SymbolicShapes.reader(inf).orElseThrow();
        int[] group = new int[ops.size()];
        List<List<Integer>> members = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            group[i] = -1;
            Generated.OpNode op = ops.get(i);
            if (op.kind() != OpKind.POINTWISE || !op.erasing()) continue;
            SymbolicShape s = read.apply(op.lhs());
            shapes.put(i, s);
            int joined = -1;
            for (String operand : op.operandNames()) {
                Integer p = producer.get(operand);
                if (p == null || p >= i || group[p] < 0 || !exactlyEqual(s, shapes.get(p))) continue;
                int g = group[p];
                if (joined == g) continue;
                boolean convex = true;
                for (String other : op.operandNames())
                    if (dependsOnOutside(other, g, ops, producer, group)) convex = false;
                if (convex && joined < 0) joined = g;
            }
            if (joined < 0) {
                joined = members.size();
                members.add(new ArrayList<>());
            }
            group[i] = joined;
            members.get(joined).add(i);
        }
        List<Group> out = new ArrayList<>();
        for (List<Integer> m : members) {
            if (m.size() < 2) continue;
            SymbolicShape s = shapes.get(m.getFirst());
            Set<String> inside = new HashSet<>();
            m.forEach(i -> inside.add(ops.get(i).result()));
            List<Access> reads = new ArrayList<>();
            Set<String> seen = new LinkedHashSet<>();
            for (int i : m) {
                Generated.OpNode op = ops.get(i);
                for (int j = 0; j < op.operands().size(); j++) {
                    String t = op.operandNames().get(j);
                    if (inside.contains(t) || !seen.add(t)) continue;
                    SymbolicShape a = read.apply(op.operands().get(j));
                    reads.add(new Access(t, a.printed(), exactlyEqual(a, s)));
                }
            }
            out.add(new Group(m.stream().map(i -> ops.get(i).result()).toList(), s.printed(), reads));
        }
        return new Fusion(out);
    }

    /**
     * Does {@code tensor} depend on group {@code g} through an operation outside it? A member
     * itself does not count (that is the edge being fused); leaves do not depend on anything.
     */
    private static boolean dependsOnOutside(String tensor, int g, List<Generated.OpNode> ops, Map<String, Integer> producer,
            int[] group) {
        Integer p = producer.get(tensor);
        if (p == null || group[p] == g) return false;
        ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(p)); // iterative: graphs may be deep
        Set<Integer> visited = new HashSet<>();
        while (!todo.isEmpty()) {
            int k = todo.pop();
            if (!visited.add(k)) continue;
            for (String o : ops.get(k).operandNames()) {
                Integer q = producer.get(o);
                if (q == null || q >= k) continue;
                if (group[q] == g) return true;
                todo.push(q);
            }
        }
        return false;
    }

    static boolean exactlyEqual(SymbolicShape a, SymbolicShape b) {
        return a.equals(b) && allExact(a);
    }

    static boolean allExact(SymbolicShape s) {
        return Stream.of(s.batch(), s.input(), s.output()).flatMap(List::stream)
                .allMatch(e -> e instanceof ShapeExtent.Exact);
    }
}
