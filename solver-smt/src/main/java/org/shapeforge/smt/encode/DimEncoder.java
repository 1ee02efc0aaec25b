package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntSort;
import java.util.ArrayList;
import java.util.List;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;

/**
 * Dimension terms to symbolic ground dimensions. Concat and Affine sizes come from
 * {@link Sizes#affineInput} over {@link Z3Arith} (the one statement of the formula) and sums;
 * their basis follows {@link Sizes#combineBases}: a single non-default basis wins, two distinct
 * non-default bases are a conflict. A computed size 1 with the default basis is the unit
 * ({@link Sizes#ofSize}). Definedness conditions (no basis conflict, no negative computed size)
 * are collected in {@code side}: a constraint holds only where its terms are defined, as the
 * evaluator judges undefined terms as not holding.
 */
public final class DimEncoder {
    private final Context ctx;
    private final Vars vars;
    private final BasisCodes bases;
    private final Z3Arith arith;

    public DimEncoder(Context ctx, Vars vars, BasisCodes bases) {
        this.ctx = ctx;
        this.vars = vars;
        this.bases = bases;
        this.arith = new Z3Arith(ctx);
    }

    /** The encoding of {@code d}; definedness conditions are appended to {@code side}. */
    public DimE encode(Dim d, List<BoolExpr> side) {
        return switch (d) {
            case Dim.Unit u -> DimE.unit(ctx);
            case Dim.Atom(long n, String b) -> new DimE(ctx.mkFalse(), ctx.mkInt(n), ctx.mkInt(bases.code(b)));
            case Dim.Var(String name, _) -> vars.dim(name);
            case Dim.Concat(List<Dim> parts) -> {
                List<DimE> es = new ArrayList<>();
                for (Dim p : parts) es.add(encode(p, side));
                List<ArithExpr<IntSort>> sizes = new ArrayList<>();
                for (DimE e : es) sizes.add(e.size());
                @SuppressWarnings("unchecked")
                ArithExpr<IntSort> sum = ctx.mkAdd(sizes.toArray(ArithExpr[]::new));
                yield computed(sum, combinedBasis(parts, es, side), side);
            }
            case Dim.Affine a -> {
                List<Dim> terms = Sizes.affineParts(a);
                List<DimE> parts = new ArrayList<>();
                for (Dim p : terms) parts.add(encode(p, side));
                ArithExpr<IntSort> k = parts.size() > 1 ? parts.get(1).size() : ctx.mkInt(1);
                ArithExpr<IntSort> size = Sizes.affineInput(a, parts.get(0).size(), k, arith);
                yield computed(size, combinedBasis(terms, parts, side), side);
            }
        };
    }

    /** {@link Sizes#ofSize}: size 1 with the default basis is the unit; sizes are never negative. */
    private DimE computed(ArithExpr<IntSort> size, ArithExpr<IntSort> basis, List<BoolExpr> side) {
        side.add(ctx.mkLe(ctx.mkInt(0), size));
        BoolExpr unit = ctx.mkAnd(ctx.mkEq(size, ctx.mkInt(1)), ctx.mkEq(basis, ctx.mkInt(0)));
        return new DimE(unit, size, basis);
    }

    /**
     * {@link Sizes#combineBases} in size linear in the number of parts: every non-default basis
     * must equal the combined one (which is pairwise agreement), and the combined basis is a
     * non-default part's basis, or 0 when there is none. Literal bases are combined here (two
     * distinct ones: the term is undefined); a literal one, if any, is the combined basis.
     * Otherwise the combined basis is a fresh constant {@code B} with {@code B = 0 ∨ ⋁ bᵢ = B}
     * besides the agreement {@code bᵢ = 0 ∨ bᵢ = B}: flat clauses, where a term choosing the first
     * non-default basis (an if-then-else tree) left Z3 minutes on a 5,000-part concat (issue 13).
     * The constant is an auxiliary ({@link Vars#auxiliary}), not a user variable.
     */
    @SuppressWarnings("unchecked")
    private ArithExpr<IntSort> combinedBasis(List<Dim> terms, List<DimE> parts, List<BoolExpr> side) {
        var zero = ctx.mkInt(0);
        Integer literal = null;
        List<ArithExpr<IntSort>> symbolic = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            switch (terms.get(i)) {
                case Dim.Unit u -> {}
                case Dim.Atom(long n, String b) -> {
                    int code = bases.code(b);
                    if (code == 0) continue;
                    if (literal == null) literal = code;
                    else if (literal != code) side.add(ctx.mkFalse());
                }
                default -> symbolic.add(parts.get(i).basis());
            }
        }
        if (literal == null && symbolic.isEmpty()) return zero;
        if (literal == null && symbolic.size() == 1) return symbolic.getFirst();
        ArithExpr<IntSort> out;
        if (literal != null) out = ctx.mkInt(literal);
        else {
            out = vars.auxiliary("basis");
            List<BoolExpr> chosen = new ArrayList<>();
            chosen.add(ctx.mkEq(out, zero));
            for (var b : symbolic) chosen.add(ctx.mkEq(b, out));
            side.add(ctx.mkOr(chosen.toArray(BoolExpr[]::new)));
        }
        for (var b : symbolic) side.add(ctx.mkOr(ctx.mkEq(b, zero), ctx.mkEq(b, out)));
        return out;
    }
}
