package org.shapeforge.project;

import java.util.LinkedHashMap;
import java.util.Map;
import org.shapeforge.collect.FrozenMap;

/**
 * The projections of every operation of a program, by operation label in program order, and the
 * buffer margins of every padded tensor axis: the max over the operations addressing it
 * (Prop. 8.1 — a fold of max, independent of order).
 */
public record ProgramProjections(Map<String, Projections> operations, Map<AxisRef, Padding> padding) {
    public ProgramProjections {
        operations = FrozenMap.copyOf(operations);
        padding = FrozenMap.copyOf(padding);
    }

    /** {@code label → Projections.toJson()}, the {@code "projections"} object of {@code programs.md}. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        operations.forEach((k, v) -> m.put(k, v.toJson()));
        return m;
    }
}
