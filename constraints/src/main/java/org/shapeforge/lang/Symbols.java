package org.shapeforge.lang;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The symbol table of an interned problem ({@link Interning}): each variable's one term, by the
 * dense id it carries. Made only by {@link Interning}, so that its promise holds by construction:
 * distinct ids name distinct variables, every variable term of the problem <em>is</em> the term
 * listed under its id (a bare open row is; a row with flanks carries the listed term's name
 * instance and id), and ids follow the order of first sight Interning documents. A reader may
 * therefore find a variable's id without hashing its name, confirming the term by identity.
 */
public final class Symbols {
    private final List<Dim.Var> dims;
    private final List<Row.Open> rows;

    Symbols(List<Dim.Var> dims, List<Row.Open> rows) {
        this.dims = List.copyOf(dims);
        this.rows = List.copyOf(rows);
    }

    /** The dimension variable with id {@code id}. */
    public Dim.Var dim(int id) {
        return dims.get(id);
    }

    /** The bare row {@code <ρ>} of the row variable with id {@code id}. */
    public Row.Open row(int id) {
        return rows.get(id);
    }

    public int dimCount() {
        return dims.size();
    }

    /** The id of the dimension variable named {@code name}, or -1 (a hash lookup; the index is built on first use). */
    public int dimId(String name) {
        Integer id = index().dims.get(name);
        return id == null ? -1 : id;
    }

    /** The id of the row variable named {@code name}, or -1. */
    public int rowId(String name) {
        Integer id = index().rows.get(name);
        return id == null ? -1 : id;
    }

    private record Index(Map<String, Integer> dims, Map<String, Integer> rows) {}

    /** Name → id, for readers that hold a bare name (a declaration's); most never ask. */
    private volatile Index index;

    private Index index() {
        Index ix = index;
        if (ix == null) {
            Map<String, Integer> d = HashMap.newHashMap(dims.size()), r = HashMap.newHashMap(rows.size());
            for (int i = 0; i < dims.size(); i++) d.put(dims.get(i).name(), i);
            for (int i = 0; i < rows.size(); i++) r.put(rows.get(i).var(), i);
            index = ix = new Index(d, r);
        }
        return ix;
    }

    public int rowCount() {
        return rows.size();
    }
}
