package org.shapeforge.program.spec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
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

    /**
     * The discardable parts of {@code shape}'s concatenations against the {@code others}' axes, in
     * time linear in the spec's size (a stack of n operands is one concatenation of n parts against
     * n shapes). For part {@code v} of a concatenation with parts {@code P}, a component meets the
     * complement {@code P \ {v}} iff it holds two labels of {@code P}, or one that is not {@code v};
     * so an axis covers {@code v} iff none of its components misses {@code P} and {@code v} is none
     * of its <em>blocking</em> labels (the lone label of {@code P} in a component). A shape covers
     * every part but those in the intersection of its covering axes' blocking sets ({@link #uncovered});
     * a part is discardable iff no shape leaves it uncovered.
     */
    private static Set<String> side(ShapeSpec shape, List<List<List<Set<String>>>> others) {
        Set<String> out = new HashSet<>();
        for (Kind k : Kind.values())
            for (AxisSpec a : shape.row(k).axes()) {
                if (!(a instanceof AxisSpec.Concat c)) continue;
                Set<String> all = new HashSet<>(c.parts());
                Set<String> kept = new HashSet<>();
                boolean none = false;
                for (List<List<Set<String>>> axes : others) {
                    Optional<Set<String>> u = uncovered(axes, all);
                    if (u.isEmpty()) {
                        none = true;
                        break;
                    }
                    kept.addAll(u.get());
                }
                if (none) continue;
                for (String part : all) if (!kept.contains(part)) out.add(part);
            }
        return out;
    }

    /**
     * The parts of {@code all} that no axis of {@code axes} covers (see {@link #side}); empty when
     * none is covered (no axis has every component meeting {@code all}).
     */
    private static Optional<Set<String>> uncovered(List<List<Set<String>>> axes, Set<String> all) {
        Set<String> common = null;
        for (List<Set<String>> comps : axes) {
            Set<String> blocking = new HashSet<>();
            boolean meets = true;
            for (Set<String> comp : comps) {
                int in = 0;
                String lone = null;
                for (String l : comp)
                    if (all.contains(l)) {
                        in++;
                        lone = l;
                    }
                if (in == 0) {
                    meets = false;
                    break;
                }
                if (in == 1) blocking.add(lone);
            }
            if (!meets) continue;
            if (blocking.isEmpty()) return Optional.of(Set.of());
            if (common == null) common = blocking;
            else common.retainAll(blocking);
        }
        return common == null ? Optional.empty() : Optional.of(common);
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
