package org.shapeforge.solve.rules;

import org.shapeforge.solve.store.Why;

/**
 * The failure configuration {@code fail} of Def. 4.1, thrown out of the rules: a message naming
 * the relation and the values involved, and the derivation (whose policy flag classifies it,
 * Lemma 5.1). {@code error} marks ill-formed input (unsupported kinds, hidden dimensions).
 */
public final class Contradiction extends RuntimeException {
    public final Why why;
    public final boolean error;

    public Contradiction(String message, Why why, boolean error) {
        super(message, null, false, false);
        this.why = why;
        this.error = error;
    }

    public static Contradiction fail(String message, Why why) {
        return new Contradiction(message, why, false);
    }

    public static Contradiction error(String message, Why why) {
        return new Contradiction(message, why, true);
    }
}
