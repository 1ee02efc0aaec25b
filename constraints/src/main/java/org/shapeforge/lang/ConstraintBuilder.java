package org.shapeforge.lang;

import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.Constraint.TotalNum;
import org.shapeforge.lang.antlr.ShcParser;
import org.shapeforge.term.Dim;

/**
 * Builds constraints ({@code language.md}, "Constraints") and size expressions from parse trees.
 * {@code R1 <=1 R2} is the one-shot order (Remark 2.15(ii)): a row never starts with {@code 1},
 * so the literal after {@code <=} must be exactly {@code 1}. Size expressions fold to the left.
 */
final class ConstraintBuilder {
    private final TermBuilder terms;

    ConstraintBuilder(TermBuilder terms) {
        this.terms = terms;
    }

    Constraint constraint(ShcParser.ConstraintContext c) {
        Span span = terms.at(c);
        return switch (c) {
            case ShcParser.DimEqContext e -> new Constraint.DimEq(terms.dim(e.dim(0)), terms.dim(e.dim(1)), span);
            case ShcParser.DimLeContext e -> new Constraint.DimLe(terms.dim(e.dim(0)), terms.dim(e.dim(1)), span);
            case ShcParser.RowEqContext e -> new Constraint.RowEq(terms.row(e.row(0)), terms.row(e.row(1)), span);
            case ShcParser.RowLeContext e -> rowLe(e, span);
            case ShcParser.TotalContext t -> total(t, span);
            case ShcParser.ExactContext x ->
                new Constraint.Exact(terms.rows(x.rowList()), terms.dims(x.dimList()), span);
            case ShcParser.SizeRelContext r ->
                new Constraint.SizeRel(sum(r.sizeSum(0)), rel(r.rel()), sum(r.sizeSum(1)), span);
            case ShcParser.SizeInContext r -> sizeIn(r, span);
            case ShcParser.LikelyContext l ->
                new Constraint.Likely(terms.dim(l.dim()), l.signedInt().stream().map(terms::signed).toList(), span);
            default -> throw new IllegalStateException("unknown constraint alternative " + c.getClass());
        };
    }

    private Constraint rowLe(ShcParser.RowLeContext e, Span span) {
        var lower = terms.row(e.row(0));
        var upper = terms.row(e.row(1));
        if (e.one == null) return new Constraint.RowLe(lower, upper, span);
        if (!e.one.getText().equals("1"))
            throw terms.error(e.one, "unexpected '" + e.one.getText() + "' after '<=': the one-shot order is"
                    + " written '<=1', otherwise a row ('[...]', '<r>', '<>' or '![...]') follows '<='");
        return new Constraint.RowLeOne(lower, upper, span);
    }

    private Constraint total(ShcParser.TotalContext t, Span span) {
        var n = t.totalNum();
        long coeff = terms.literal(n.coeff);
        TotalNum num;
        if (n.ident() == null) {
            num = new TotalNum.NumElems(coeff);
        } else {
            long denom = n.denom == null ? 1 : terms.literal(n.denom);
            if (coeff == 0) throw terms.error(n.coeff, "the coefficient of a strided total must be positive");
            if (denom == 0) throw terms.error(n.denom, "division by zero in total(...)");
            num = new TotalNum.StridedVar(coeff, new Dim.Var(terms.dimName(n.ident())), denom);
        }
        return new Constraint.Total(terms.rows(t.rowList()), num, terms.dims(n.dimList()), span);
    }

    private Constraint sizeIn(ShcParser.SizeInContext r, Span span) {
        long lo = terms.signed(r.signedInt(0));
        long hi = terms.signed(r.signedInt(1));
        if (lo > hi) throw terms.error(r.signedInt(0), "empty range " + lo + ".." + hi + ": write the smaller bound first");
        return new Constraint.SizeIn(sum(r.sizeSum()), lo, hi, span);
    }

    private static Rel rel(ShcParser.RelContext r) {
        String s = r.getText();
        for (Rel rel : Rel.values()) if (rel.symbol.equals(s)) return rel;
        throw new IllegalStateException("unknown relation " + s);
    }

    SizeExpr sum(ShcParser.SizeSumContext c) {
        SizeExpr acc = term(c.sizeTerm(0));
        for (int i = 0; i < c.addOp().size(); i++) {
            SizeExpr right = term(c.sizeTerm(i + 1));
            acc = c.addOp(i).getText().equals("+") ? new SizeExpr.Add(acc, right) : new SizeExpr.Sub(acc, right);
        }
        return acc;
    }

    private SizeExpr term(ShcParser.SizeTermContext c) {
        SizeExpr acc = factor(c.sizeFactor());
        for (var m : c.sizeMul()) {
            if (m.sizeFactor() != null) {
                acc = new SizeExpr.Mul(acc, factor(m.sizeFactor()));
            } else {
                long k = terms.literal(m.INT().getSymbol());
                if (k < 1) throw terms.error(m.INT().getSymbol(), "the modulus of '%' must be at least 1");
                acc = new SizeExpr.Mod(acc, k);
            }
        }
        return acc;
    }

    private SizeExpr factor(ShcParser.SizeFactorContext c) {
        return switch (c) {
            case ShcParser.SizeLitContext l -> new SizeExpr.Lit(terms.signed(l.signedInt()));
            case ShcParser.SizeParenContext p -> sum(p.sizeSum());
            case ShcParser.SizeOfContext s -> {
                if (s.row() != null)
                    throw terms.error(s.row(), "size(...) takes a dimension, not a row: use total(...) for"
                            + " the number of elements of a row");
                yield new SizeExpr.Size(terms.dim(s.dim()));
            }
            default -> throw new IllegalStateException("unknown size alternative " + c.getClass());
        };
    }
}
