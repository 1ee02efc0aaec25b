package org.shapeforge.solve.store;

/**
 * A slot found by its variable's name in a {@link SlotTable}: the name and its mixed hash, kept
 * in the slot so that a probe that meets another slot rejects it without touching that slot's
 * name string.
 */
abstract sealed class Named permits DimSlot, RowSlot {
    private final String name;
    final int hash;

    Named(String name) {
        this.name = name;
        this.hash = org.shapeforge.collect.PackedIndex.hash(name);
    }

    public String name() {
        return name;
    }

    /** {@code PackedIndex.hash(name())}, computed once. */
    public int hash() {
        return hash;
    }
}
