package org.shapeforge.solve.store;

/**
 * A slot found by its variable's name in a {@link SlotTable}: the name and its mixed hash, kept
 * in the slot so that a probe that meets another slot rejects it without touching that slot's
 * name string.
 */
abstract sealed class Named permits DimSlot, RowSlot {
    private final String name;
    final int hash;
    /**
     * May the variable have size 0 — a dimension, or a size-0 axis in a row's value (Def. 1.1:
     * discardable, or fresh and not yet placed in a value that may not)? {@link Store#zeroOkDim}.
     */
    private boolean zeroOk;

    Named(String name) {
        this.name = name;
        this.hash = org.shapeforge.collect.PackedIndex.hash(name);
    }

    public String name() {
        return name;
    }

    /** The flag of {@code s}, false for no slot. */
    static boolean zeroOk(Named s) {
        return s != null && s.zeroOk;
    }

    /** Sets the flag of {@code s} (no slot: nothing). */
    static void zeroOk(Named s, boolean ok) {
        if (s != null) s.zeroOk = ok;
    }

    /** {@code PackedIndex.hash(name())}, computed once. */
    public int hash() {
        return hash;
    }
}
