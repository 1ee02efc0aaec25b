package org.shapeforge.solve;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import org.shapeforge.lang.Symbols;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Interns the input's variables: each name gets a dense id in order of first sight, one
 * canonical {@code String} instance (the first met) and one canonical bare term carrying the id
 * ({@link Dim.Var#id()}, {@link Row.Open#varId()}). The store gives each variable's slot the same
 * id, so a term built here, or from these terms, finds its slot by an array read; nothing is
 * hashed by name while solving. At 10^6 variables every hash probe is a cache miss, and the
 * probes were a quarter of a solve's time (issue 12, docs/performance.md).
 *
 * <p>Two ways to the ids. A problem interned by its front end ({@code lang.Interning}) carries a
 * {@link Symbols} table whose ids already are this order of first sight: each occurrence is then
 * confirmed by identity against the table and by its id being at most one past the ids seen so
 * far — no hashing, and the problem's own terms are the canonical ones. Any other problem (or
 * the first occurrence that fails the check) goes through {@link NameSet}s, a probe per
 * occurrence, skipped when the term already carries the id this table gave its name instance.
 *
 * <p>A fact is rebuilt over the canonical terms when the engine asks for it ({@link #rebuild}),
 * not kept: {@link #record} notes the ids of its variable occurrences, in the order a traversal
 * meets them, in one {@code int} array, and {@link #rebuild} walks the same traversal reading
 * them back (no object per fact is held through the solve); an occurrence that already is its
 * canonical term is kept. Meaning is unchanged: names still compare by {@code equals}, and ids
 * are hints that every reader confirms against the name.
 */
final class Canon {
    /** The front end's symbol table while every occurrence so far agreed with it; then null. */
    private Symbols symbols;
    /** The names by id once hashing (null while {@link #symbols} is trusted). */
    private NameSet dims, rows;
    private final int expected;
    private Dim.Var[] dimTerms;
    private Row.Open[] rowTerms;
    private int dimCount, rowCount;
    /** The ids of the recorded facts' variable occurrences, in traversal order. */
    private int[] occ;
    private int occSize;

    /** A table for about {@code expected} variables, confirming ids against {@code symbols} when present. */
    Canon(int expected, Optional<Symbols> symbols) {
        this.expected = expected;
        this.symbols = symbols.orElse(null);
        if (this.symbols == null) hashing();
        int dims = this.symbols != null ? this.symbols.dimCount() : expected;
        int rows = this.symbols != null ? this.symbols.rowCount() : expected;
        dimTerms = new Dim.Var[Math.max(16, dims)];
        rowTerms = new Row.Open[Math.max(16, rows)];
        occ = new int[Math.max(16, 2 * expected)];
    }

    Canon(int expected) {
        this(expected, Optional.empty());
    }

    /** Whether every occurrence so far was numbered from the front end's symbol table (no hashing). */
    boolean trusted() {
        return symbols != null;
    }

    /** Leaves the symbol table: the names seen so far, in id order, go into the hash tables. */
    private void hashing() {
        symbols = null;
        dims = new NameSet(expected);
        rows = new NameSet(expected);
        for (int i = 0; i < dimCount; i++) dims.intern(dimTerms[i].name());
        for (int i = 0; i < rowCount; i++) rows.intern(rowTerms[i].var());
    }

    /** The id of dimension variable {@code s} (a declaration's bare name), recording it on first sight. */
    int dimId(String s) {
        if (symbols != null) {
            int id = symbols.dimId(s);
            if (id >= 0) return dimId(symbols.dim(id));
        }
        return dimId(new Dim.Var(s));
    }

    /**
     * The id of the variable of {@code v}, recording it on first sight ({@code v} becomes the
     * variable's canonical term when it carries that id on the canonical name instance).
     */
    int dimId(Dim.Var v) {
        int hint = v.id();
        if (symbols != null) {
            if (hint >= 0 && hint <= dimCount && hint < symbols.dimCount() && symbols.dim(hint) == v) {
                if (hint == dimCount) addDim(v);
                return hint;
            }
            hashing();
        }
        if (hint >= 0 && hint < dimCount && dimTerms[hint].name() == v.name()) return hint;
        int id = dims.intern(v.name());
        if (id == dimCount) addDim(hint == id && dims.get(id) == v.name() ? v : new Dim.Var(dims.get(id), id));
        return id;
    }

    private void addDim(Dim.Var canonical) {
        if (dimCount == dimTerms.length) dimTerms = Arrays.copyOf(dimTerms, dimCount + (dimCount >> 1));
        dimTerms[dimCount++] = canonical;
    }

    /** The id of row variable {@code s} (a declaration's bare name), recording it on first sight. */
    int rowId(String s) {
        if (symbols != null) {
            int id = symbols.rowId(s);
            if (id >= 0) return rowId(symbols.row(id));
        }
        return rowId(new Row.Open(List.of(), s, List.of()));
    }

    /** The id of the variable of open row {@code o}, as {@link #dimId(Dim.Var)} (a bare {@code o} may become canonical). */
    private int rowId(Row.Open o) {
        int hint = o.varId();
        boolean bare = o.lead().isEmpty() && o.trail().isEmpty();
        if (symbols != null) {
            if (hint >= 0 && hint <= rowCount && hint < symbols.rowCount()) {
                Row.Open t = symbols.row(hint);
                if (bare ? t == o : t.var() == o.var()) {
                    if (hint == rowCount) addRow(t);
                    return hint;
                }
            }
            hashing();
        }
        if (hint >= 0 && hint < rowCount && rowTerms[hint].var() == o.var()) return hint;
        int id = rows.intern(o.var());
        if (id == rowCount)
            addRow(bare && hint == id && rows.get(id) == o.var() ? o : new Row.Open(List.of(), rows.get(id), List.of(), id));
        return id;
    }

    private void addRow(Row.Open canonical) {
        if (rowCount == rowTerms.length) rowTerms = Arrays.copyOf(rowTerms, rowCount + (rowCount >> 1));
        rowTerms[rowCount++] = canonical;
    }

    /** The dimension variables seen, by id (= order of first sight; a live view). */
    List<String> dimVars() {
        return view(i -> dimTerms[i].name(), () -> dimCount);
    }

    /** The row variables seen, by id (a live view). */
    List<String> rowVars() {
        return view(i -> rowTerms[i].var(), () -> rowCount);
    }

    /** The canonical bare terms of the dimension variables, by id (a live view). */
    List<Dim.Var> dimTerms() {
        return view(i -> dimTerms[i], () -> dimCount);
    }

    /** The canonical bare terms {@code <ρ>} of the row variables, by id (a live view). */
    List<Row.Open> rowTerms() {
        return view(i -> rowTerms[i], () -> rowCount);
    }

    /** A read-only list of {@code size()} elements {@code get(0 …)}, read through (the arrays grow and are replaced). */
    private static <T> List<T> view(IntFunction<T> get, IntSupplier size) {
        return new AbstractList<>() {
            public T get(int i) {
                return get.apply(Objects.checkIndex(i, size.getAsInt()));
            }

            public int size() {
                return size.getAsInt();
            }
        };
    }

    /**
     * Interns the variables of {@code f}, noting the id of each occurrence; returns where its ids
     * start, for {@link #rebuild}.
     */
    int record(Fact f) {
        int start = occSize;
        switch (f) {
            case Fact.DimEq(Dim l, Dim r) -> {
                note(l);
                note(r);
            }
            case Fact.DimLe(Dim l, Dim r) -> {
                note(l);
                note(r);
            }
            case Fact.RowEq(Row l, Row r) -> {
                note(l);
                note(r);
            }
            case Fact.RowLe(Row l, Row r) -> {
                note(l);
                note(r);
            }
        }
        return start;
    }

    /** Interns the variables of a term without noting occurrences (size constraints, declarations). */
    void visit(Dim d) {
        walk(d, false);
    }

    void visit(Row r) {
        walkRow(r, false);
    }

    private void note(Dim d) {
        walk(d, true);
    }

    private void note(Row r) {
        walkRow(r, true);
    }

    private void walkRow(Row r, boolean note) {
        for (Dim d : r.lead()) walk(d, note);
        if (r instanceof Row.Open o) add(rowId(o), note);
        for (Dim d : r.trail()) walk(d, note);
    }

    private void walk(Dim d, boolean note) {
        switch (d) {
            case Dim.Var v -> add(dimId(v), note);
            case Dim.Concat c -> {
                for (Dim p : c.parts()) walk(p, note);
            }
            case Dim.Affine a -> {
                walk(a.over(), note);
                if (a.kernel().isPresent()) walk(a.kernel().get(), note);
            }
            case Dim.Unit u -> {}
            case Dim.Atom x -> {}
        }
    }

    private void add(int id, boolean note) {
        if (!note) return;
        if (occSize == occ.length) occ = Arrays.copyOf(occ, occSize + (occSize >> 1));
        occ[occSize++] = id;
    }

    /** Where {@link #rebuild} reads the next id. */
    private static final class Cursor {
        int at;

        Cursor(int at) {
            this.at = at;
        }
    }

    /**
     * {@code f} over the canonical terms, reading the ids {@link #record} noted for it from
     * {@code start}: every variable is its canonical bare term or an open row carrying its id.
     * Parts that already are (or have no variables) are kept as they are.
     */
    Fact rebuild(Fact f, int start) {
        Cursor c = new Cursor(start);
        return switch (f) {
            case Fact.DimEq(Dim l, Dim r) -> {
                Dim a = dim(l, c), b = dim(r, c);
                yield a == l && b == r ? f : new Fact.DimEq(a, b);
            }
            case Fact.DimLe(Dim l, Dim r) -> {
                Dim a = dim(l, c), b = dim(r, c);
                yield a == l && b == r ? f : new Fact.DimLe(a, b);
            }
            case Fact.RowEq(Row l, Row r) -> {
                Row a = row(l, c), b = row(r, c);
                yield a == l && b == r ? f : new Fact.RowEq(a, b);
            }
            case Fact.RowLe(Row l, Row r) -> {
                Row a = row(l, c), b = row(r, c);
                yield a == l && b == r ? f : new Fact.RowLe(a, b);
            }
        };
    }

    private Row row(Row r, Cursor c) {
        return switch (r) {
            case Row.Closed x -> {
                List<Dim> l = dims(x.lead(), c), t = dims(x.trail(), c);
                yield l == x.lead() && t == x.trail() ? x : new Row.Closed(l, t);
            }
            case Row.Open o -> {
                List<Dim> l = dims(o.lead(), c);
                Row.Open bare = rowTerms[occ[c.at++]];
                List<Dim> t = dims(o.trail(), c);
                if (l.isEmpty() && t.isEmpty()) yield bare;
                yield l == o.lead() && t == o.trail() && o.var() == bare.var() && o.varId() == bare.varId() ? o
                        : new Row.Open(l, bare.var(), t, bare.varId());
            }
            case Row.Rigid g -> {
                List<Dim> a = dims(g.axes(), c);
                yield a == g.axes() ? g : new Row.Rigid(a);
            }
        };
    }

    private List<Dim> dims(List<Dim> ds, Cursor c) {
        List<Dim> out = null;
        for (int i = 0; i < ds.size(); i++) {
            Dim d = ds.get(i), x = dim(d, c);
            if (x != d && out == null) out = new ArrayList<>(ds.subList(0, i));
            if (out != null) out.add(x);
        }
        return out == null ? ds : out;
    }

    private Dim dim(Dim d, Cursor c) {
        return switch (d) {
            case Dim.Var v -> {
                Dim.Var canonical = dimTerms[occ[c.at++]];
                yield v.id() == canonical.id() && v.name() == canonical.name() ? v : canonical;
            }
            case Dim.Concat x -> {
                List<Dim> ps = dims(x.parts(), c);
                yield ps == x.parts() ? x : new Dim.Concat(ps);
            }
            case Dim.Affine a -> {
                Dim o = dim(a.over(), c);
                Optional<Dim> k = a.kernel().isPresent() ? Optional.of(dim(a.kernel().get(), c)) : a.kernel();
                yield o == a.over() && (k.isEmpty() || k.get() == a.kernel().get()) ? a
                        : new Dim.Affine(o, a.stride(), k, a.dilation(), a.padding(), a.offset());
            }
            case Dim.Unit u -> u;
            case Dim.Atom x -> x;
        };
    }
}
