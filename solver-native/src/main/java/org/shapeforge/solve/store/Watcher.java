package org.shapeforge.solve.store;

/**
 * A propagator that watches variables (choco-solver's propagators, woken through watch lists):
 * the {@link Store} keeps it on the slots of the variables it reads and hands it back when one of
 * them is bound; its owner wakes it then, and when anything else it reads about them changes.
 */
public interface Watcher {
    /** Schedules the propagator (idempotent until it has run). */
    void wake();

    /**
     * Schedules the propagator because dimension variable {@code v} was bound or its size became
     * known; a propagator that keeps incremental state updates only what {@code v} touches.
     */
    default void wake(String v) {
        wake();
    }
}
