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
 *
 * <p>Everything the store knows about a variable sits in its slot ({@link DimSlot},
 * {@link RowSlot}); the operations take the slot, found once by the caller — by the id its term
 * carries ({@link #dimSlot(Dim.Var)}, {@link #rowSlot(Row.Open)}), an array read — rather than a
 * name to probe again in every operation (issue 12). The name-keyed forms remain for callers that
 * hold only a name; each costs a hash probe.
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

    /** Registers a fresh dimension variable: a name the store has never seen (not checked). */
    public DimSlot registerFreshDim(String v) {
        return vars.registerFreshDim(v);
    }

    /** Registers a fresh row variable: a name the store has never seen (not checked). */
    public RowSlot registerFreshRow(String v) {
        return vars.registerFreshRow(v);
    }

    /** Registers a row variable of the problem. */
    public RowSlot registerRow(String v) {
        return vars.registerRow(v);
    }

    /**
     * Registers the problem's variables before anything else: interned terms whose ids are their
     * positions in the lists, which become their slots' ids ({@link Registry#registerNew}).
     */
    public void registerNew(List<Dim.Var> dimTerms, List<Row.Open> rowTerms) {
        vars.registerNew(dimTerms, rowTerms);
    }

    /**
     * Whether dimension variable {@code v} may have size 0 (Def. 1.1: discardable, or fresh and not
     * yet placed in a value that may not): a flag on its slot, false for a variable never seen.
     */
    public boolean zeroOkDim(String v) {
        return Named.zeroOk(vars.findDim(v));
    }

    /** {@link #zeroOkDim(String)} of the variable of slot {@code s}. */
    public boolean zeroOkDim(DimSlot s) {
        return Named.zeroOk(s);
    }

    /** Sets the flag of the variable of term {@code v} (making its slot if needed when setting). */
    public void zeroOkDim(Dim.Var v, boolean ok) {
        Named.zeroOk(ok ? vars.dim(v) : vars.findDim(v), ok);
    }

    /** Sets {@link #zeroOkDim}'s flag (setting it makes the slot if needed; clearing an unseen variable does nothing). */
    public void zeroOkDim(String v, boolean ok) {
        Named.zeroOk(ok ? vars.dim(v) : vars.findDim(v), ok);
    }

    /** Whether row variable {@code v}'s value may have size-0 axes (the row counterpart of {@link #zeroOkDim}). */
    public boolean zeroOkRow(String v) {
        return Named.zeroOk(vars.findRow(v));
    }

    public boolean zeroOkRow(RowSlot s) {
        return Named.zeroOk(s);
    }

    /** Sets the flag of the variable of open row {@code o}. */
    public void zeroOkRow(Row.Open o, boolean ok) {
        Named.zeroOk(ok ? vars.row(o) : vars.findRow(o), ok);
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

    /** The dense id of the variable of open row {@code o} (its slot is created on first sight). */
    public int rowId(Row.Open o) {
        return vars.row(o).id();
    }

    /** The row variable with id {@code id}. */
    public String rowName(int id) {
        return vars.rowName(id);
    }

    /** The number of row ids assigned. */
    public int rowCount() {
        return vars.rowCount();
    }

    /** The slot of the variable of {@code v} (by its id when it carries one), or null if the store has never heard of it. */
    public DimSlot dimSlot(Dim.Var v) {
        return vars.findDim(v);
    }

    /** The slot of the variable of {@code v}, made on first sight. */
    public DimSlot dimSlotOrNew(Dim.Var v) {
        return vars.dim(v);
    }

    /** The slot of the variable of open row {@code o} (by its id when it carries one), or null. */
    public RowSlot rowSlot(Row.Open o) {
        return vars.findRow(o);
    }

    /** The slot of the variable of open row {@code o}, made on first sight. */
    public RowSlot rowSlotOrNew(Row.Open o) {
        return vars.row(o);
    }

    /** The slot of row variable {@code v} found by name, made on first sight. */
    public RowSlot rowSlotOrNew(String v) {
        return vars.row(v);
    }

    /** The slot of dimension variable {@code v} found by name, made on first sight. */
    public DimSlot dimSlotOrNew(String v) {
        return vars.dim(v);
    }

    /** The slot of {@code v} found by name, or null ({@link Subst} reads bindings here). */
    DimSlot dimSlot(String v) {
        return vars.findDim(v);
    }

    /** The slot of row variable {@code v} found by name, or null. */
    RowSlot rowSlot(String v) {
        return vars.findRow(v);
    }

    public boolean dimBound(String v) {
        DimSlot s = vars.findDim(v);
        return s != null && s.value != null;
    }

    public boolean dimBound(Dim.Var v) {
        DimSlot s = vars.findDim(v);
        return s != null && s.value != null;
    }

    public boolean rowBound(String v) {
        RowSlot s = vars.findRow(v);
        return s != null && s.value != null;
    }

    /** Whether the variable of open row {@code o} is bound. */
    public boolean rowBound(Row.Open o) {
        RowSlot s = vars.findRow(o);
        return s != null && s.value != null;
    }

    /** Binds (or, compressing a chain, rebinds to the chain's end) the variable of slot {@code s}. */
    public void bindDim(DimSlot s, Dim value, Why why) {
        s.value = java.util.Objects.requireNonNull(value);
        s.why = why;
    }

    /** Binds (or rebinds to a chain's end) the row variable of slot {@code s}. */
    public void bindRow(RowSlot s, Row value, Why why, boolean placement) {
        s.value = java.util.Objects.requireNonNull(value);
        s.why = why;
        s.placement = placement;
    }

    public Cap cap(String v) {
        DimSlot s = vars.findDim(v);
        return s == null ? null : s.cap;
    }

    public void setCap(DimSlot s, Dim.Atom a, Why why) {
        Cap c = new Cap(a, why);
        s.cap = c;
        caps.put(s.name(), c);
    }

    /** Removes and returns the cap of the variable of slot {@code s}, or null. */
    public Cap removeCap(DimSlot s) {
        if (s.cap == null) return null;
        Cap c = s.cap;
        s.cap = null;
        caps.remove(s.name());
        return c;
    }

    /** The caps in the order they were set (read-only). */
    public Map<String, Cap> caps() {
        return java.util.Collections.unmodifiableMap(caps);
    }

    /**
     * Stores an adjacency {@code a ⊑ b} between the variables of slots {@code a} and {@code b}
     * ({@link Stored.Kind#DIM_ADJ}), whose fact is {@code item}'s: both watch it, and it joins a's
     * up and b's down adjacencies.
     */
    public Stored storeAdjacency(Item item, DimSlot a, DimSlot b) {
        Stored s = add(item, Stored.Kind.DIM_ADJ);
        a.watch = chains.append(a.watch, s);
        b.watch = chains.append(b.watch, s);
        a.up = chains.append(a.up, s);
        b.down = chains.append(b.down, s);
        return s;
    }

    /**
     * Stores a residual row fact watched by the row variables of slots {@code first} and (when not
     * null and not the same) {@code second}. A row cap {@code R ⊑ ⟨ρ⟩} ({@link Stored.Kind#ROW_CAP})
     * joins ρ's caps (ρ must be {@code first} or {@code second}), and when R is a bare variable,
     * that variable's upward adjacencies.
     */
    public Stored storeRow(Item item, Stored.Kind kind, RowSlot first, RowSlot second) {
        if (kind == Stored.Kind.DIM_ADJ) throw new IllegalArgumentException("an adjacency is stored by storeAdjacency");
        Stored s = add(item, kind);
        first.watch = chains.append(first.watch, s);
        if (second != null && second != first) second.watch = chains.append(second.watch, s);
        if (kind == Stored.Kind.ROW_CAP) {
            Row.Open up = (Row.Open) ((Fact.RowLe) item.fact()).upper();
            RowSlot u = up.var() == first.name() ? first : second != null && up.var() == second.name() ? second : vars.row(up);
            storeCap(item, s, u);
        }
        return s;
    }

    private Stored add(Item item, Stored.Kind kind) {
        Stored s = new Stored(item, kind, order++);
        all.add(s);
        if (kind == Stored.Kind.SPLIT_EQ || kind == Stored.Kind.ROTATION_EQ || kind == Stored.Kind.SHIFTED_LE) deferred.add(s);
        return s;
    }

    /** Stores a residual fact, indexed by its variables (by name); adjacency/cap lists get it too. */
    public Stored store(Item item, Stored.Kind kind, List<String> dimVars, List<String> rowVars) {
        Stored s = add(item, kind);
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
            storeCap(item, s, vars.row(((Fact.RowLe) item.fact()).upper().rowVar()));
        }
        return s;
    }

    /** Puts row cap {@code s} on the caps of its upper variable's slot {@code u} (and a bare lower variable's up list). */
    private void storeCap(Item item, Stored s, RowSlot u) {
        u.caps = chains.append(u.caps, s);
        u.capCount++;
        if (u.capsByLower != null) u.capsByLower.put(((Fact.RowLe) item.fact()).lower(), s);
        else if (u.capCount > CAP_SCAN) { // a hub row (a batch row with a cap per layer): index its caps
            List<Stored> all = chains.all(u.caps);
            u.capsByLower = new HashMap<>(2 * all.size());
            for (Stored c : all) u.capsByLower.put(((Fact.RowLe) c.item.fact()).lower(), c);
        }
        if (item.fact() instanceof Fact.RowLe(Row.Open lo, Row up) && lo.lead().isEmpty()
                && lo.trail().isEmpty() && !lo.var().equals(u.name())) {
            RowSlot l = vars.row(lo);
            l.up = chains.append(l.up, s);
        }
    }

    /** Removes and returns the live stored facts that mention the variable of slot {@code d}. */
    public List<Stored> takeDimWatchers(DimSlot d) {
        if (d.watch == Chains.EMPTY) return List.of();
        long h = d.watch;
        d.watch = Chains.EMPTY;
        return chains.take(h);
    }

    /** Removes and returns the live stored facts that mention the row variable of slot {@code r}. */
    public List<Stored> takeRowWatchers(RowSlot r) {
        if (r.watch == Chains.EMPTY) return List.of();
        long h = r.watch;
        r.watch = Chains.EMPTY;
        return chains.take(h);
    }

    /** Puts propagator {@code w} on the watch list of dimension variable {@code v} (by name). */
    public void watchDim(String v, Watcher w) {
        watch(vars.dim(v), w);
    }

    /** Puts propagator {@code w} on the watch list of the variable of {@code v}. */
    public void watchDim(Dim.Var v, Watcher w) {
        watch(vars.dim(v), w);
    }

    private static void watch(DimSlot d, Watcher w) {
        if (d.props == null) d.props = new ArrayList<>(2);
        d.props.add(w);
    }

    /** Puts propagator {@code w} on the watch list of the variable of open row {@code o}. */
    public void watchRow(Row.Open o, Watcher w) {
        RowSlot r = vars.row(o);
        if (r.props == null) r.props = new ArrayList<>(2);
        r.props.add(w);
    }

    /** Wakes the propagators watching dimension variable {@code v}; with {@code take} the list is emptied (v is bound). */
    public void wakeDim(String v, boolean take) {
        DimSlot d = vars.findDim(v);
        if (d != null) wakeDim(d, take);
    }

    /** {@link #wakeDim(String, boolean)} for the variable of slot {@code d}. */
    public void wakeDim(DimSlot d, boolean take) {
        if (d.props == null) return;
        List<Watcher> l = d.props;
        if (take) d.props = null;
        for (int i = 0; i < l.size(); i++) l.get(i).wake(d.name());
    }

    /** Wakes and forgets the propagators watching the row variable of slot {@code r} (it is bound). */
    public void wakeRow(RowSlot r) {
        if (r.props == null) return;
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
        return d == null ? List.of() : upAdjacencies(d);
    }

    /** Live adjacencies {@code v ⊑ w} leaving the variable of slot {@code d}. */
    public List<Stored> upAdjacencies(DimSlot d) {
        if (d.up == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        d.up = chains.prune(d.up, out);
        return out;
    }

    public List<Stored> downAdjacencies(String v) {
        DimSlot d = vars.findDim(v);
        return d == null ? List.of() : downAdjacencies(d);
    }

    /** Live adjacencies {@code w ⊑ v} entering the variable of slot {@code d}. */
    public List<Stored> downAdjacencies(DimSlot d) {
        if (d.down == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        d.down = chains.prune(d.down, out);
        return out;
    }

    /** Live caps {@code R ⊑ ⟨v⟩} on row variable {@code v}. */
    public List<Stored> rowCaps(String v) {
        RowSlot r = vars.findRow(v);
        return r == null ? List.of() : rowCaps(r);
    }

    /** Live caps {@code R ⊑ ⟨ρ⟩} on the row variable of slot {@code r}. */
    public List<Stored> rowCaps(RowSlot r) {
        if (r.caps == Chains.EMPTY) return List.of();
        List<Stored> out = new ArrayList<>();
        r.caps = chains.prune(r.caps, out);
        return out;
    }

    /** Whether the row variable of slot {@code r} has a live cap {@code lower ⊑ ⟨ρ⟩} (one hash lookup on a hub row). */
    public boolean hasCap(RowSlot r, Row lower) {
        if (r.caps == Chains.EMPTY) return false;
        if (r.capsByLower != null) {
            Stored s = r.capsByLower.get(lower);
            return s != null && s.alive;
        }
        return chains.findLive(r.caps, s -> ((Fact.RowLe) s.item.fact()).lower().equals(lower)) != null;
    }

    /** Up to this many caps on a row are scanned; more are indexed by their lower row. */
    private static final int CAP_SCAN = 8;

    /** Live bare adjacencies {@code ⟨v⟩ ⊑ ⟨w⟩} leaving the row variable of slot {@code r}. */
    public List<Stored> rowUpAdjacencies(RowSlot r) {
        if (r.up == Chains.EMPTY) return List.of();
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
