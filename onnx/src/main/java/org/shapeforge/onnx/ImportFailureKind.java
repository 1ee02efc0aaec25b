package org.shapeforge.onnx;

import java.util.Locale;
import org.shapeforge.solver.FailureKind;

/**
 * Why an import has no answer, as typed data up to the CLI (its exit code, {@code --json}'s
 * {@code "kind"}): the solver's reasons ({@link FailureKind}: a proof — {@code SEMANTIC},
 * {@code UNSAT} — or not), {@code UNKNOWN} where the solver gave no failure to name (a timeout, a
 * step outside it), and {@code DISAGREEMENT} where native and Z3 disagree under {@code --verified}
 * (a bug, never a verdict on the model).
 */
public enum ImportFailureKind {
    SEMANTIC, POLICY, UNSAT, ERROR, BOUNDED, UNKNOWN, DISAGREEMENT;

    /** The solver's reason, as an import's. */
    public static ImportFailureKind of(FailureKind k) {
        return switch (k) {
            case SEMANTIC -> SEMANTIC;
            case POLICY -> POLICY;
            case UNSAT -> UNSAT;
            case ERROR -> ERROR;
            case BOUNDED -> BOUNDED;
        };
    }

    /** Whether the failure proves the model's shapes inconsistent (a shape error, exit 1). */
    public boolean provesInconsistent() {
        return this == SEMANTIC || this == UNSAT;
    }

    /** The lower-case word printed ({@code fail semantic: …}) and written to {@code --json}. */
    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return keyword();
    }
}
