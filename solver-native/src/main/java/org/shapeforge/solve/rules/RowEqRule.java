package org.shapeforge.solve.rules;

import java.util.List;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Stored;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Row equality {@code R1 ≈ R2} (Def. 4.3 as corrected in §10): (a) closed–closed flat zip;
 * (b) open vs closed, failing only on total overflow, inherit-the-split placement (a policy
 * step and a complete-mode choice point); (c) different variables: nested surpluses bind,
 * split surpluses defer; (d) same variable: occurs failure, discard, or rotational deferral.
 */
final class RowEqRule implements Rule<Row> {
    private final RuleContext cx;

    RowEqRule(RuleContext cx) {
        this.cx = cx;
    }

    @Override
    public void apply(Row l, Row r, Why why) {
        if (!l.isOpen() && !r.isOpen()) closedClosed(l.flat(), r.flat(), why);
        else if (l instanceof Row.Open o && !r.isOpen()) openClosed(o, r, why);
        else if (r instanceof Row.Open o && !l.isOpen()) openClosed(o, l, why);
        else bothOpen((Row.Open) l, (Row.Open) r, why);
    }

    /** Case (a): fail iff the ranks differ, else the flat zip. */
    private void closedClosed(List<Dim> f1, List<Dim> f2, Why why) {
        if (f1.size() != f2.size())
            throw Contradiction.fail("row equality: rank " + f1.size() + " " + Show.dims(f1) + " vs rank "
                    + f2.size() + " " + Show.dims(f2), why);
        for (int i = 0; i < f1.size(); i++) cx.emit(new Fact.DimEq(f1.get(i), f2.get(i)), why);
    }

    /** Case (b). */
    private void openClosed(Row.Open o, Row c, Why why) {
        List<Dim> f = c.flat();
        int known = o.lead().size() + o.trail().size();
        if (known > f.size())
            throw Contradiction.fail("row equality: " + Show.row(o) + " has at least " + known + " axes but "
                    + Show.row(c) + " has " + f.size(), why);
        for (int i = 0; i < o.lead().size(); i++) cx.emit(new Fact.DimEq(o.lead().get(i), f.get(i)), why);
        int off = f.size() - o.trail().size();
        for (int j = 0; j < o.trail().size(); j++) cx.emit(new Fact.DimEq(o.trail().get(j), f.get(off + j)), why);
        List<Dim> m = f.subList(o.lead().size(), off);
        if (!m.isEmpty() && cx.postponePlacement(new Fact.RowEq(o, c), why)) return;
        int p = c.lead().size();
        int inherit = p >= o.lead().size() && p <= off ? p - o.lead().size() : 0;
        int split = inherit;
        if (!m.isEmpty()) {
            int k = cx.choose(m.size() + 1);
            split = k == 0 ? inherit : (k - 1 < inherit ? k - 1 : k);
        }
        cx.bindRow(o, new Row.Closed(m.subList(0, split), m.subList(split, m.size())), why, !m.isEmpty());
    }

    /** Cases (c) and (d). */
    private void bothOpen(Row.Open a, Row.Open b, Why why) {
        int kl = Math.min(a.lead().size(), b.lead().size());
        int kr = Math.min(a.trail().size(), b.trail().size());
        for (int i = 0; i < kl; i++) cx.emit(new Fact.DimEq(a.lead().get(i), b.lead().get(i)), why);
        List<Dim> at = a.trail(), bt = b.trail();
        for (int j = 1; j <= kr; j++)
            cx.emit(new Fact.DimEq(at.get(at.size() - j), bt.get(bt.size() - j)), why);
        Row.Open ra = kl == 0 && kr == 0 ? a : a.withFlanks(Lists.drop(a.lead(), kl), Lists.dropLast(at, kr));
        Row.Open rb = kl == 0 && kr == 0 ? b : b.withFlanks(Lists.drop(b.lead(), kl), Lists.dropLast(bt, kr));
        int sa = ra.lead().size() + ra.trail().size(), sb = rb.lead().size() + rb.trail().size();
        if (a.var().equals(b.var())) {
            if (sa != sb)
                throw Contradiction.fail("infinite number of axes by self-reference: " + Show.row(a) + " ~ "
                        + Show.row(b) + " (occurs check, Def. 4.3(d))", why);
            if (sa > 0) {
                List<Dim> sw = ra.lead().isEmpty() ? rb.lead() : ra.lead(), tw = ra.lead().isEmpty() ? ra.trail() : rb.trail();
                if (isGround(sw) && isGround(tw) && !conjugate(sw, tw))
                    throw Contradiction.fail("rotational self-reference " + Show.row(a) + " ~ " + Show.row(b) + ": "
                            + Show.dims(sw) + " and " + Show.dims(tw) + " are not conjugate, so no row solves it "
                            + "(Def. 4.3(d), Lyndon–Schützenberger)", why);
                defer(ra, rb, Stored.Kind.ROTATION_EQ, why);
            }
        } else if (sa == 0) {
            if (sb > 0 && cx.postponePlacement(new Fact.RowEq(ra, rb), why)) return;
            if (split(ra, rb, why)) return;
            // even <a> ~ <b> is a placement: ≈ equates flat contents, and a := <b> also
            // identifies the markers (found by NativeSmtDifferentialProperties)
            cx.bindRow(a, rb, why, true); // rb is l·<b>·t with what the equality left over
        } else if (sb == 0) {
            if (cx.postponePlacement(new Fact.RowEq(ra, rb), why)) return;
            if (split(rb, ra, why)) return;
            cx.bindRow(b, ra, why, true);
        } else {
            defer(ra, rb, Stored.Kind.SPLIT_EQ, why);
        }
    }

    /** Ranks up to which complete mode splits the inner variable of an open–open placement. */
    static final int SPLIT_RANK = 2;
    private static final int SPLITS = (SPLIT_RANK + 1) * (SPLIT_RANK + 2) / 2;

    /**
     * Complete mode's bounded branching at an open–open placement {@code <a> ~ l <b> t}
     * (Remark 6.7(ii)(a); issue 10). Binding a := l·⟨b⟩·t puts a's marker at b's; a's marker
     * elsewhere, inside b's content, is no row term over b. Branch 0 is that binding (the
     * deterministic policy); branch j ≥ 1 instead binds b to a closed row of k ≤ {@value #SPLIT_RANK}
     * fresh axes with its marker after the first i of them (each (k, i) once), a policy step, and
     * re-emits the equality, which is then open vs closed: a's marker is branched over its
     * |m| + 1 places there. Bounded, so exhausting the branches still proves nothing.
     *
     * @return whether a split branch was taken (the binding is then not made)
     */
    private boolean split(Row.Open bare, Row.Open inner, Why why) {
        int j = cx.choose(1 + SPLITS);
        if (j == 0) return false;
        int at = j - 1, rank = 0;
        while (at > rank) {
            at -= rank + 1;
            rank++;
        }
        List<Dim> axes = cx.freshDims(rank);
        Why policy = why.asPolicy();
        cx.bindRow(inner, new Row.Closed(axes.subList(0, at), axes.subList(at, rank)), policy, true);
        cx.emit(new Fact.RowEq(bare, inner), policy);
        return true;
    }

    private static boolean isGround(List<Dim> ds) {
        for (Dim d : ds) if (!d.isGround()) return false;
        return true;
    }

    /** Whether t is a rotation of s (then s = uv, t = vu and x = u solves s·x = x·t). */
    private static boolean conjugate(List<Dim> s, List<Dim> t) {
        if (s.size() != t.size()) return false;
        for (int i = 0; i < s.size(); i++) {
            boolean ok = true;
            for (int j = 0; j < s.size() && ok; j++) ok = s.get((i + j) % s.size()).equals(t.get(j));
            if (ok) return true;
        }
        return false;
    }

    private void defer(Row.Open a, Row.Open b, Stored.Kind kind, Why why) {
        cx.store().bound().storeRow(new Fact.RowEq(a, b), why, kind, cx.store().rowSlotOrNew(a), cx.store().rowSlotOrNew(b));
    }
}
