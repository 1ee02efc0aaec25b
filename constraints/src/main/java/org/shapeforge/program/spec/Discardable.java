package org.shapeforge.program.spec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The discardable (invalid) variables of a Block spec (seed 000, "Invalid variables in Block
 * specs"; OCANNL's {@code compute_block_discardable_vars}): a label {@code v} in a component of a
 * concatenation on one side is discardable iff for ALL shapes on the other side there EXISTS an
 * axis such that for ALL components of that axis, the complement of {@code v}'s component (the
 * labels of the other components of the same concatenation) meets that component. Non-concat
 * axes have one component: their labels (a fixed index has a fresh label of its own).
 */
public final class Discardable {
    private Discardable() {}

    /** The discardable labels of {@code spec}, both sides, sorted. */
    public static Set<String> of(EinsumSpec spec) {
        List<List<List<Set<String>>>> rhs = new ArrayList<>();
        for (ShapeSpec s : spec.rhs()) rhs.add(axes(s));
        List<List<Set<String>>> lhs = axes(spec.lhs());
        Set<String> out = new TreeSet<>();
        for (ShapeSpec s : spec.rhs()) out.addAll(side(s, List.of(lhs)));
        out.addAll(side(spec.lhs(), rhs));
        return out;
    }

    private static Set<String> side(ShapeSpec shape, List<List<List<Set<String>>>> others) {
        Set<String> out = new HashSet<>();
        for (Kind k : Kind.values())
            for (AxisSpec a : shape.row(k).axes()) {
                if (!(a instanceof AxisSpec.Concat c)) continue;
                Set<String> all = new HashSet<>(c.parts());
                for (String part : c.parts()) {
                    Set<String> complement = new HashSet<>(all);
                    complement.remove(part);
                    boolean covers = others.stream().allMatch(axes -> axes.stream().anyMatch(
                            comps -> comps.stream().allMatch(comp -> comp.stream().anyMatch(complement::contains))));
                    if (covers) out.add(part);
                }
            }
        return out;
    }

    /** Each axis of a shape as its list of components, each a set of labels. */
    private static List<List<Set<String>>> axes(ShapeSpec s) {
        List<List<Set<String>>> out = new ArrayList<>();
        for (Kind k : Kind.values())
            for (AxisSpec a : s.row(k).axes())
                out.add(switch (a) {
                    case AxisSpec.Concat c -> c.parts().stream().map(p -> (Set<String>) Set.of(p)).toList();
                    case AxisSpec.Label l -> List.of(Set.of(l.name()));
                    case AxisSpec.Fixed f -> List.of(Set.of("#fixed@" + k + f.column()));
                    case AxisSpec.Affine af -> {
                        Set<String> vs = new HashSet<>(Set.of(af.over()));
                        af.kernel().ifPresent(vs::add);
                        yield List.of(vs);
                    }
                });
        return out;
    }
}
