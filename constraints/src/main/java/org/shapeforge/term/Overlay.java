package org.shapeforge.term;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.shapeforge.collect.FrozenMap;

/**
 * A ground assignment given as a base assignment γ plus moved dimension variables (issue 12): a
 * refutation by perturbation judges the constraints that mention the moved variables on this
 * overlay, through {@link Valuation}, without copying γ; γ was validated once, when it was built,
 * and each moved value is validated here, so an overlay costs the moved variables.
 *
 * <p>Denotation: γ' = γ[moves][R ↦ v], i.e. {@code γ'(x) = v} for x in the region R, else
 * {@code moves(x)} where x is moved, else {@code γ(x)}; rows are γ's. The region is a set of
 * names all moved to one value (the up-cone of a dimension variable, moved to the unit),
 * enumerated by its supplier only when needed: a lookup of a name the region's hints do not
 * place, or {@link #assignment()}. The hints ({@code inside}, {@code outside}) are checked against
 * the enumerated region ({@link IllegalStateException} if they disagree: a caller bug), so a
 * lookup answered from a hint is the value γ' has.
 *
 * <p>{@link #assignment()} materialises γ' as an {@link Assignment} (O(N), once): what users see
 * as a counterexample is always a complete ground assignment.
 */
public final class Overlay implements Valuation {
    private final Assignment base;
    private final Map<String, Dim> moves;
    private final Dim value;
    private final Set<String> inside, outside;
    private final Supplier<? extends Set<String>> members;
    private volatile Set<String> region;
    private volatile Assignment materialised;

    private Overlay(Assignment base, Map<String, Dim> moves, Dim value, Set<String> inside, Set<String> outside,
                    Supplier<? extends Set<String>> members) {
        this.base = Objects.requireNonNull(base, "base");
        this.moves = moves;
        this.value = value;
        this.inside = inside;
        this.outside = outside;
        this.members = members;
        moves.forEach((x, d) -> requireGround(x, d));
        if (value != null) requireGround("the region", value);
    }

    /** γ with the dimension variables of {@code moves} at their new values (O(|moves|)). */
    public static Overlay moving(Assignment base, Map<String, Dim> moves) {
        return new Overlay(base, FrozenMap.copyOf(moves), null, Set.of(), Set.of(), null);
    }

    /**
     * γ with every name of {@code members.get()} at {@code value}; {@code inside} and
     * {@code outside} are names known to be in the region and known not to be in it (lookups of
     * them do not enumerate it). The supplier is called at most once per overlay (twice under a
     * race, with the same answer) and must return the same set every time.
     */
    public static Overlay region(Assignment base, Dim value, Set<String> inside, Set<String> outside,
                                 Supplier<? extends Set<String>> members) {
        return new Overlay(base, Map.of(), Objects.requireNonNull(value, "value"), Set.copyOf(inside), Set.copyOf(outside),
                Objects.requireNonNull(members, "members"));
    }

    /** The base assignment γ. */
    public Assignment base() {
        return base;
    }

    @Override
    public Dim dim(String name) {
        if (value != null && (inside.contains(name) || !outside.contains(name) && region().contains(name))) return value;
        Dim m = moves.get(name);
        return m != null ? m : base.dim(name);
    }

    @Override
    public Row row(String name) {
        return base.row(name);
    }

    /** The region, enumerated on first need, its hints checked. */
    private Set<String> region() {
        Set<String> r = region;
        if (r != null) return r;
        r = Objects.requireNonNull(members.get(), "region");
        if (!r.containsAll(inside)) throw new IllegalStateException("overlay region misses names hinted inside: " + inside);
        for (String x : outside)
            if (r.contains(x)) throw new IllegalStateException("overlay region contains " + x + ", hinted outside");
        return region = r;
    }

    @Override
    public Assignment assignment() {
        Assignment a = materialised;
        if (a != null) return a;
        Set<String> r = value == null ? Set.of() : region();
        FrozenMap.Builder<String, Dim> dims = FrozenMap.builder(base.dims().size() + moves.size() + r.size());
        base.dims().forEach((x, d) -> dims.put(x, dim(x)));
        moves.forEach((x, d) -> {
            if (!base.dims().containsKey(x)) dims.put(x, dim(x));
        });
        for (String x : r) if (!base.dims().containsKey(x) && !moves.containsKey(x)) dims.put(x, value);
        return materialised = new Assignment(dims.build(), base.rows());
    }

    private static void requireGround(String name, Dim d) {
        if (!Objects.requireNonNull(d, "value").isGround())
            throw new IllegalArgumentException("non-ground value for " + name + ": " + d);
    }

    /** Equal to another overlay denoting the same assignment (never to an {@link Assignment}: records compare by components). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Overlay other && assignment().equals(other.assignment());
    }

    @Override
    public int hashCode() {
        return assignment().hashCode();
    }

    @Override
    public String toString() {
        return assignment().toString();
    }
}
