package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The bindings σ and bound store B of a configuration (Def. 4.1). Bindings are idempotent in
 * effect: lookups substitute through chains and compress them (union-find style). Stored facts
 * are indexed by the variables they mention, so binding a variable re-emits exactly its facts.
 *
 * <p>A variable is its dense id in its sort's slots ({@link DimSlots}, {@link RowSlots}: parallel
 * arrays, no object per variable). The operations take the id, found once by the caller — from
 * the id its term carries ({@link #dimSlot(Dim.Var)}, {@link #rowSlot(Row.Open)}), an array read
 * confirmed by the name — rather than a name to probe again in every operation (issue 12). The
 * name-keyed forms remain for callers that hold only a name; each costs a hash probe (and the
 * first builds the name index). The input's variables are registered first, with their terms'
 * ids ({@link #registerNew}).
 */
public final class Store {
    /** The at-most-one atom cap {@code lb(α)} of Def. 4.1. */
    public record Cap(Dim.Atom atom, Why why) {}

    /** No variable: what the lookups return for a name never seen. */
    public static final int NONE = -1;

    private final DimSlots dims;
    private final RowSlots rows;
    private final List<Stored> all = new ArrayList<>();
    /** The lists of stored facts of all variables (watches, adjacencies, caps). */
    private final Chains chains = new Chains();
    /** The deferred word equations and shifted inequalities ever stored, in order (append-only, dead ones included). */
    private final List<Stored> deferred = new ArrayList<>();
    private long order;

    /** An empty store. */
    public Store() {
        this(16, 16);
    }

    /** An empty store with room for about {@code dims} dimension and {@code rows} row variables before it grows. */
    public Store(int dims, int rows) {
        this.dims = new DimSlots(dims);
        this.rows = new RowSlots(rows);
    }

    // ---- variables ----

    /**
     * Registers the problem's variables before anything else: interned terms whose ids are their
     * positions in the lists, which become their ids here.
     */
    public void registerNew(List<Dim.Var> dimTerms, List<Row.Open> rowTerms) {
        if (dims.count != 0 || rows.count != 0) throw new IllegalStateException("registerNew: variables already seen");
        for (int i = 0; i < dimTerms.size(); i++) {
            Dim.Var v = dimTerms.get(i);
            if (v.id() != i) throw new IllegalArgumentException("registerNew: " + v.name() + " has id " + v.id() + ", not " + i);
            dims.register(dims.add(v.name(), v));
        }
        for (int i = 0; i < rowTerms.size(); i++) {
            Row.Open o = rowTerms.get(i);
            if (o.varId() != i) throw new IllegalArgumentException("registerNew: <" + o.var() + "> has id " + o.varId() + ", not " + i);
            rows.register(rows.add(o.var(), o));
        }
    }

    /** Registers a fresh dimension variable: a name the store has never seen (not checked). */
    public int registerFreshDim(String v) {
        int s = dims.add(v, null);
        dims.register(s);
        return s;
    }

    /** Registers a fresh row variable: a name the store has never seen (not checked). */
    public int registerFreshRow(String v) {
        int s = rows.add(v, null);
        rows.register(s);
        return s;
    }

    /** The variable of {@code v} (by the id it carries, confirmed by name, else by name), or {@link #NONE}. */
    public int dimSlot(Dim.Var v) {
        return dims.find(v.name(), v.id());
    }

    /** The variable of {@code v}, made on first sight. */
    public int dimSlotOrNew(Dim.Var v) {
        int s = dimSlot(v);
        return s != NONE ? s : dims.add(v.name(), null);
    }

    /** Dimension variable {@code v} found by name, made on first sight. */
    public int dimSlotOrNew(String v) {
        int s = dims.find(v);
        return s != NONE ? s : dims.add(v, null);
    }

    /** The variable of open row {@code o} (by the id it carries, confirmed by name, else by name), or {@link #NONE}. */
    public int rowSlot(Row.Open o) {
        return rows.find(o.var(), o.varId());
    }

    /** The variable of open row {@code o}, made on first sight. */
    public int rowSlotOrNew(Row.Open o) {
        int s = rowSlot(o);
        return s != NONE ? s : rows.add(o.var(), null);
    }

    /** Row variable {@code v} found by name, made on first sight. */
    public int rowSlotOrNew(String v) {
        int s = rows.find(v);
        return s != NONE ? s : rows.add(v, null);
    }

    /** Dimension variable {@code v} found by name, or {@link #NONE}. */
    public int dimSlot(String v) {
        return dims.find(v);
    }

    /** Whether the store has seen dimension variable {@code v} (registered or mentioned). */
    public boolean hasDim(String v) {
        return dims.find(v) != NONE;
    }

    /** Whether the store has seen row variable {@code v}. */
    public boolean hasRow(String v) {
        return rows.find(v) != NONE;
    }

    /** The registered dimension variables, in registration order: {@code registeredDim(0 … registeredDims()-1)}. */
    public int registeredDims() {
        return dims.registered();
    }

    public int registeredDim(int k) {
        return dims.registered(k);
    }

    /** The registered row variables, in registration order. */
    public int registeredRows() {
        return rows.registered();
    }

    public int registeredRow(int k) {
        return rows.registered(k);
    }

    public String dimName(int s) {
        return dims.names[s];
    }

    public String rowName(int s) {
        return rows.names[java.util.Objects.checkIndex(s, rows.count)];
    }

    /** The variable as a term carrying its id (one instance per variable). */
    public Dim.Var dimTerm(int s) {
        return dims.term(s);
    }

    /** The bare row variable {@code ⟨ρ⟩} as a term carrying its id (one instance per variable). */
    public Row.Open rowTerm(int s) {
        return rows.term(s);
    }

    /** The number of row variables (their ids are {@code 0 … rowCount()-1}; the rank graphs index by them). */
    public int rowCount() {
        return rows.count;
    }

    // ---- flags ----

    /**
     * Whether dimension variable {@code s} may have size 0 (Def. 1.1: discardable, or fresh and not
     * yet placed in a value that may not).
     */
    public boolean zeroOkDim(int s) {
        return dims.zeroOk(s);
    }

    /** {@link #zeroOkDim(int)} by name: false for a variable never seen. */
    public boolean zeroOkDim(String v) {
        int s = dims.find(v);
        return s != NONE && dims.zeroOk(s);
    }

    /** Sets the flag of the variable of term {@code v} (making it if needed when setting). */
    public void zeroOkDim(Dim.Var v, boolean ok) {
        int s = ok ? dimSlotOrNew(v) : dimSlot(v);
        if (s != NONE) dims.zeroOk(s, ok);
    }

    /** Sets {@link #zeroOkDim}'s flag by name (setting it makes the variable if needed; clearing an unseen one does nothing). */
    public void zeroOkDim(String v, boolean ok) {
        int s = ok ? dimSlotOrNew(v) : dims.find(v);
        if (s != NONE) dims.zeroOk(s, ok);
    }

    /** Whether row variable {@code s}'s value may have size-0 axes (the row counterpart of {@link #zeroOkDim}). */
    public boolean zeroOkRow(int s) {
        return rows.zeroOk(s);
    }

    /** Sets the flag of the variable of open row {@code o}. */
    public void zeroOkRow(Row.Open o, boolean ok) {
        int s = ok ? rowSlotOrNew(o) : rowSlot(o);
        if (s != NONE) rows.zeroOk(s, ok);
    }

    public void zeroOkRow(String v, boolean ok) {
        int s = ok ? rowSlotOrNew(v) : rows.find(v);
        if (s != NONE) rows.zeroOk(s, ok);
    }

    // ---- bindings ----

    public boolean dimBound(int s) {
        return dims.bound(s);
    }

    public boolean rowBound(int s) {
        return rows.bound(s);
    }

    public boolean dimBound(Dim.Var v) {
        int s = dimSlot(v);
        return s != NONE && dims.bound(s);
    }

    public boolean rowBound(String v) {
        int s = rows.find(v);
        return s != NONE && rows.bound(s);
    }

    /** Whether the variable of open row {@code o} is bound. */
    public boolean rowBound(Row.Open o) {
        int s = rowSlot(o);
        return s != NONE && rows.bound(s);
    }

    /** σ(s) as stored (not read through chains: {@link Subst} does that), or null. */
    Dim dimValue(int s) {
        return dims.value(s);
    }

    Why dimWhy(int s) {
        return dims.whys[s];
    }

    Row rowValue(int s) {
        return rows.value(s);
    }

    Why rowWhy(int s) {
        return rows.whys[s];
    }

    boolean placement(int s) {
        return rows.placement[s];
    }

    /** Binds (or, compressing a chain, rebinds to the chain's end) dimension variable {@code s}. */
    public void bindDim(int s, Dim value, Why why) {
        dims.values[s] = java.util.Objects.requireNonNull(value);
        dims.whys[s] = why;
    }

    /** Binds (or rebinds to a chain's end) row variable {@code s}. */
    public void bindRow(int s, Row value, Why why, boolean placement) {
        rows.values[s] = java.util.Objects.requireNonNull(value);
        rows.whys[s] = why;
        rows.placement[s] = placement;
    }

    // ---- caps ----

    /** The atom cap lb(s), or null. */
    public Cap cap(int s) {
        return dims.caps[s];
    }

    public Cap cap(String v) {
        int s = dims.find(v);
        return s == NONE ? null : dims.caps[s];
    }

    public void setCap(int s, Dim.Atom a, Why why) {
        dims.setCap(s, new Cap(a, why));
    }

    /** Removes and returns the cap of variable {@code s}, or null. */
    public Cap removeCap(int s) {
        return dims.removeCap(s);
    }

    /** The number of capped variables. */
    public int cappedCount() {
        return dims.liveCaps();
    }

    /** The capped variables in the order their caps were set. */
    public int[] capped() {
        return dims.capped();
    }

    // ---- stored facts ----

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
     * {@link #NONE} and not the same) {@code second}. A row cap {@code R ⊑ ⟨ρ⟩}
     * ({@link Stored.Kind#ROW_CAP}) joins ρ's caps, and when R is a bare variable, that variable's
     * upward adjacencies.
     */
    public Stored storeRow(Fact fact, Why why, Stored.Kind kind, int first, int second) {
        if (kind == Stored.Kind.DIM_ADJ) throw new IllegalArgumentException("an adjacency is stored by storeAdjacency");
        Stored s = add(fact, why, kind);
        rows.watch[first] = chains.append(rows.watch[first], s);
        if (second != NONE && second != first) rows.watch[second] = chains.append(rows.watch[second], s);
        if (kind == Stored.Kind.ROW_CAP) storeCap(s, rowSlotOrNew((Row.Open) ((Fact.RowLe) fact).upper()));
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
            int l = rowSlotOrNew(lo);
            rows.up[l] = chains.append(rows.up[l], s);
        }
    }

    /** Removes and returns the live stored facts that mention dimension variable {@code s}. */
    public List<Stored> takeDimWatchers(int s) {
        long h = dims.watch[s];
        if (h == Chains.EMPTY) return List.of();
        dims.watch[s] = Chains.EMPTY;
        return chains.take(h);
    }

    /** Removes and returns the live stored facts that mention row variable {@code s}. */
    public List<Stored> takeRowWatchers(int s) {
        long h = rows.watch[s];
        if (h == Chains.EMPTY) return List.of();
        rows.watch[s] = Chains.EMPTY;
        return chains.take(h);
    }

    /** Kills one stored fact (consumed by closing); it will not be re-emitted. */
    public void kill(Stored s) {
        s.alive = false;
    }

    /** Live adjacencies {@code v ⊑ w} leaving dimension variable {@code s}. */
    public List<Stored> upAdjacencies(int s) {
        if (dims.up[s] == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        dims.up[s] = chains.prune(dims.up[s], out);
        return out;
    }

    public List<Stored> upAdjacencies(String v) {
        int s = dims.find(v);
        return s == NONE ? List.of() : upAdjacencies(s);
    }

    /** Live adjacencies {@code w ⊑ v} entering dimension variable {@code s}. */
    public List<Stored> downAdjacencies(int s) {
        if (dims.down[s] == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        dims.down[s] = chains.prune(dims.down[s], out);
        return out;
    }

    public List<Stored> downAdjacencies(String v) {
        int s = dims.find(v);
        return s == NONE ? List.of() : downAdjacencies(s);
    }

    /** Live caps {@code R ⊑ ⟨ρ⟩} on row variable {@code s}. */
    public List<Stored> rowCaps(int s) {
        if (rows.caps[s] == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        rows.caps[s] = chains.prune(rows.caps[s], out);
        return out;
    }

    public List<Stored> rowCaps(String v) {
        int s = rows.find(v);
        return s == NONE ? List.of() : rowCaps(s);
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
        if (rows.up[s] == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        rows.up[s] = chains.prune(rows.up[s], out);
        return out;
    }

    /**
     * The deferred facts stored since the first {@code from} of them (dead ones included: check
     * {@link Stored#alive()}): closing reads only what is new after each commitment.
     */
    public List<Stored> deferredFrom(int from) {
        return java.util.Collections.unmodifiableList(deferred.subList(from, deferred.size()));
    }

    /** All live stored facts in insertion order (the residual store). */
    public List<Stored> residual() {
        all.removeIf(s -> !s.alive);
        return List.copyOf(all);
    }

    // ---- propagators ----

    /** Puts propagator {@code w} on the watch list of dimension variable {@code v} (by name). */
    public void watchDim(String v, Watcher w) {
        dims.watch(dimSlotOrNew(v), w);
    }

    /** Puts propagator {@code w} on the watch list of the variable of {@code v}. */
    public void watchDim(Dim.Var v, Watcher w) {
        dims.watch(dimSlotOrNew(v), w);
    }

    /** Puts propagator {@code w} on the watch list of the variable of open row {@code o}. */
    public void watchRow(Row.Open o, Watcher w) {
        rows.watch(rowSlotOrNew(o), w);
    }

    /** Wakes the propagators watching dimension variable {@code v}; with {@code take} the list is emptied (v is bound). */
    public void wakeDim(String v, boolean take) {
        int s = dims.find(v);
        if (s != NONE) wakeDim(s, take);
    }

    /** {@link #wakeDim(String, boolean)} for dimension variable {@code s}. */
    public void wakeDim(int s, boolean take) {
        List<Watcher> l = dims.props[s];
        if (l == null) return;
        if (take) dims.props[s] = null;
        for (int i = 0; i < l.size(); i++) l.get(i).wake(dims.names[s]);
    }

    /** Wakes and forgets the propagators watching row variable {@code s} (it is bound). */
    public void wakeRow(int s) {
        List<Watcher> l = rows.props[s];
        if (l == null) return;
        rows.props[s] = null;
        for (int i = 0; i < l.size(); i++) l.get(i).wake();
    }

    /** The propagators on dimension variable {@code v}'s watch list (read-only; dead ones included). */
    public List<Watcher> dimWatchers(String v) {
        int s = dims.find(v);
        return s == NONE || dims.props[s] == null ? List.of() : java.util.Collections.unmodifiableList(dims.props[s]);
    }

    /** The propagators on row variable {@code v}'s watch list (read-only; dead ones included). */
    public List<Watcher> rowWatchers(String v) {
        int s = rows.find(v);
        return s == NONE || rows.props[s] == null ? List.of() : java.util.Collections.unmodifiableList(rows.props[s]);
    }
}
