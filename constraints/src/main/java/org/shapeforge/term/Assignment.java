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
        dims.forEach((k, v) -> {
            if (!v.isGround()) throw new IllegalArgumentException("non-ground value for " + k + ": " + v);
        });
        rows.forEach((k, v) -> {
            if (!v.isGround()) throw new IllegalArgumentException("non-ground value for <" + k + ">: " + v);
        });
    }

    @Override
    public Dim dim(String name) {
        return dims.get(name);
    }

    @Override
    public Row row(String name) {
        return rows.get(name);
    }

    /**
     * γ of the variable of {@code v}, reading first the entry at the position of the id it
     * carries: a solver builds its model in the order of its variables' ids, so for the terms of
     * an interned problem ({@code lang.Interning}) this is one array read, not a hash probe.
     */
    @Override
    public Dim dim(Dim.Var v) {
        return dims instanceof FrozenMap<String, Dim> f ? f.getAt(v.id(), v.name()) : dims.get(v.name());
    }

    @Override
    public Row row(Row.Open o) {
        return rows instanceof FrozenMap<String, Row> f ? f.getAt(o.varId(), o.var()) : rows.get(o.var());
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
