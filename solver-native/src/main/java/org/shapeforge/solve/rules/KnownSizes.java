package org.shapeforge.solve.rules;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;

/**
 * The sizes entailed for unbound variables by size-only constraints (a Total_elems, a predicate,
 * a sum whose basis is not forced): recorded, not bound — the basis is closing's choice (a policy
 * step). A new known size wakes the propagators watching its variable. A known size follows its
 * variable's binding and is checked against ground values; a cap arriving on a variable with a
 * known size decides it. Both happen for the variables marked since the last fixpoint only
 * ({@link #reconcile}), never by a pass over all known sizes.
 */
final class KnownSizes {
    private final RuleContext cx;
    private final Map<String, SizeRules.Known> sizes = new LinkedHashMap<>();
    /** Variables with a known size bound or capped since the last {@link #reconcile}, in that order. */
    private final Set<String> dirty = new LinkedHashSet<>();
    Set<String> discardable = Set.of();

    KnownSizes(RuleContext cx) {
        this.cx = cx;
    }

    /** The known sizes of unbound variables (read-only, live), in order of recording. */
    Map<String, SizeRules.Known> view() {
        return Collections.unmodifiableMap(sizes);
    }

    SizeRules.Known get(String v) {
        return sizes.isEmpty() ? null : sizes.get(v);
    }

    boolean isEmpty() {
        return sizes.isEmpty();
    }

    /** Variable {@code v} was bound or capped: its known size, if any, is reconciled at the next fixpoint. */
    void touched(String v) {
        if (!sizes.isEmpty() && sizes.containsKey(v)) dirty.add(v);
    }

    /** Known sizes follow their variables' bindings and are checked against ground values. */
    void reconcile() {
        while (!dirty.isEmpty()) {
            var i = dirty.iterator();
            String x = i.next();
            i.remove();
            SizeRules.Known k = sizes.get(x);
            if (k == null) continue;
            Trace t = new Trace(k.why(), false);
            Dim d = cx.subst().dim(new Dim.Var(x), t);
            if (d instanceof Dim.Var v && v.name().equals(x)) {
                Store.Cap cap = cx.store().cap(x);
                if (cap != null && cap.atom().size() != 1) { // a cap arrived after the size: decide now
                    sizes.remove(x);
                    record(x, k.size(), k.why());
                }
                continue;
            }
            sizes.remove(x);
            if (d instanceof Dim.Var w) record(w.name(), k.size(), t.why());
            else if (Sizes.size(d) != k.size())
                throw Contradiction.fail("size conflict: " + x + " = " + Show.dim(d) + ", but its size is " + k.size()
                        + " (derived from the size constraints)", t.why());
        }
    }

    /** Records that the unbound variable {@code x} has size {@code n}; true when this is new. */
    boolean record(String x, long n, Why why) {
        Trace t = new Trace(why, false);
        Dim d = cx.subst().dim(new Dim.Var(x), t);
        if (d.isGround()) {
            if (Sizes.size(d) != n)
                throw Contradiction.fail("size conflict: " + x + " = " + Show.dim(d) + ", but the size constraints need "
                        + n, t.why());
            return false;
        }
        String v = ((Dim.Var) d).name();
        long lower = discardable.contains(v) ? 0 : 1;
        if (n < lower) throw Contradiction.fail("size conflict: " + v + " would have size " + n + " < " + lower, t.why());
        Store.Cap cap = cx.store().cap(v);
        if (cap != null && cap.atom().size() != 1) {
            // v ⊒ c means v ∈ {c, 1∅} (Def. 1.2): its size picks one, a semantic step.
            Why w = t.why().and(cap.why());
            if (n == cap.atom().size()) cx.emit(new Fact.DimEq(new Dim.Var(v), cap.atom()), w);
            else if (n == 1) cx.emit(new Fact.DimEq(new Dim.Var(v), Dim.unit()), w);
            else throw Contradiction.fail("size conflict: " + v + " is " + Show.dim(cap.atom()) + " or 1 (broadcast), but the"
                    + " size constraints need " + n, w);
            return true;
        }
        SizeRules.Known k = sizes.get(v);
        if (k == null) {
            sizes.put(v, new SizeRules.Known(n, t.why()));
            cx.store().wakeDim(v, false);
            return true;
        }
        if (k.size() != n)
            throw Contradiction.fail("size conflict: " + v + " has size " + k.size() + " and " + n, t.why().and(k.why()));
        return false;
    }
}
