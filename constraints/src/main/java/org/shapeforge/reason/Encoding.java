package org.shapeforge.reason;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.TreeSet;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymAtom;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * Relations over named dims as a {@code .shc} problem any {@link org.shapeforge.solver.ShapeSolver}
 * takes: each name a dimension variable {@code d0, d1, …} (numbered in sorted name order, so a
 * dim_param's spelling never reaches the parser's identifier rules), each relation a size
 * predicate ({@code size(d0) % 4 == 0}). A floor division {@code floor(p / k)} has no {@code .shc}
 * operator: it becomes an auxiliary dimension {@code q} with {@code k·size(q) + p % k == p + k}, so
 * that {@code size(q) − 1} is the quotient (a dimension's size is at least 1 and a quotient of a
 * non-negative numerator at least 0; a numerator that may be negative takes two auxiliaries,
 * {@code size(qa) − size(qb)}). The relations are encoded in the order of their printed forms, so
 * the problem depends on the set of relations only. Immutable once built.
 */
final class Encoding {
    private final Map<String, Dim> names = new TreeMap<>();
    private final Map<SymAtom.Div, SizeExpr> quotients = new LinkedHashMap<>();
    private final List<Statement> statements = new ArrayList<>();
    private int aux;

    private Encoding(SortedSet<String> names) {
        int i = 0;
        for (String n : names) this.names.put(n, Dim.var("d" + i++));
    }

    /** The relations' problem; an {@link ArithmeticException} ({@code SymOverflow}) when a coefficient leaves 64 bits. */
    static Encoding of(List<SymCondition> relations) {
        List<SymCondition> sorted = new ArrayList<>(relations);
        sorted.sort(Comparator.comparing(SymCondition::toString));
        SortedSet<String> ns = new TreeSet<>();
        for (SymCondition c : sorted) {
            ns.addAll(c.left().vars());
            ns.addAll(c.right().vars());
        }
        Encoding e = new Encoding(ns);
        List<Statement> rels = new ArrayList<>();
        for (SymCondition c : sorted) rels.add(new Constraint.SizeRel(e.expr(c.left()), c.rel(), e.expr(c.right()), Span.NONE));
        e.statements.addAll(0, rels);
        return e;
    }

    /** Which variable of the problem is which name or quotient, for messages: {@code d0 = h, q0 - 1 = h // 2}. */
    String legend() {
        StringJoiner j = new StringJoiner(", ");
        names.forEach((n, v) -> j.add(Printer.print(v) + " = " + n));
        quotients.forEach((d, e) -> j.add(Printer.print(e) + " = " + d.show()));
        return j.toString();
    }

    Problem problem() {
        return new Problem("reasoning.shc", statements);
    }

    /**
     * The binding of every name that {@code model} (a solution of {@link #problem()}) gives;
     * {@link IllegalStateException} when the model leaves a name out or gives it no size (a solver
     * defect, never an answer).
     */
    Map<String, Long> binding(Assignment model) {
        Map<String, Long> out = new TreeMap<>();
        names.forEach((n, v) -> out.put(n, switch (model.dims().get(((Dim.Var) v).name())) {
            case Dim.Atom(long k, var basis) -> k;
            case Dim.Unit u -> 1L;
            case null, default -> throw new IllegalStateException("the model " + model.dims() + " gives no size to " + n + " (" + v + ")");
        }));
        return out;
    }

    private SizeExpr expr(SymSize s) {
        SizeExpr out = null;
        for (var t : s.terms().entrySet()) {
            SizeExpr m = null;
            for (SymAtom a : t.getKey().atoms()) {
                SizeExpr x = atom(a);
                m = m == null ? x : new SizeExpr.Mul(m, x);
            }
            long c = t.getValue(), abs = Math.abs(c);
            if (c == Long.MIN_VALUE) throw new ArithmeticException("coefficient " + c);
            m = m == null ? new SizeExpr.Lit(abs) : abs == 1 ? m : new SizeExpr.Mul(new SizeExpr.Lit(abs), m);
            out = out == null ? (c < 0 ? new SizeExpr.Sub(new SizeExpr.Lit(0), m) : m) : c < 0 ? new SizeExpr.Sub(out, m) : new SizeExpr.Add(out, m);
        }
        return out == null ? new SizeExpr.Lit(0) : out;
    }

    private SizeExpr atom(SymAtom a) {
        return switch (a) {
            case SymAtom.Name(String n) -> new SizeExpr.Size(names.get(n));
            case SymAtom.Mod(SymSize num, long k) -> new SizeExpr.Mod(expr(num), k);
            case SymAtom.Div d -> quotients.computeIfAbsent(d, this::quotient);
        };
    }

    /** {@code floor(num / k)} as auxiliary sizes, with the relation that defines them. */
    private SizeExpr quotient(SymAtom.Div d) {
        SizeExpr p = expr(d.num());
        SizeExpr k = new SizeExpr.Lit(d.k()), rem = new SizeExpr.Mod(p, d.k());
        SizeExpr q = new SizeExpr.Size(Dim.var("q" + aux++));
        if (d.num().range().lo() >= 0) {
            statements.add(new Constraint.SizeRel(new SizeExpr.Add(new SizeExpr.Mul(k, q), rem), Constraint.Rel.EQ,
                    new SizeExpr.Add(p, k), Span.NONE));
            return new SizeExpr.Sub(q, new SizeExpr.Lit(1));
        }
        SizeExpr below = new SizeExpr.Size(Dim.var("q" + aux++));
        statements.add(new Constraint.SizeRel(new SizeExpr.Add(new SizeExpr.Mul(k, q), rem), Constraint.Rel.EQ,
                new SizeExpr.Add(p, new SizeExpr.Mul(k, below)), Span.NONE));
        return new SizeExpr.Sub(q, below);
    }
}
