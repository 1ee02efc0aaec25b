package org.shapeforge.term.sym;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.term.Dim;

/** {@link SymSize} as {@code .shc} size expressions and relations (so Z3 can check a symbolic answer). */
final class ShcForm {
    private ShcForm() {}

    /** The expression, when no floor division occurs in it. */
    static Optional<SizeExpr> expr(SymSize s) {
        SizeExpr out = null;
        for (Map.Entry<SymSize.Mono, Long> e : s.terms().entrySet()) {
            SizeExpr m = null;
            for (SymAtom a : e.getKey().atoms()) {
                SizeExpr x;
                switch (a) {
                    case SymAtom.Name(String n) -> x = new SizeExpr.Size(Dim.var(n));
                    case SymAtom.Mod(SymSize num, long k) -> {
                        Optional<SizeExpr> inner = expr(num);
                        if (inner.isEmpty()) return Optional.empty();
                        x = new SizeExpr.Mod(inner.get(), k);
                    }
                    case SymAtom.Div d -> {
                        return Optional.empty();
                    }
                }
                m = m == null ? x : new SizeExpr.Mul(m, x);
            }
            long c = e.getValue(), abs = Math.abs(c);
            if (m == null) m = new SizeExpr.Lit(abs);
            else if (abs != 1) m = new SizeExpr.Mul(m, new SizeExpr.Lit(abs));
            out = out == null ? (c < 0 ? new SizeExpr.Sub(new SizeExpr.Lit(0), m) : m)
                    : c < 0 ? new SizeExpr.Sub(out, m) : new SizeExpr.Add(out, m);
        }
        return Optional.of(out == null ? new SizeExpr.Lit(0) : out);
    }

    static Optional<Constraint> definition(SymSize s, Dim v) {
        long l = 1;
        SymSize plain = SymSize.constant(0);
        for (Map.Entry<SymSize.Mono, Long> e : s.terms().entrySet()) {
            var atoms = e.getKey().atoms();
            if (atoms.size() == 1 && atoms.getFirst() instanceof SymAtom.Div(SymSize r, long k)) l = lcm(l, k);
            else plain = plain.plus(new SymSize(new TreeMap<>(Map.of(e.getKey(), e.getValue()))));
        }
        SizeExpr lhs = l == 1 ? new SizeExpr.Size(v) : new SizeExpr.Mul(new SizeExpr.Lit(l), new SizeExpr.Size(v));
        Optional<SizeExpr> rhs = expr(plain.times(l));
        if (rhs.isEmpty()) return Optional.empty();
        SizeExpr right = rhs.get();
        for (Map.Entry<SymSize.Mono, Long> e : s.terms().entrySet()) {
            var atoms = e.getKey().atoms();
            if (!(atoms.size() == 1 && atoms.getFirst() instanceof SymAtom.Div(SymSize r, long k))) continue;
            Optional<SizeExpr> re = expr(r);
            if (re.isEmpty()) return Optional.empty();
            // c·(l/k)·(r − r % k)
            SizeExpr exact = new SizeExpr.Sub(re.get(), new SizeExpr.Mod(re.get(), k));
            long c = SymSize.mul(e.getValue(), l / k);
            SizeExpr term = new SizeExpr.Mul(new SizeExpr.Lit(Math.abs(c)), exact);
            right = c < 0 ? new SizeExpr.Sub(right, term) : new SizeExpr.Add(right, term);
        }
        return Optional.of(new Constraint.SizeRel(lhs, Constraint.Rel.EQ, right, Span.NONE));
    }

    private static long lcm(long a, long b) {
        long g = a, h = b;
        while (h != 0) {
            long t = g % h;
            g = h;
            h = t;
        }
        return SymSize.mul(a / g, b);
    }
}
