package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The bindings σ and bound store B of a configuration (Def. 4.1). Bindings are idempotent in
 * effect: lookups substitute through chains and compress them (union-find style). Stored facts
 * are indexed by the variables they mention, so binding a variable re-emits exactly its facts.
 */
public final class Store {
    /** The at-most-one atom cap {@code lb(α)} of Def. 4.1. */
    public record Cap(Dim.Atom atom, Why why) {}

    /** The variables' slots (by name, by row id, in registration order). */
    private final Registry vars;
    /** The capped variables in the order their caps were set (residual printing, principality). */
    private final Map<String, Cap> caps;
    private final List<Stored> all = new ArrayList<>();
    /** The lists of stored facts of all slots (watches, adjacencies, caps). */
    private final Chains chains = new Chains();
    /** The deferred word equations and shifted inequalities ever stored, in order (append-only, dead ones included). */
    private final List<Stored> deferred = new ArrayList<>();
    private long order;

    /** An empty store. */
    public Store() {
        this(16, 16);
    }

    /**
     * An empty store whose maps are sized for about {@code dims} dimension and {@code rows} row
     * variables (the input's; fresh variables grow them), so large inputs do not pay for rehashing.
     */
    public Store(int dims, int rows) {
        vars = new Registry(dims, rows);
        caps = LinkedHashMap.newLinkedHashMap(Math.max(16, dims / 4));
    }

    /** Registers a dimension variable of the problem (once; later calls return the same slot). */
    public DimSlot registerDim(String v) {
        return vars.registerDim(v);
    }

    /** Registers a row variable of the problem. */
    public RowSlot registerRow(String v) {
        return vars.registerRow(v);
    }

    /** Registers the problem's variables: distinct names never seen, before anything else ({@link Registry#registerNew}). */
    public void registerNew(java.util.Collection<String> dimNames, java.util.Collection<String> rowNames) {
        vars.registerNew(dimNames, rowNames);
    }

    /**
     * Whether dimension variable {@code v} may have size 0 (Def. 1.1: discardable, or fresh and not
     * yet placed in a value that may not): a flag on its slot, false for a variable never seen.
     */
    public boolean zeroOkDim(String v) {
        return Named.zeroOk(vars.findDim(v));
    }

    /** Sets {@link #zeroOkDim}'s flag (setting it makes the slot if needed; clearing an unseen variable does nothing). */
    public void zeroOkDim(String v, boolean ok) {
        Named.zeroOk(ok ? vars.dim(v) : vars.findDim(v), ok);
    }

    /** Whether row variable {@code v}'s value may have size-0 axes (the row counterpart of {@link #zeroOkDim}). */
    public boolean zeroOkRow(String v) {
        return Named.zeroOk(vars.findRow(v));
    }

    /** Sets {@link #zeroOkRow}'s flag. */
    public void zeroOkRow(String v, boolean ok) {
        Named.zeroOk(ok ? vars.row(v) : vars.findRow(v), ok);
    }

    /**
     * The registered dimension variables in registration order (read-only, live: registrations
     * made while a caller iterates by index appear at the end).
     */
    public List<DimSlot> dimSlots() {
        return vars.dimSlots();
    }

    /** The registered row variables in registration order (read-only, live). */
    public List<RowSlot> rowSlots() {
        return vars.rowSlots();
    }

    /** Whether the store has seen dimension variable {@code v} (registered or mentioned). */
    public boolean hasDim(String v) {
        return vars.findDim(v) != null;
    }

    /** Whether the store has seen row variable {@code v}. */
    public boolean hasRow(String v) {
        return vars.findRow(v) != null;
    }

    /** The dense id of row variable {@code v} (its slot is created on first sight). */
    public int rowId(String v) {
        return vars.row(v).id();
    }

    /** The row variable with id {@code id}. */
    public String rowName(int id) {
        return vars.rowName(id);
    }

    /** The number of row ids assigned. */
    public int rowCount() {
        return vars.rowCount();
    }

    /** The slot of {@code v}, or null if the store has never heard of it ({@link Subst} reads bindings here). */
    DimSlot dimSlot(String v) {
        return vars.findDim(v);
    }

    /** The slot of row variable {@code v}, or null. */
    RowSlot rowSlot(String v) {
        return vars.findRow(v);
    }

    public boolean dimBound(String v) {
        DimSlot s = vars.findDim(v);
        return s != null && s.value != null;
    }

    public boolean rowBound(String v) {
        RowSlot s = vars.findRow(v);
        return s != null && s.value != null;
    }

    /** Binds (or, compressing a chain, rebinds to the chain's end) dimension variable {@code v}. */
    public void bindDim(String v, Dim value, Why why) {
        DimSlot s = vars.dim(v);
        s.value = java.util.Objects.requireNonNull(value);
        s.why = why;
    }

    /** Binds (or rebinds to a chain's end) row variable {@code v}. */
    public void bindRow(String v, Row value, Why why, boolean placement) {
        RowSlot s = vars.row(v);
        s.value = java.util.Objects.requireNonNull(value);
        s.why = why;
        s.placement = placement;
    }

    public Cap cap(String v) {
        DimSlot s = vars.findDim(v);
        return s == null ? null : s.cap;
    }

    public void setCap(String v, Dim.Atom a, Why why) {
        Cap c = new Cap(a, why);
        vars.dim(v).cap = c;
        caps.put(v, c);
    }

    public Cap removeCap(String v) {
        DimSlot s = vars.findDim(v);
        if (s == null || s.cap == null) return null;
        Cap c = s.cap;
        s.cap = null;
        caps.remove(v);
        return c;
    }

    /** The caps in the order they were set (read-only). */
    public Map<String, Cap> caps() {
        return java.util.Collections.unmodifiableMap(caps);
    }

    /** Stores a residual fact, indexed by its variables; adjacency/cap lists get it too. */
    public Stored store(Item item, Stored.Kind kind, List<String> dimVars, List<String> rowVars) {
        Stored s = new Stored(item, kind, order++);
        all.add(s);
        if (kind == Stored.Kind.SPLIT_EQ || kind == Stored.Kind.ROTATION_EQ || kind == Stored.Kind.SHIFTED_LE) deferred.add(s);
        for (int i = 0; i < dimVars.size(); i++) {
            DimSlot d = vars.dim(dimVars.get(i));
            d.watch = chains.append(d.watch, s);
        }
        for (int i = 0; i < rowVars.size(); i++) {
            RowSlot r = vars.row(rowVars.get(i));
            r.watch = chains.append(r.watch, s);
        }
        if (kind == Stored.Kind.DIM_ADJ) {
            DimSlot a = vars.dim(dimVars.get(0)), b = vars.dim(dimVars.get(1));
            a.up = chains.append(a.up, s);
            b.down = chains.append(b.down, s);
        } else if (kind == Stored.Kind.ROW_CAP) {
            String upper = ((Fact.RowLe) item.fact()).upper().rowVar();
            RowSlot u = vars.row(upper);
            u.caps = chains.append(u.caps, s);
            u.capCount++;
            if (u.capsByLower != null) u.capsByLower.put(((Fact.RowLe) item.fact()).lower(), s);
            else if (u.capCount > CAP_SCAN) { // a hub row (a batch row with a cap per layer): index its caps
                List<Stored> all = chains.all(u.caps);
                u.capsByLower = new HashMap<>(2 * all.size());
                for (Stored c : all) u.capsByLower.put(((Fact.RowLe) c.item.fact()).lower(), c);
            }
            if (item.fact() instanceof Fact.RowLe(Row.Open lo, Row up) && lo.lead().isEmpty()
                    && lo.trail().isEmpty() && !lo.var().equals(upper)) {
                RowSlot l = vars.row(lo.var());
                l.up = chains.append(l.up, s);
            }
        }
        return s;
    }

    /** Removes and returns the live stored facts that mention dimension variable {@code v}. */
    public List<Stored> takeDimWatchers(String v) {
        DimSlot d = vars.findDim(v);
        if (d == null || d.watch == Chains.EMPTY) return List.of();
        long h = d.watch;
        d.watch = Chains.EMPTY;
        return chains.take(h);
    }

    /** Removes and returns the live stored facts that mention row variable {@code v}. */
    public List<Stored> takeRowWatchers(String v) {
        RowSlot r = vars.findRow(v);
        if (r == null || r.watch == Chains.EMPTY) return List.of();
        long h = r.watch;
        r.watch = Chains.EMPTY;
        return chains.take(h);
    }

    /** Puts propagator {@code w} on dimension variable {@code v}'s watch list. */
    public void watchDim(String v, Watcher w) {
        DimSlot d = vars.dim(v);
        if (d.props == null) d.props = new ArrayList<>(2);
        d.props.add(w);
    }

    /** Puts propagator {@code w} on row variable {@code v}'s watch list. */
    public void watchRow(String v, Watcher w) {
        RowSlot r = vars.row(v);
        if (r.props == null) r.props = new ArrayList<>(2);
        r.props.add(w);
    }

    /** Wakes the propagators watching dimension variable {@code v}; with {@code take} the list is emptied (v is bound). */
    public void wakeDim(String v, boolean take) {
        DimSlot d = vars.findDim(v);
        if (d == null || d.props == null) return;
        List<Watcher> l = d.props;
        if (take) d.props = null;
        for (int i = 0; i < l.size(); i++) l.get(i).wake(v);
    }

    /** Wakes and forgets the propagators watching row variable {@code v} (it is bound). */
    public void wakeRow(String v) {
        RowSlot r = vars.findRow(v);
        if (r == null || r.props == null) return;
        List<Watcher> l = r.props;
        r.props = null;
        for (int i = 0; i < l.size(); i++) l.get(i).wake();
    }

    /** The propagators on dimension variable {@code v}'s watch list (read-only; dead ones included). */
    public List<Watcher> dimWatchers(String v) {
        DimSlot d = vars.findDim(v);
        return d == null || d.props == null ? List.of() : java.util.Collections.unmodifiableList(d.props);
    }

    /** The propagators on row variable {@code v}'s watch list (read-only; dead ones included). */
    public List<Watcher> rowWatchers(String v) {
        RowSlot r = vars.findRow(v);
        return r == null || r.props == null ? List.of() : java.util.Collections.unmodifiableList(r.props);
    }

    /** Kills one stored fact (consumed by closing); it will not be re-emitted. */
    public void kill(Stored s) {
        s.alive = false;
    }

    public List<Stored> upAdjacencies(String v) {
        DimSlot d = vars.findDim(v);
        if (d == null || d.up == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        d.up = chains.prune(d.up, out);
        return out;
    }

    public List<Stored> downAdjacencies(String v) {
        DimSlot d = vars.findDim(v);
        if (d == null || d.down == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        d.down = chains.prune(d.down, out);
        return out;
    }

    /** Live caps {@code R ⊑ ⟨v⟩} on row variable {@code v}. */
    public List<Stored> rowCaps(String v) {
        RowSlot r = vars.findRow(v);
        if (r == null || r.caps == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        r.caps = chains.prune(r.caps, out);
        return out;
    }

    /** Whether row variable {@code v} has a live cap {@code lower ⊑ ⟨v⟩} (one hash lookup). */
    /**
     * The bare variable {@code <v>} as a term, one instance per variable (its slot's): a fact stored
     * per cap would otherwise hold a fresh copy each (half a million at 10^6 constraints, issue 12).
     */
    public Row.Open rowTerm(String v) {
        return vars.row(v).term();
    }

    public boolean hasCap(String v, Row lower) {
        RowSlot r = vars.findRow(v);
        if (r == null || r.caps == Chains.EMPTY) return false;
        if (r.capsByLower != null) {
            Stored s = r.capsByLower.get(lower);
            return s != null && s.alive;
        }
        return chains.findLive(r.caps, s -> ((Fact.RowLe) s.item.fact()).lower().equals(lower)) != null;
    }

    /** Up to this many caps on a row are scanned; more are indexed by their lower row. */
    private static final int CAP_SCAN = 8;

    /** Live bare adjacencies {@code ⟨v⟩ ⊑ ⟨w⟩} leaving {@code v}. */
    public List<Stored> rowUpAdjacencies(String v) {
        RowSlot r = vars.findRow(v);
        if (r == null || r.up == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        r.up = chains.prune(r.up, out);
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
}
