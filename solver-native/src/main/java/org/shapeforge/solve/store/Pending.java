package org.shapeforge.solve.store;

/**
 * An entry of the engine's worklist: an {@link Item} not yet processed, or a {@link Stored} fact
 * re-emitted by a binding (whose rank facts as written are already recorded).
 */
public sealed interface Pending permits Item, Stored {}
