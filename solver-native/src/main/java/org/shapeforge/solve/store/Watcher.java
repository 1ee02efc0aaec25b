package org.shapeforge.solve.store;

/**
 * A propagator that watches variables (choco-solver's propagators, woken through watch lists):
 * the {@link Store} keeps it on the slots of the variables it reads and hands it back when one of
 * them is bound; its owner wakes it then, and when anything else it reads about them changes.
 */
public interface Watcher {
    /** Schedules the propagator (idempotent until it has run). */
    void wake();
}
