package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import org.shapeforge.term.Row;

/**
 * The bound store B of a configuration (Def. 4.1): the residual facts kept — adjacencies, row
 * caps, deferred word equations and shifted inequalities ({@link Stored.Kind}) — each indexed
 * under the variables it mentions, so that binding a variable re-emits exactly its facts
 * ({@link #takeDimWatchers}, {@link #takeRowWatchers}), and the adjacency and cap lists the rules
 * and closing walk. The lists are chains in one pooled pair of arrays ({@link Chains}) whose heads
 * live in the variables' slots ({@link DimSlots}, {@link RowSlots}); a dead fact is pruned from a
 * list when the list is next read. The bindings σ are the {@link Store}'s.
 */
public final class BoundStore {
    private final Store store;
    private final DimSlots dims;
    private final RowSlots rows;
    private final List<Stored> all = new ArrayList<>();
    /** The lists of stored facts of all variables (watches, adjacencies, caps). */
    private final Chains chains = new Chains();
    /** The deferred word equations and shifted inequalities ever stored, in order (append-only, dead ones included). */
    private final List<Stored> deferred = new ArrayList<>();
    private long order;

    BoundStore(Store store, DimSlots dims, RowSlots rows) {
        this.store = store;
        this.dims = dims;
        this.rows = rows;
    }

    /**
     * Stores an adjacency {@code a ⊑ b} between dimension variables {@code a} and {@code b}
     * ({@link Stored.Kind#DIM_ADJ}), whose fact is {@code fact}: both watch it, and it joins a's
     * up and b's down adjacencies.
     */
    public Stored storeAdjacency(Fact.DimLe fact, Why why, int a, int b) {
        Stored s = add(fact, why, Stored.Kind.DIM_ADJ);
        dims.watch[a] = chains.append(dims.watch[a], s);
        dims.watch[b] = chains.append(dims.watch[b], s);
        dims.up[a] = chains.append(dims.up[a], s);
        dims.down[b] = chains.append(dims.down[b], s);
        return s;
    }

    /**
     * Stores a residual row fact watched by row variables {@code first} and (when not
     * {@link Store#NONE} and not the same) {@code second}. A row cap {@code R ⊑ ⟨ρ⟩}
     * ({@link Stored.Kind#ROW_CAP}) joins ρ's caps, and when R is a bare variable, that variable's
     * upward adjacencies.
     */
    public Stored storeRow(Fact fact, Why why, Stored.Kind kind, int first, int second) {
        if (kind == Stored.Kind.DIM_ADJ) throw new IllegalArgumentException("an adjacency is stored by storeAdjacency");
        Stored s = add(fact, why, kind);
        rows.watch[first] = chains.append(rows.watch[first], s);
        if (second != Store.NONE && second != first) rows.watch[second] = chains.append(rows.watch[second], s);
        if (kind == Stored.Kind.ROW_CAP) storeCap(s, store.rowSlotOrNew((Row.Open) ((Fact.RowLe) fact).upper()));
        return s;
    }

    private Stored add(Fact fact, Why why, Stored.Kind kind) {
        Stored s = new Stored(fact, why, kind, order++);
        all.add(s);
        if (kind == Stored.Kind.SPLIT_EQ || kind == Stored.Kind.ROTATION_EQ || kind == Stored.Kind.SHIFTED_LE) deferred.add(s);
        return s;
    }

    /** Puts row cap {@code s} on the caps of its upper variable {@code u} (and a bare lower variable's up list). */
    private void storeCap(Stored s, int u) {
        rows.caps[u] = chains.append(rows.caps[u], s);
        rows.capCount[u]++;
        if (rows.capsByLower[u] != null) rows.capsByLower[u].put(s.lowerRow(), s);
        else if (rows.capCount[u] > CAP_SCAN) { // a hub row (a batch row with a cap per layer): index its caps
            List<Stored> caps = chains.all(rows.caps[u]);
            HashMap<Row, Stored> byLower = new HashMap<>(2 * caps.size());
            for (Stored c : caps) byLower.put(c.lowerRow(), c);
            rows.capsByLower[u] = byLower;
        }
        if (s.lowerRow() instanceof Row.Open lo && lo.lead().isEmpty()
                && lo.trail().isEmpty() && !lo.var().equals(rows.names[u])) {
            int l = store.rowSlotOrNew(lo);
            rows.up[l] = chains.append(rows.up[l], s);
        }
    }

    /** Removes and returns the live stored facts that mention dimension variable {@code s}. */
    public List<Stored> takeDimWatchers(int s) {
        return taken(dims.watch, s);
    }

    /** Removes and returns the live stored facts that mention row variable {@code s}. */
    public List<Stored> takeRowWatchers(int s) {
        return taken(rows.watch, s);
    }

    /** The live facts of chain {@code heads[s]}, the chain emptied. */
    private List<Stored> taken(long[] heads, int s) {
        long h = heads[s];
        if (h == Chains.EMPTY) return List.of();
        heads[s] = Chains.EMPTY;
        return chains.take(h);
    }

    /** The live facts of chain {@code heads[s]}, the dead ones pruned from it. */
    private List<Stored> live(long[] heads, int s) {
        if (heads[s] == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        heads[s] = chains.prune(heads[s], out);
        return out;
    }

    /** Kills one stored fact (consumed by closing); it will not be re-emitted. */
    public void kill(Stored s) {
        s.alive = false;
    }

    /** Live adjacencies {@code v ⊑ w} leaving dimension variable {@code s}. */
    public List<Stored> upAdjacencies(int s) {
        return live(dims.up, s);
    }

    public List<Stored> upAdjacencies(String v) {
        int s = dims.find(v);
        return s == Store.NONE ? List.of() : upAdjacencies(s);
    }

    /** Live adjacencies {@code w ⊑ v} entering dimension variable {@code s}. */
    public List<Stored> downAdjacencies(int s) {
        return live(dims.down, s);
    }

    public List<Stored> downAdjacencies(String v) {
        int s = dims.find(v);
        return s == Store.NONE ? List.of() : downAdjacencies(s);
    }

    /** Live caps {@code R ⊑ ⟨ρ⟩} on row variable {@code s}. */
    public List<Stored> rowCaps(int s) {
        return live(rows.caps, s);
    }

    public List<Stored> rowCaps(String v) {
        int s = rows.find(v);
        return s == Store.NONE ? List.of() : rowCaps(s);
    }

    /** Whether row variable {@code s} has a live cap {@code lower ⊑ ⟨ρ⟩} (one hash lookup on a hub row). */
    public boolean hasCap(int s, Row lower) {
        if (rows.caps[s] == Chains.EMPTY) return false;
        if (rows.capsByLower[s] != null) {
            Stored c = rows.capsByLower[s].get(lower);
            return c != null && c.alive;
        }
        return chains.findLive(rows.caps[s], c -> c.lowerRow().equals(lower)) != null;
    }

    /** Up to this many caps on a row are scanned; more are indexed by their lower row. */
    private static final int CAP_SCAN = 8;

    /** Live bare adjacencies {@code ⟨v⟩ ⊑ ⟨w⟩} leaving row variable {@code s}. */
    public List<Stored> rowUpAdjacencies(int s) {
        return live(rows.up, s);
    }

    /**
     * The deferred facts stored since the first {@code from} of them (dead ones included: check
     * {@link Stored#alive()}): closing reads only what is new after each commitment.
     */
    public List<Stored> deferredFrom(int from) {
        return Collections.unmodifiableList(deferred.subList(from, deferred.size()));
    }

    /** All live stored facts in insertion order (the residual store). */
    public List<Stored> residual() {
        all.removeIf(s -> !s.alive);
        return List.copyOf(all);
    }
}
