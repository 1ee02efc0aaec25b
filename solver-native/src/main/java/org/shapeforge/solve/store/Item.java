package org.shapeforge.solve.store;

/** A fact in flight or in the store, with its derivation. */
public record Item(Fact fact, Why why) implements Pending {}
