package org.shapeforge.term;

/** The shared default-basis atoms behind {@link Dim#atom(long)} (a holder class: built on first use). */
final class AtomCache {
    static final int SIZE = 4097;
    static final Dim.Atom[] ATOMS = new Dim.Atom[SIZE];

    static {
        for (int i = 0; i < SIZE; i++) ATOMS[i] = new Dim.Atom(i);
    }

    private AtomCache() {}
}
