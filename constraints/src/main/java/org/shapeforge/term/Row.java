package org.shapeforge.term;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A row term (Defs. 2.1, 2.12, 3.1). A marked row is {@code l·◇·r} ({@link Closed}) or
 * {@code l·⟨ρ⟩·r} ({@link Open}); each contains at most one row variable, at the marker.
 * {@link Rigid} is the markerless sort {@code F•} of Def. 2.12. The literal {@code [3, a]} is
 * {@code []·◇·[3, a]}: the marker at the front.
 */
public sealed interface Row {

    /** A closed marked row {@code lead·◇·trail}. */
    record Closed(List<Dim> lead, List<Dim> trail) implements Row {
        private static final Closed EMPTY = new Closed(List.of(), List.of());

        public Closed {
            lead = List.copyOf(lead);
            trail = List.copyOf(trail);
        }
    }

    /**
     * An open row term {@code lead·⟨var⟩·trail}. {@code varId} is an interning hint for the row
     * variable, not part of the value, as {@link Dim.Var#id()} is for dimension variables:
     * equality, hashing and printing ignore it ({@link Dim.Var#NO_ID} when no solver gave one).
     */
    record Open(List<Dim> lead, String var, List<Dim> trail, int varId) implements Row {
        public Open {
            lead = List.copyOf(lead);
            Names.requireRowName(var);
            trail = List.copyOf(trail);
        }

        /** The term without an id for its variable. */
        public Open(List<Dim> lead, String var, List<Dim> trail) {
            this(lead, var, trail, Dim.Var.NO_ID);
        }

        /** {@code lead·⟨var⟩·trail} over this term's variable (its id kept). */
        public Open withFlanks(List<Dim> lead, List<Dim> trail) {
            return lead == this.lead && trail == this.trail ? this : new Open(lead, var, trail, varId);
        }

        /** Equal to every open row with the same flanks and variable name, whatever the ids. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Open r && var.equals(r.var) && lead.equals(r.lead) && trail.equals(r.trail);
        }

        /** The record's own hash of its three value components. */
        @Override
        public int hashCode() {
            return (lead.hashCode() * 31 + var.hashCode()) * 31 + trail.hashCode();
        }

        @Override
        public String toString() {
            return "Open[lead=" + lead + ", var=" + var + ", trail=" + trail + "]";
        }
    }

    /** A rigid row {@code F•} (Def. 2.12): a flat sequence with no marker. */
    record Rigid(List<Dim> axes) implements Row {
        public Rigid {
            axes = List.copyOf(axes);
        }
    }

    /** The literal convention: {@code [d1, …, dn]} = {@code []·◇·[d1, …, dn]}. */
    static Closed literal(List<Dim> axes) {
        return new Closed(List.of(), axes);
    }

    /** The empty row {@code []} (one shared instance: rows are immutable values). */
    static Closed empty() {
        return Closed.EMPTY;
    }

    static Open var(String name) {
        return new Open(List.of(), name, List.of());
    }

    /** Leading flank ({@code l}); the whole sequence for a rigid row. */
    default List<Dim> lead() {
        return switch (this) {
            case Closed c -> c.lead();
            case Open o -> o.lead();
            case Rigid r -> r.axes();
        };
    }

    /** Trailing flank ({@code r}); empty for a rigid row. */
    default List<Dim> trail() {
        return switch (this) {
            case Closed c -> c.trail();
            case Open o -> o.trail();
            case Rigid r -> List.of();
        };
    }

    /** {@code flat(l·◇·r) = l·r} (Def. 2.9); the known explicit axes of an open term. */
    default List<Dim> flat() {
        if (trail().isEmpty()) return lead(); // flanks are immutable lists: no copy needed
        if (lead().isEmpty()) return trail();
        List<Dim> out = new ArrayList<>(lead());
        out.addAll(trail());
        return List.copyOf(out);
    }

    /** Number of explicit axes: the rank of a closed or rigid row, the known flanks of an open one. */
    default int knownRank() {
        return lead().size() + trail().size();
    }

    default boolean isOpen() {
        return this instanceof Open;
    }

    /** The row variable at the marker, or {@code null} for closed and rigid rows. */
    default String rowVar() {
        return this instanceof Open o ? o.var() : null;
    }

    /** Whether every dimension in the flanks is ground and there is no row variable. */
    default boolean isGround() {
        if (isOpen()) return false;
        List<Dim> l = lead(), t = trail();
        for (int i = 0; i < l.size(); i++) if (!l.get(i).isGround()) return false;
        for (int i = 0; i < t.size(); i++) if (!t.get(i).isGround()) return false;
        return true;
    }

    static Row requireNonNull(Row r) {
        return Objects.requireNonNull(r, "row");
    }
}
