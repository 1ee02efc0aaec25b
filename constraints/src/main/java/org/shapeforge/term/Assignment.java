package org.shapeforge.term;

import java.util.LinkedHashMap;
import java.util.Map;
import org.shapeforge.collect.FrozenMap;

/**
 * A ground assignment γ (Def. 3.4) on the variables it names: dimension variables to ground
 * dimensions ({@link Dim.Unit} / {@link Dim.Atom}), row variables to ground rows (closed marked
 * rows, or rigid rows under {@code rigid} semantics). Insertion order is kept for printing.
 */
public record Assignment(Map<String, Dim> dims, Map<String, Row> rows) implements Valuation {
    public Assignment {
        dims = FrozenMap.copyOf(dims); // no copy when built with FrozenMap.builder
        rows = FrozenMap.copyOf(rows);
        for (var e : dims.entrySet())
            if (!e.getValue().isGround())
                throw new IllegalArgumentException("non-ground value for " + e.getKey() + ": " + e.getValue());
        for (var e : rows.entrySet())
            if (!e.getValue().isGround())
                throw new IllegalArgumentException("non-ground value for <" + e.getKey() + ">: " + e.getValue());
    }

    @Override
    public Dim dim(String name) {
        return dims.get(name);
    }

    @Override
    public Row row(String name) {
        return rows.get(name);
    }

    /** This assignment itself. */
    @Override
    public Assignment assignment() {
        return this;
    }

    public static Assignment empty() {
        return new Assignment(Map.of(), Map.of());
    }

    public Assignment withDim(String name, Dim value) {
        var d = new LinkedHashMap<>(dims);
        d.put(name, value);
        return new Assignment(d, rows);
    }

    public Assignment withRow(String name, Row value) {
        var r = new LinkedHashMap<>(rows);
        r.put(name, value);
        return new Assignment(dims, r);
    }
}
