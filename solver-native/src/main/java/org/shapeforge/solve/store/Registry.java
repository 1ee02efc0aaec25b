package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * The store's variables: one slot per dimension and row variable, found by name through a
 * {@link SlotTable} (no entry objects), rows also by dense id (the rank graphs index their arrays
 * by it), and the <em>registered</em> ones — the problem's, then fresh ones — in registration
 * order, so that passes over all variables read the slots in the order they were allocated.
 */
final class Registry {
    private final SlotTable<DimSlot> dims;
    private final SlotTable<RowSlot> rows;
    /** The registered variables' slots in registration order (the input's first, then fresh ones). */
    private final List<DimSlot> dimOrder;
    private final List<RowSlot> rowOrder;
    /** Every row slot by id (registered or not). */
    private final List<RowSlot> rowById;

    /** Sized for about {@code dims} dimension and {@code rows} row variables (fresh ones grow it). */
    Registry(int dims, int rows) {
        this.dims = new SlotTable<>(dims);
        this.rows = new SlotTable<>(rows);
        dimOrder = new ArrayList<>(dims);
        rowOrder = new ArrayList<>(rows);
        rowById = new ArrayList<>(rows);
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

    RowSlot row(String v) {
        RowSlot s = rows.get(v);
        return s != null ? s : newRow(v);
    }

    /** Registers a variable (once; later calls return the same slot). */
    DimSlot registerDim(String v) {
        return enlist(dim(v));
    }

    RowSlot registerRow(String v) {
        return enlist(row(v));
    }

    /**
     * Registers distinct names never seen (the input's, in order of first mention, before
     * anything else): each slot is indexed without first probing for an existing one — at 10^6
     * variables each avoided probe is a cache miss (issue 12).
     */
    void registerNew(Collection<String> dimNames, Collection<String> rowNames) {
        for (String v : dimNames) {
            assert findDim(v) == null : "registerNew: " + v + " already seen";
            enlist(newDim(v));
        }
        for (String v : rowNames) {
            assert findRow(v) == null : "registerNew: <" + v + "> already seen";
            enlist(newRow(v));
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
        return rowById.get(id).name();
    }

    /** The number of row ids assigned. */
    int rowCount() {
        return rowById.size();
    }

    private DimSlot newDim(String v) {
        DimSlot s = new DimSlot(v);
        dims.put(s);
        return s;
    }

    private RowSlot newRow(String v) {
        RowSlot s = new RowSlot(v, rowById.size());
        rows.put(s);
        rowById.add(s);
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
