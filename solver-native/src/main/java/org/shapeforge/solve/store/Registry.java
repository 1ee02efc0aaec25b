package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The store's variables: one slot per dimension and row variable, each with a dense id in order
 * of creation. The input's variables come first, with the ids their interned terms carry
 * ({@link #registerNew}); a term carrying an id finds its slot by one array read
 * ({@link #findDim(Dim.Var)}, confirmed by the name's identity), a bare name through a
 * {@link SlotTable}. The <em>registered</em> ones — the problem's, then fresh ones — are kept in
 * registration order, so that passes over all variables read the slots in the order they were
 * allocated.
 */
final class Registry {
    private final SlotTable<DimSlot> dims;
    private final SlotTable<RowSlot> rows;
    /** Every slot by id (registered or not). */
    private DimSlot[] dimById;
    private RowSlot[] rowById;
    private int dimCount, rowCount;
    /** The registered variables' slots in registration order (the input's first, then fresh ones). */
    private final ArrayList<DimSlot> dimOrder;
    private final ArrayList<RowSlot> rowOrder;

    /** Sized for about {@code dims} dimension and {@code rows} row variables (fresh ones grow it). */
    Registry(int dims, int rows) {
        this.dims = new SlotTable<>(dims);
        this.rows = new SlotTable<>(rows);
        dimById = new DimSlot[Math.max(16, dims)];
        rowById = new RowSlot[Math.max(16, rows)];
        dimOrder = new ArrayList<>(dims);
        rowOrder = new ArrayList<>(rows);
    }

    /** The slot of {@code v}: by its id when the slot there has its name, else by name; null if never seen. */
    DimSlot findDim(Dim.Var v) {
        int id = v.id();
        if (id >= 0 && id < dimCount) {
            DimSlot s = dimById[id];
            if (s.name() == v.name()) return s;
        }
        return dims.get(v.name());
    }

    /** The slot of the variable of open row {@code o} (its id confirmed as in {@link #findDim(Dim.Var)}), or null. */
    RowSlot findRow(Row.Open o) {
        return findRow(o.var(), o.varId());
    }

    RowSlot findRow(String name, int id) {
        if (id >= 0 && id < rowCount) {
            RowSlot s = rowById[id];
            if (s.name() == name) return s;
        }
        return rows.get(name);
    }

    /** The slot of {@code v}, or null if never seen. */
    DimSlot findDim(String v) {
        return dims.get(v);
    }

    RowSlot findRow(String v) {
        return rows.get(v);
    }

    /** The slot of {@code v}, made (unregistered) on first sight. */
    DimSlot dim(String v) {
        DimSlot s = dims.get(v);
        return s != null ? s : newDim(v);
    }

    DimSlot dim(Dim.Var v) {
        DimSlot s = findDim(v);
        return s != null ? s : newDim(v.name());
    }

    RowSlot row(String v) {
        RowSlot s = rows.get(v);
        return s != null ? s : newRow(v);
    }

    RowSlot row(Row.Open o) {
        RowSlot s = findRow(o);
        return s != null ? s : newRow(o.var());
    }

    /** Registers a variable the store has never seen, without looking its name up (the caller knows it is new). */
    DimSlot registerFreshDim(String v) {
        return enlist(newDim(v));
    }

    RowSlot registerFreshRow(String v) {
        return enlist(newRow(v));
    }

    /** Registers a variable (once; later calls return the same slot). */
    DimSlot registerDim(String v) {
        return enlist(dim(v));
    }

    RowSlot registerRow(String v) {
        return enlist(row(v));
    }

    /**
     * Registers the input's variables before anything else: distinct names never seen, as
     * interned terms whose ids are their positions in these lists, which become their slots' ids.
     */
    void registerNew(List<Dim.Var> dimTerms, List<Row.Open> rowTerms) {
        if (dimCount != 0 || rowCount != 0) throw new IllegalStateException("registerNew: variables already seen");
        dimOrder.ensureCapacity(dimTerms.size());
        rowOrder.ensureCapacity(rowTerms.size());
        if (dimById.length < dimTerms.size()) dimById = Arrays.copyOf(dimById, dimTerms.size());
        if (rowById.length < rowTerms.size()) rowById = Arrays.copyOf(rowById, rowTerms.size());
        for (int i = 0; i < dimTerms.size(); i++) {
            Dim.Var v = dimTerms.get(i);
            if (v.id() != i) throw new IllegalArgumentException("registerNew: " + v.name() + " has id " + v.id() + ", not " + i);
            enlist(add(new DimSlot(v)));
        }
        for (int i = 0; i < rowTerms.size(); i++) {
            Row.Open o = rowTerms.get(i);
            if (o.varId() != i) throw new IllegalArgumentException("registerNew: <" + o.var() + "> has id " + o.varId() + ", not " + i);
            enlist(add(new RowSlot(o)));
        }
    }

    /** The registered slots in registration order (read-only, live). */
    List<DimSlot> dimSlots() {
        return Collections.unmodifiableList(dimOrder);
    }

    List<RowSlot> rowSlots() {
        return Collections.unmodifiableList(rowOrder);
    }

    /** The row variable with id {@code id}. */
    String rowName(int id) {
        return rowById[java.util.Objects.checkIndex(id, rowCount)].name();
    }

    /** The row slot with id {@code id}. */
    RowSlot rowSlot(int id) {
        return rowById[java.util.Objects.checkIndex(id, rowCount)];
    }

    /** The number of row ids assigned. */
    int rowCount() {
        return rowCount;
    }

    private DimSlot newDim(String v) {
        return add(new DimSlot(v, dimCount));
    }

    private RowSlot newRow(String v) {
        return add(new RowSlot(v, rowCount));
    }

    private DimSlot add(DimSlot s) {
        if (dimCount == dimById.length) dimById = Arrays.copyOf(dimById, dimCount + (dimCount >> 1));
        dimById[dimCount++] = s;
        dims.put(s);
        return s;
    }

    private RowSlot add(RowSlot s) {
        if (rowCount == rowById.length) rowById = Arrays.copyOf(rowById, rowCount + (rowCount >> 1));
        rowById[rowCount++] = s;
        rows.put(s);
        return s;
    }

    private DimSlot enlist(DimSlot s) {
        if (!s.registered) {
            s.registered = true;
            dimOrder.add(s);
        }
        return s;
    }

    private RowSlot enlist(RowSlot s) {
        if (!s.registered) {
            s.registered = true;
            rowOrder.add(s);
        }
        return s;
    }
}
