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
    private final RuleContext cx;

    DimRules(RuleContext cx) {
        this.cx = cx;
    }

    /** DE-refl, DE-clash, DE-bind. */
    void eq(Dim l, Dim r, Why why) {
        if (SizeTerms.compound(l) || SizeTerms.compound(r)) {
            cx.sizes().eq(l, r, why);
            return;
        }
        if (l.equals(r)) return;
        // a symbol (dynamic or derived) stays its class's representative: its name is never
        // replaced by another variable's in any answer (issue 31: `batch` bound to `y_0` was lost)
        boolean keepLeft = l instanceof Dim.Var a && r instanceof Dim.Var b && cx.sizes().isSymbol(a.name()) && !cx.sizes().isSymbol(b.name());
        if (l instanceof Dim.Var v && !keepLeft) cx.bindDim(v, r, why);
        else if (r instanceof Dim.Var v) cx.bindDim(v, l, why);
        else throw Contradiction.fail("dimension mismatch: " + Show.dim(l) + " = " + Show.dim(r), why);
    }

    /** DI-top, DI-refl, DI-ground, DI-pin, DI-pin-top, DI-cap, DI-adj, DI-antisym. */
    void le(Dim lo, Dim up, Why why) {
        if (SizeTerms.compound(lo) || SizeTerms.compound(up)) {
            cx.sizes().le(lo, up, why);
            return;
        }
        if (up instanceof Dim.Unit || lo.equals(up)) return;
        switch (lo) {
            case Dim.Var a when up instanceof Dim.Atom -> eq(a, up, why);
            case Dim.Unit u when up instanceof Dim.Var b -> eq(b, u, why);
            case Dim.Atom d when up instanceof Dim.Var b -> cap(cx.store().dimSlotOrNew(b), d, why);
            case Dim.Var a when up instanceof Dim.Var b -> adjacency(cx.store().dimSlotOrNew(a), cx.store().dimSlotOrNew(b), why);
            default -> throw Contradiction.fail("broadcast mismatch: " + Show.dim(lo) + " <= " + Show.dim(up)
                    + " (only the unit 1 is above another dimension)", why);
        }
    }

    private void cap(int b, Dim.Atom d, Why why) {
        Store.Cap c = cx.store().cap(b);
        if (c == null) {
            cx.setCap(b, d, why);
            for (Stored s : cx.store().bound().upAdjacencies(b))
                cx.emit(new Fact.DimLe(d, s.upper()), why.and(s.why()));
        } else if (!c.atom().equals(d)) {
            if (cx.mutated(Mutation.DI_CAP_KEEP_FIRST)) return; // planted bug: the second cap is dropped
            cx.emit(new Fact.DimEq(cx.store().dimTerm(b), Dim.unit()), why.and(c.why()));
        }
    }

    private void adjacency(int a, int b, Why why) {
        Dim.Var at = cx.store().dimTerm(a), bt = cx.store().dimTerm(b);
        Why cycle = path(b, a);
        if (cycle != null) {
            cx.emit(new Fact.DimEq(at, bt), why.and(cycle));
            return;
        }
        Stored s = cx.store().bound().storeAdjacency(new Fact.DimLe(at, bt), why, a, b);
        Store.Cap c = cx.store().cap(a);
        if (c != null) cx.emit(new Fact.DimLe(c.atom(), bt), c.why().and(s.why()));
    }

    /** The derivation of a stored chain {@code from ⊑ … ⊑ to}, or null (bidirectional search). */
    private Why path(int fromSlot, int toSlot) {
        // no stored edge leaves `from` upwards or enters `to` from below: no path (the common case)
        if (fromSlot != toSlot && (cx.store().bound().upAdjacencies(fromSlot).isEmpty() || cx.store().bound().downAdjacencies(toSlot).isEmpty()))
            return null;
        String from = cx.store().dimName(fromSlot), to = cx.store().dimName(toSlot);
        Set<String> fwd = new HashSet<>(List.of(from)), bwd = new HashSet<>(List.of(to));
        ArrayDeque<String> fq = new ArrayDeque<>(List.of(from)), bq = new ArrayDeque<>(List.of(to));
        boolean met = false;
        while (!met && !fq.isEmpty() && !bq.isEmpty()) {
            for (Stored s : cx.store().bound().upAdjacencies(fq.poll())) {
                String n = s.upperDim();
                if (bwd.contains(n)) met = true;
                if (fwd.add(n)) fq.add(n);
            }
            for (Stored s : cx.store().bound().downAdjacencies(bq.poll())) {
                String n = s.lowerDim();
                if (fwd.contains(n)) met = true;
                if (bwd.add(n)) bq.add(n);
            }
        }
        if (!met) return null;
        Why all = Why.NONE;
        for (String v : fwd)
            for (Stored s : cx.store().bound().upAdjacencies(v))
                if (bwd.contains(s.upperDim())) all = all.and(s.why());
        return all;
    }
}
