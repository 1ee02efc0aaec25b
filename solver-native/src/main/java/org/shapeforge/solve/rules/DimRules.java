package org.shapeforge.solve.rules;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.Stored;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;

/**
 * The dimension rules of Def. 4.2 plus §10's DI-antisym, on substituted terms. Ground caps are
 * forwarded eagerly along adjacencies (Remark 6.3, §10), so cap stores are transitively closed
 * before any closing commitment.
 */
final class DimRules {
    private final Engine en;

    DimRules(Engine en) {
        this.en = en;
    }

    /** DE-refl, DE-clash, DE-bind. */
    void eq(Dim l, Dim r, Why why) {
        if (SizeTerms.compound(l) || SizeTerms.compound(r)) {
            en.size.eq(l, r, why);
            return;
        }
        if (l.equals(r)) return;
        // a symbol (dynamic or derived) stays its class's representative: its name is never
        // replaced by another variable's in any answer (issue 31: `batch` bound to `y_0` was lost)
        boolean keepLeft = l instanceof Dim.Var a && r instanceof Dim.Var b && en.size.isSymbol(a.name()) && !en.size.isSymbol(b.name());
        if (l instanceof Dim.Var v && !keepLeft) en.bindDim(v, r, why);
        else if (r instanceof Dim.Var v) en.bindDim(v, l, why);
        else throw Contradiction.fail("dimension mismatch: " + Show.dim(l) + " = " + Show.dim(r), why);
    }

    /** DI-top, DI-refl, DI-ground, DI-pin, DI-pin-top, DI-cap, DI-adj, DI-antisym. */
    void le(Dim lo, Dim up, Why why) {
        if (SizeTerms.compound(lo) || SizeTerms.compound(up)) {
            en.size.le(lo, up, why);
            return;
        }
        if (up instanceof Dim.Unit || lo.equals(up)) return;
        switch (lo) {
            case Dim.Var a when up instanceof Dim.Atom -> eq(a, up, why);
            case Dim.Unit u when up instanceof Dim.Var b -> eq(b, u, why);
            case Dim.Atom d when up instanceof Dim.Var b -> cap(en.store.dimSlotOrNew(b), d, why);
            case Dim.Var a when up instanceof Dim.Var b -> adjacency(en.store.dimSlotOrNew(a), en.store.dimSlotOrNew(b), why);
            default -> throw Contradiction.fail("broadcast mismatch: " + Show.dim(lo) + " <= " + Show.dim(up)
                    + " (only the unit 1 is above another dimension)", why);
        }
    }

    private void cap(int b, Dim.Atom d, Why why) {
        Store.Cap c = en.store.cap(b);
        if (c == null) {
            en.setCap(b, d, why);
            for (Stored s : en.store.bound().upAdjacencies(b))
                en.emit(new Fact.DimLe(d, s.upper()), why.and(s.why()));
        } else if (!c.atom().equals(d)) {
            if (en.mutated(Mutation.DI_CAP_KEEP_FIRST)) return; // planted bug: the second cap is dropped
            en.emit(new Fact.DimEq(en.store.dimTerm(b), Dim.unit()), why.and(c.why()));
        }
    }

    private void adjacency(int a, int b, Why why) {
        Dim.Var at = en.store.dimTerm(a), bt = en.store.dimTerm(b);
        Why cycle = path(b, a);
        if (cycle != null) {
            en.emit(new Fact.DimEq(at, bt), why.and(cycle));
            return;
        }
        Stored s = en.store.bound().storeAdjacency(new Fact.DimLe(at, bt), why, a, b);
        Store.Cap c = en.store.cap(a);
        if (c != null) en.emit(new Fact.DimLe(c.atom(), bt), c.why().and(s.why()));
    }

    /** The derivation of a stored chain {@code from ⊑ … ⊑ to}, or null (bidirectional search). */
    private Why path(int fromSlot, int toSlot) {
        // no stored edge leaves `from` upwards or enters `to` from below: no path (the common case)
        if (fromSlot != toSlot && (en.store.bound().upAdjacencies(fromSlot).isEmpty() || en.store.bound().downAdjacencies(toSlot).isEmpty()))
            return null;
        String from = en.store.dimName(fromSlot), to = en.store.dimName(toSlot);
        Set<String> fwd = new HashSet<>(List.of(from)), bwd = new HashSet<>(List.of(to));
        ArrayDeque<String> fq = new ArrayDeque<>(List.of(from)), bq = new ArrayDeque<>(List.of(to));
        boolean met = false;
        while (!met && !fq.isEmpty() && !bq.isEmpty()) {
            for (Stored s : en.store.bound().upAdjacencies(fq.poll())) {
                String n = s.upperDim();
                if (bwd.contains(n)) met = true;
                if (fwd.add(n)) fq.add(n);
            }
            for (Stored s : en.store.bound().downAdjacencies(bq.poll())) {
                String n = s.lowerDim();
                if (fwd.contains(n)) met = true;
                if (bwd.add(n)) bq.add(n);
            }
        }
        if (!met) return null;
        Why all = Why.NONE;
        for (String v : fwd)
            for (Stored s : en.store.bound().upAdjacencies(v))
                if (bwd.contains(s.upperDim())) all = all.and(s.why());
        return all;
    }
}
