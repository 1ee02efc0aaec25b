package org.shapeforge.program.spec;

/** {@code batch|input->output}: the spec of one tensor's shape; an omitted row is closed and empty. */
public record ShapeSpec(RowSpec batch, RowSpec input, RowSpec output) {
    /** The row of a kind: {@code b}, {@code i} or {@code o}. */
    public RowSpec row(Kind k) {
        return switch (k) {
            case BATCH -> batch;
            case INPUT -> input;
            case OUTPUT -> output;
        };
    }
}
