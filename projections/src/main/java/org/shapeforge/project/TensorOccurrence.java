package org.shapeforge.project;

import java.util.Objects;
import org.shapeforge.term.Row;

/**
 * One occurrence of a tensor in one operation (seed 000, "Projections inference": distinct
 * instances of the same tensor get distinct projection ids). The rows are the terms the front end
 * used for this tensor in the global constraint set, so that the closed model grounds them.
 */
public record TensorOccurrence(String name, Row batch, Row input, Row output) {
    public TensorOccurrence {
        Objects.requireNonNull(name, "name");
        Row.requireNonNull(batch);
        Row.requireNonNull(input);
        Row.requireNonNull(output);
    }

    public Row row(AxisKind kind) {
        return switch (kind) {
            case BATCH -> batch;
            case OUTPUT -> output;
            case INPUT -> input;
        };
    }
}
