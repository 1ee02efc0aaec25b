package org.shapeforge.solve.rules;

import java.util.Objects;
import org.shapeforge.lang.Declaration;
import org.shapeforge.solve.store.Why;

/**
 * The failure configuration {@code fail} of Def. 4.1, thrown out of the rules: a message naming
 * the relation and the values involved, and the derivation (whose policy flag classifies it,
 * Lemma 5.1). {@code error} marks ill-formed input (unsupported kinds, hidden dimensions);
 * {@code hidden}, when not null, is the parameter variable closing could not determine (the
 * failure's typed subject: {@code Failure.hidden()}).
 */
public final class Contradiction extends RuntimeException {
    public final Why why;
    public final boolean error;
    public final Declaration.VarRef hidden;

    public Contradiction(String message, Why why, boolean error) {
        this(message, why, error, null);
    }

    private Contradiction(String message, Why why, boolean error, Declaration.VarRef hidden) {
        super(message, null, false, false);
        this.why = why;
        this.error = error;
        this.hidden = hidden;
    }

    public static Contradiction fail(String message, Why why) {
        return new Contradiction(message, why, false);
    }

    public static Contradiction error(String message, Why why) {
        return new Contradiction(message, why, true);
    }

    /** An input error: parameter variable {@code hidden} is not determined by any constraint (a hidden dimension). */
    public static Contradiction hidden(String message, Why why, Declaration.VarRef hidden) {
        return new Contradiction(message, why, true, Objects.requireNonNull(hidden));
    }
}
