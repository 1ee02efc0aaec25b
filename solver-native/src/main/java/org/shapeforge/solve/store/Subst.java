package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Application of σ to terms (Def. 3.2, with marker splicing), compressing binding chains so
 * that repeated lookups stay cheap. Every binding consulted is added to the caller's trace.
 */
public final class Subst {
    private final Store store;
    /** Scratch for the variables of a chain being compressed (a chain is never compressed inside another). */
    private int[] chain = new int[8];

    public Subst(Store store) {
        this.store = store;
    }

    public Dim dim(Dim d, Trace t) {
        if (!(d instanceof Dim.Var v)) return d;
        int b = store.dimSlot(v);
        return b == Store.NONE || store.dimValue(b) == null ? d : resolve(b, t);
    }

    /** σ⋆ of dimension variable {@code s} (no lookup): a pass over all variables uses this. */
    public Dim dim(int s, Trace t) {
        return store.dimValue(s) == null ? store.dimTerm(s) : resolve(s, t);
    }

    /** The value of bound variable {@code b}, its chain through other variables compressed first. */
    private Dim resolve(int b, Trace t) {
        if (store.dimValue(b) instanceof Dim.Var w && store.dimBound(w)) {
            int n = 0;
            chain = push(chain, n++, b);
            Dim cur = store.dimValue(b);
            int x;
            while (cur instanceof Dim.Var y && (x = store.dimSlot(y)) != Store.NONE && store.dimValue(x) != null) {
                chain = push(chain, n++, x);
                cur = store.dimValue(x);
            }
            Why acc = Why.NONE;
            for (int i = n - 1; i >= 0; i--) { // each link now points at the chain's end
                int c = chain[i];
                acc = store.dimWhy(c).and(acc);
                store.bindDim(c, cur, acc);
            }
        }
        t.add(store.dimWhy(b));
        return store.dimValue(b);
    }

    private static int[] push(int[] a, int at, int v) {
        if (at == a.length) a = Arrays.copyOf(a, 2 * at);
        a[at] = v;
        return a;
    }

    public List<Dim> dims(List<Dim> ds, Trace t) {
        List<Dim> out = null;
        for (int i = 0; i < ds.size(); i++) {
            Dim d = ds.get(i);
            Dim r = dim(d, t);
            if (r != d && out == null) out = new ArrayList<>(ds.subList(0, i));
            if (out != null) out.add(r);
        }
        return out == null ? ds : out;
    }

    public Row row(Row r, Trace t) {
        return switch (r) {
            case Row.Closed c -> {
                List<Dim> l = dims(c.lead(), t), r2 = dims(c.trail(), t);
                yield l == c.lead() && r2 == c.trail() ? c : new Row.Closed(l, r2);
            }
            case Row.Rigid g -> {
                List<Dim> a = dims(g.axes(), t);
                yield a == g.axes() ? g : new Row.Rigid(a);
            }
            case Row.Open o -> {
                int b = value(store.rowSlot(o));
                if (b == Store.NONE) yield o.withFlanks(dims(o.lead(), t), dims(o.trail(), t));
                t.addPlacement(store.rowWhy(b), store.placement(b));
                yield splice(dims(o.lead(), t), row(store.rowValue(b), t), dims(o.trail(), t));
            }
        };
    }

    /** σ⋆ of row variable {@code s} (no lookup). */
    public Row row(int s, Trace t) {
        int b = value(s);
        if (b == Store.NONE) return store.rowTerm(s);
        t.addPlacement(store.rowWhy(b), store.placement(b));
        return row(store.rowValue(b), t);
    }

    /** Row variable {@code b} (may be {@link Store#NONE}) with its chain through other row variables compressed, or NONE if unbound. */
    private int value(int b) {
        if (b == Store.NONE || store.rowValue(b) == null) return Store.NONE;
        if (!(store.rowValue(b) instanceof Row.Open o) || !store.rowBound(o)) return b;
        int n = 0;
        chain = push(chain, n++, b);
        Row cur = store.rowValue(b);
        int x;
        while (cur instanceof Row.Open y && (x = store.rowSlot(y)) != Store.NONE && store.rowValue(x) != null) {
            chain = push(chain, n++, x);
            cur = store.rowValue(x);
        }
        Why acc = Why.NONE;
        boolean placement = false;
        for (int i = n - 1; i >= 0; i--) {
            int c = chain[i];
            acc = store.rowWhy(c).and(acc);
            placement |= store.placement(c);
            Row term = store.rowValue(c);
            Row spliced = i == n - 1 ? term : splice(term.lead(), cur, term.trail());
            store.bindRow(c, spliced, acc, placement);
            cur = spliced;
        }
        return b;
    }

    /** {@code l · T · r} with T's marker (or variable) kept: Def. 3.2's marker case. */
    public static Row splice(List<Dim> lead, Row inner, List<Dim> trail) {
        if (lead.isEmpty() && trail.isEmpty() && !(inner instanceof Row.Rigid)) return inner;
        List<Dim> l = new ArrayList<>(lead);
        l.addAll(inner.lead());
        List<Dim> r = new ArrayList<>(inner.trail());
        r.addAll(trail);
        return switch (inner) {
            case Row.Open o -> new Row.Open(l, o.var(), r, o.varId());
            case Row.Closed c -> new Row.Closed(l, r);
            case Row.Rigid g -> throw new IllegalStateException("rigid row spliced at a marker");
        };
    }
}
