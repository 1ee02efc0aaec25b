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
        DimSlot b = store.dimSlot(v);
        return b == null || b.value == null ? d : resolve(b, t);
    }

    /** σ⋆(α) read through α's slot (no lookup): a pass over all variables uses this. */
    public Dim dim(DimSlot s, Trace t) {
        return s.value == null ? s.term() : resolve(s, t);
    }

    /** The value of bound slot {@code b}, its chain through other variables compressed first. */
    private Dim resolve(DimSlot b, Trace t) {
        if (b.value instanceof Dim.Var w && store.dimBound(w)) {
            List<DimSlot> chain = new ArrayList<>();
            chain.add(b);
            Dim cur = b.value;
            DimSlot x;
            while (cur instanceof Dim.Var y && (x = store.dimSlot(y)) != null && x.value != null) {
                chain.add(x);
                cur = x.value;
            }
            Why acc = Why.NONE;
            for (int i = chain.size() - 1; i >= 0; i--) { // each link now points at the chain's end
                DimSlot c = chain.get(i);
                acc = c.why.and(acc);
                c.value = cur;
                c.why = acc;
            }
        }
        t.add(b.why);
        return b.value;
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
                RowSlot b = value(store.rowSlot(o));
                if (b == null) yield o.withFlanks(dims(o.lead(), t), dims(o.trail(), t));
                t.addPlacement(b.why, b.placement);
                yield splice(dims(o.lead(), t), row(b.value, t), dims(o.trail(), t));
            }
        };
    }

    /** σ⋆(ρ) read through ρ's slot (no lookup). */
    public Row row(RowSlot s, Trace t) {
        RowSlot b = value(s);
        if (b == null) return s.term();
        t.addPlacement(b.why, b.placement);
        return row(b.value, t);
    }

    /** Slot {@code b} (may be null) with its chain through other row variables compressed, or null if unbound. */
    private RowSlot value(RowSlot b) {
        if (b == null || b.value == null) return null;
        if (!(b.value instanceof Row.Open o) || !store.rowBound(o)) return b;
        List<RowSlot> chain = new ArrayList<>();
        chain.add(b);
        Row cur = b.value;
        RowSlot x;
        while (cur instanceof Row.Open y && (x = store.rowSlot(y)) != null && x.value != null) {
            chain.add(x);
            cur = x.value;
        }
        Why acc = Why.NONE;
        boolean placement = false;
        for (int i = chain.size() - 1; i >= 0; i--) {
            RowSlot c = chain.get(i);
            acc = c.why.and(acc);
            placement |= c.placement;
            Row term = c.value;
            Row spliced = i == chain.size() - 1 ? term : splice(term.lead(), cur, term.trail());
            c.value = spliced;
            c.why = acc;
            c.placement = placement;
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
