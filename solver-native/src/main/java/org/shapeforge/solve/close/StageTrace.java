package org.shapeforge.solve.close;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * What one stage did (issue 28; Halide's debug log after each pass): its commitments, the
 * fixpoints it re-solved to and the engine steps they took, and the variables it left bound that
 * were unbound before it — semantic consequences of its commitments included — with their values
 * read through σ, in registration order (fresh variables last). {@code completed} is false for the
 * stage a failure or a give-up ended.
 */
public record StageTrace(Stage stage, int commitments, int resolves, long steps, Map<String, Dim> dims,
        Map<String, Row> rows, boolean completed) {
    public StageTrace {
        Objects.requireNonNull(stage);
        dims = Collections.unmodifiableMap(new LinkedHashMap<>(dims));
        rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
    }
}
