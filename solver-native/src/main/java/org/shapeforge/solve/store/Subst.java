package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Application of σ to terms (Def. 3.2, with marker splicing), compressing binding chains so
 * that repeated lookups stay cheap. Every binding consulted is added to the caller's trace.
 */
public final class Subst {
    private final Store store;

    public Subst(Store store) {
        this.store = store;
    }

    public Dim dim(Dim d, Trace t) {
        if (!(d instanceof Dim.Var v)) return d;
        Store.DimBinding b = store.dimBinding(v.name());
        if (b == null) return d;
        if (b.value() instanceof Dim.Var w && store.dimBound(w.name())) {
            List<String> chain = new ArrayList<>();
            chain.add(v.name());
            Dim cur = b.value();
            while (cur instanceof Dim.Var x && store.dimBound(x.name())) {
                chain.add(x.name());
                cur = store.dimBinding(x.name()).value();
            }
            Why acc = Why.NONE;
            for (int i = chain.size() - 1; i >= 0; i--) {
                acc = store.dimBinding(chain.get(i)).why().and(acc);
                store.bindDim(chain.get(i), cur, acc);
            }
            b = store.dimBinding(v.name());
        }
        t.add(b.why());
        return b.value();
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
                Store.RowBinding b = value(o.var());
                if (b == null) {
                    List<Dim> l = dims(o.lead(), t), r2 = dims(o.trail(), t);
                    yield l == o.lead() && r2 == o.trail() ? o : new Row.Open(l, o.var(), r2);
                }
                t.addPlacement(b.why(), b.placement());
                yield splice(dims(o.lead(), t), row(b.value(), t), dims(o.trail(), t));
            }
        };
    }

    /** The binding of {@code v} with chains through other row variables compressed. */
    private Store.RowBinding value(String v) {
        Store.RowBinding b = store.rowBinding(v);
        if (b == null || !(b.value() instanceof Row.Open o) || !store.rowBound(o.var())) return b;
        List<String> chain = new ArrayList<>();
        chain.add(v);
        Row cur = b.value();
        while (cur instanceof Row.Open x && store.rowBound(x.var())) {
            chain.add(x.var());
            cur = store.rowBinding(x.var()).value();
        }
        Why acc = Why.NONE;
        boolean placement = false;
        for (int i = chain.size() - 1; i >= 0; i--) {
            Store.RowBinding bi = store.rowBinding(chain.get(i));
            acc = bi.why().and(acc);
            placement |= bi.placement();
            Row term = bi.value();
            Row spliced = i == chain.size() - 1 ? term : splice(term.lead(), cur, term.trail());
            store.bindRow(chain.get(i), spliced, acc, placement);
            cur = spliced;
        }
        return store.rowBinding(v);
    }

    /** {@code l · T · r} with T's marker (or variable) kept: Def. 3.2's marker case. */
    public static Row splice(List<Dim> lead, Row inner, List<Dim> trail) {
        if (lead.isEmpty() && trail.isEmpty() && !(inner instanceof Row.Rigid)) return inner;
        List<Dim> l = new ArrayList<>(lead);
        l.addAll(inner.lead());
        List<Dim> r = new ArrayList<>(inner.trail());
        r.addAll(trail);
        return switch (inner) {
            case Row.Open o -> new Row.Open(l, o.var(), r);
            case Row.Closed c -> new Row.Closed(l, r);
            case Row.Rigid g -> throw new IllegalStateException("rigid row spliced at a marker");
        };
    }
}
