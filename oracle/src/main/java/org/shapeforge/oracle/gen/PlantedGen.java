package org.shapeforge.oracle.gen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Core-fragment constraints (dimension =/<=, row ~/<=, ranks ≤ 2·maxFlank + 2, atoms 2, 3, 5,
 * 3:rgb and the unit) built to hold under a planted assignment, chosen lazily: a variable gets its
 * value the first time a term uses it, later terms use it only where its value fits. Row
 * equalities split one flat sequence at two markers (≈ is marker-blind); row orders extend and
 * refine the operand's value (Def. 2.3: the result's flanks contain the operand's, unit positions
 * refined). {@link #generate} re-checks the planted assignment with the evaluator.
 */
public final class PlantedGen {
    final Random rnd;
    final Map<String, Dim> dims = new HashMap<>();
    final Map<String, Row.Closed> rows = new HashMap<>();
    final int maxFlank;
    boolean noOpenOpenEq;

    PlantedGen(long seed, int maxFlank) {
        this.rnd = new Random(seed);
        this.maxFlank = maxFlank;
    }

    public record Planted(List<Constraint> constraints, Assignment model) {}

    public static Planted generate(long seed, int n, int maxFlank) {
        return generate(seed, n, maxFlank, false);
    }

    public static Planted generate(long seed, int n, int maxFlank, boolean noOpenOpenEq) {
        PlantedGen g = new PlantedGen(seed, maxFlank);
        g.noOpenOpenEq = noOpenOpenEq;
        List<Constraint> cs = new ArrayList<>();
        for (int i = 0; i < n; i++) cs.add(g.next());
        Assignment a = g.assignment();
        if (!Evaluator.holdsAll(cs, a, Semantics.FLAT))
            throw new IllegalStateException("planted model does not hold: " + Evaluator.evaluate(cs, a, Semantics.FLAT));
        return new Planted(cs, a);
    }

    Assignment assignment() {
        return new Assignment(dims, new HashMap<String, Row>(rows));
    }

    Dim ground() {
        int k = rnd.nextInt(10);
        if (k < 2) return Dim.unit();
        if (k < 5) return Dim.atom(2);
        if (k < 8) return Dim.atom(3);
        if (k < 9) return Dim.atom(5);
        return new Dim.Atom(3, "rgb");
    }

    Dim abs(Dim v) {
        if (rnd.nextInt(10) < 4) {
            String x = "abcd".charAt(rnd.nextInt(4)) + "";
            Dim cur = dims.get(x);
            if (cur == null) { dims.put(x, v); return Dim.var(x); }
            if (cur.equals(v)) return Dim.var(x);
        }
        return v;
    }

    List<Dim> abs(List<Dim> vs) {
        List<Dim> out = new ArrayList<>();
        for (Dim v : vs) out.add(abs(v));
        return out;
    }

    List<Dim> groundList(int n) {
        List<Dim> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(ground());
        return out;
    }

    /** A term whose value is lead◇trail. */
    Row term(List<Dim> lead, List<Dim> trail) {
        if (rnd.nextInt(10) < 7) {
            String r = "r" + (1 + rnd.nextInt(3));
            Row.Closed cur = rows.get(r);
            if (cur == null) {
                int i = rnd.nextInt(lead.size() + 1), j = rnd.nextInt(trail.size() + 1);
                rows.put(r, new Row.Closed(lead.subList(i, lead.size()), trail.subList(0, j)));
                return new Row.Open(abs(lead.subList(0, i)), r, abs(trail.subList(j, trail.size())));
            }
            int ll = cur.lead().size(), tl = cur.trail().size();
            if (ll <= lead.size() && tl <= trail.size()
                    && lead.subList(lead.size() - ll, lead.size()).equals(cur.lead())
                    && trail.subList(0, tl).equals(cur.trail()))
                return new Row.Open(abs(lead.subList(0, lead.size() - ll)), r, abs(trail.subList(tl, trail.size())));
        }
        return new Row.Closed(abs(lead), abs(trail));
    }

    /** A random ground marked row, sometimes an assigned variable's value with flanks around it. */
    Row.Closed groundRow() {
        if (!rows.isEmpty() && rnd.nextInt(10) < 5) {
            List<String> names = new ArrayList<>(rows.keySet());
            names.sort(null);
            Row.Closed v = rows.get(names.get(rnd.nextInt(names.size())));
            List<Dim> l = new ArrayList<>(groundList(rnd.nextInt(2)));
            l.addAll(v.lead());
            List<Dim> t = new ArrayList<>(v.trail());
            t.addAll(groundList(rnd.nextInt(2)));
            return new Row.Closed(l, t);
        }
        return new Row.Closed(groundList(rnd.nextInt(maxFlank + 1)), groundList(rnd.nextInt(maxFlank + 1)));
    }

    Dim refine(Dim upper) {
        return upper instanceof Dim.Unit && rnd.nextBoolean() ? ground() : upper;
    }

    Constraint next() {
        int k = rnd.nextInt(10);
        if (k < 1) {
            Dim v = ground();
            return new Constraint.DimEq(abs(v), abs(v), Span.NONE);
        }
        if (k < 3) {
            Dim y = ground();
            return new Constraint.DimLe(abs(refine(y)), abs(y), Span.NONE);
        }
        if (k < 6) {
            Row.Closed g = groundRow();
            List<Dim> flat = g.flat();
            int i = rnd.nextInt(flat.size() + 1);
            Row right = term(flat.subList(0, i), flat.subList(i, flat.size()));
            Row left = noOpenOpenEq && right.isOpen() ? new Row.Closed(abs(g.lead()), abs(g.trail())) : term(g.lead(), g.trail());
            return rnd.nextBoolean() ? new Constraint.RowEq(left, right, Span.NONE) : new Constraint.RowEq(right, left, Span.NONE);
        }
        // result <= operand (Def. 2.3): the result's flanks extend the operand's, axes refine
        Row.Closed op = groundRow();
        List<Dim> la = new ArrayList<>();
        for (Dim d : op.lead()) la.add(refine(d));
        la.addAll(groundList(rnd.nextInt(2)));
        List<Dim> ta = new ArrayList<>(groundList(rnd.nextInt(2)));
        for (Dim d : op.trail()) ta.add(refine(d));
        Row result = term(la, ta);
        Row operand = term(op.lead(), op.trail());
        return new Constraint.RowLe(result, operand, Span.NONE);
    }
}
