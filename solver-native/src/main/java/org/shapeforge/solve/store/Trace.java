package org.shapeforge.solve.store;

/**
 * Accumulates the derivations of the bindings consulted while substituting σ into a fact. A
 * marker-sensitive consumer (a row inequality) also inherits the policy flag of placement
 * bindings; a flat consumer (a row equality) only their entailed content (Lemma 5.1).
 */
public final class Trace {
    private Why why;
    private final boolean markerSensitive;

    public Trace(Why why, boolean markerSensitive) {
        this.why = why;
        this.markerSensitive = markerSensitive;
    }

    public Why why() {
        return why;
    }

    public void add(Why w) {
        why = why.and(w);
    }

    void addPlacement(Why content, boolean placementPolicy) {
        why = why.and(placementPolicy && markerSensitive ? content.asPolicy() : content);
    }
}
