package org.shapeforge.solve.store;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The variables and bindings σ of a configuration (Def. 4.1), with their flags and atom caps; the
 * bound store B is {@link #bound()} ({@link BoundStore}: stored facts indexed by the variables
 * they mention, so binding a variable re-emits exactly its facts). Bindings are idempotent in
 * effect: lookups substitute through chains and compress them (union-find style, {@link Subst}).
 *
 * <p>A variable is its dense id in its sort's slots ({@link DimSlots}, {@link RowSlots}: parallel
 * arrays, no object per variable). The operations take the id, found once by the caller — from
 * the id its term carries ({@link #dimSlot(Dim.Var)}, {@link #rowSlot(Row.Open)}), an array read
 * confirmed by the name — rather than a name to probe again in every operation (issue 12). The
 * name-keyed forms remain for callers that hold only a name; each costs a hash probe (and the
 * first builds the name index). The input's variables are registered first, with their terms'
 * ids ({@link #registerNew}).
 */
public final class Store implements StoreView {
    /** The at-most-one atom cap {@code lb(α)} of Def. 4.1. */
    public record Cap(Dim.Atom atom, Why why) {}

    /** No variable: what the lookups return for a name never seen. */
    public static final int NONE = -1;

    private final DimSlots dims;
    private final RowSlots rows;
    private final BoundStore bound;

    /** An empty store. */
    public Store() {
        this(16, 16);
    }

    /** An empty store with room for about {@code dims} dimension and {@code rows} row variables before it grows. */
    public Store(int dims, int rows) {
        this.dims = new DimSlots(dims);
        this.rows = new RowSlots(rows);
        this.bound = new BoundStore(this, this.dims, this.rows);
    }

    /** The bound store B: the residual facts kept, indexed by the variables they mention. */
    public BoundStore bound() {
        return bound;
    }

    @Override
    public List<Stored> rowCaps(int s) {
        return bound.rowCaps(s);
    }

    @Override
    public List<Stored> rowCaps(String v) {
        return bound.rowCaps(v);
    }

    @Override
    public List<Stored> deferredFrom(int from) {
        return bound.deferredFrom(from);
    }

    @Override
    public List<Stored> residual() {
        return bound.residual();
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
        return rows.names[Objects.checkIndex(s, rows.count)];
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
        dims.values[s] = Objects.requireNonNull(value);
        dims.whys[s] = why;
    }

    /** Binds (or rebinds to a chain's end) row variable {@code s}. */
    public void bindRow(int s, Row value, Why why, boolean placement) {
        rows.values[s] = Objects.requireNonNull(value);
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
        return s == NONE || dims.props[s] == null ? List.of() : Collections.unmodifiableList(dims.props[s]);
    }

    /** The propagators on row variable {@code v}'s watch list (read-only; dead ones included). */
    public List<Watcher> rowWatchers(String v) {
        int s = rows.find(v);
        return s == NONE || rows.props[s] == null ? List.of() : Collections.unmodifiableList(rows.props[s]);
    }
}
