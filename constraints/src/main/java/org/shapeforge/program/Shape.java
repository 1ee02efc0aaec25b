package org.shapeforge.program;

import java.util.Map;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.term.Row;

/** A tensor's shape as row terms, one per kind (seed 000: {@code batch @ output @ input}). */
public record Shape(Row batch, Row input, Row output) {
    public Row row(Kind k) {
        return switch (k) {
            case BATCH -> batch;
            case INPUT -> input;
            case OUTPUT -> output;
        };
    }

    public static Shape of(Map<Kind, Row> rows) {
        return new Shape(rows.get(Kind.BATCH), rows.get(Kind.INPUT), rows.get(Kind.OUTPUT));
    }

    /** Fresh row variables {@code <name'b>}, {@code <name'i>}, {@code <name'o>}. */
    public static Shape fresh(String name) {
        return new Shape(Row.var(name + "'b"), Row.var(name + "'i"), Row.var(name + "'o"));
    }
}
