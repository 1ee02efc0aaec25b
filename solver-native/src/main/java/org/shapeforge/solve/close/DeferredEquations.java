package org.shapeforge.solve.close;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Stored;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Stage 6's first half: the deferred word equations, one at a time, least material first. The
 * next one is chosen by kind — split equations, then rotations, then shifted self-inequalities
 * (whose resolution to [] is the bluntest) — and within a kind by the printed fact, never by
 * store order, so the result does not depend on the order of the input constraints. In complete
 * mode each resolution is a choice point over the equation's candidate solutions.
 */
final class DeferredEquations {
    private DeferredEquations() {}

    static void resolveAll(Closer cx) {
        // every live deferred fact is in the queue (new ones join after each commitment); the
        // head is the least by (kind rank, printed fact) among them, as a full scan would find
        PriorityQueue<Candidate> queue = new PriorityQueue<>();
        int seen = 0;
        while (true) {
            List<Stored> fresh = cx.view().store().deferredFrom(seen);
            for (Stored s : fresh) {
                if (s.alive()) queue.add(new Candidate(s, seen));
                seen++;
            }
            Candidate c = queue.poll();
            if (c == null) return;
            if (!c.stored().alive()) continue; // re-emitted (and maybe re-stored) since it was queued
            resolve(cx, c.stored());
        }
    }

    /** A deferred fact with its sort key, computed once; ties go to the earlier stored. */
    private record Candidate(Stored stored, int rank, String key, int seq) implements Comparable<Candidate> {
        Candidate(Stored s, int seq) {
            this(s, switch (s.kind) {
                case SPLIT_EQ -> 0;
                case ROTATION_EQ -> 1;
                case SHIFTED_LE -> 2;
                case DIM_ADJ, ROW_CAP -> throw new IllegalArgumentException("not deferred: " + s.kind);
            }, s.fact().toString(), seq);
        }

        @Override
        public int compareTo(Candidate o) {
            if (rank != o.rank) return Integer.compare(rank, o.rank);
            int c = key.compareTo(o.key);
            return c != 0 ? c : Integer.compare(seq, o.seq);
        }
    }

    private static void resolve(Closer cx, Stored d) {
        Why why = d.why().asPolicy();
        Trace t = new Trace(Why.NONE, false);
        switch (d.fact()) {
            case Fact.RowEq(Row l, Row r) -> {
                Row.Open a = (Row.Open) cx.view().row(l, t), b = (Row.Open) cx.view().row(r, t);
                if (d.kind == Stored.Kind.ROTATION_EQ) rotation(cx, a, b, why.and(t.why()));
                else split(cx, a, b, why.and(t.why()));
            }
            case Fact.RowLe(Row lo, Row up) -> cx.commit(new Fact.RowEq(Row.var(up.rowVar()), Row.empty()), why);
            default -> throw new IllegalStateException("unexpected deferred fact " + d.fact());
        }
    }

    private static void split(Closer cx, Row.Open a, Row.Open b, Why why) {
        Row.Open lead = a.lead().isEmpty() ? b : a, trail = lead == a ? b : a;
        List<WordEquations.Split> cands = new ArrayList<>(WordEquations.split(lead.lead(), trail.trail()));
        int n = cx.complete() ? cands.size() + 1 : 1;
        int k = n > 1 ? cx.choose(n) : 0;
        if (k == cands.size()) {
            Row.Open w = cx.freshRow();
            cx.commit(new Fact.RowEq(trail.withFlanks(List.of(), List.of()), w.withFlanks(lead.lead(), List.of())), why);
            cx.commit(new Fact.RowEq(lead.withFlanks(List.of(), List.of()), w.withFlanks(List.of(), trail.trail())), why);
            return;
        }
        WordEquations.Split c = cands.get(k);
        cx.commit(new Fact.RowEq(Row.var(trail.var()), WordEquations.front(c.x2())), why);
        if (!cx.view().store().rowBound(lead.var()))
            cx.commit(new Fact.RowEq(Row.var(lead.var()), WordEquations.front(c.x1())), why);
    }

    private static void rotation(Closer cx, Row.Open a, Row.Open b, Why why) {
        Row.Open lead = a.lead().isEmpty() ? b : a, trail = lead == a ? b : a;
        List<List<Dim>> cands = cx.complete() ? WordEquations.rotation(lead.lead(), trail.trail(), 2) : List.of(List.of());
        int k = cands.size() > 1 ? cx.choose(cands.size()) : 0;
        cx.commit(new Fact.RowEq(Row.var(a.var()), WordEquations.front(cands.get(k))), why);
    }
}
