package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntSort;
import java.util.ArrayList;
import java.util.List;
import org.shapeforge.solver.Claim;
import org.shapeforge.term.sym.SymAtom;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * {@link Claim}s to formulas over the constants of the constraints' encoding: a name of a
 * {@link SymSize} is the size constant of the dimension variable of that name ({@link Vars#dim}),
 * {@code floor(p / k)} and {@code p mod k} (k ≥ 2) are Z3's {@code div} and {@code mod}, which for a
 * positive divisor are the floor quotient and the non-negative remainder, as {@link SymSize#eval}.
 * A size or choice claim is read where its dimension terms are defined (their definedness
 * conditions imply it): the equation's negation then needs a defined term, and the auxiliary constants a
 * definedness condition may introduce are never chosen to falsify it. A constraint claim is its
 * {@link Guarded#relaxed} formula, exact under the exported scripts' rank bound.
 */
final class ClaimEncoder {
    private final Context ctx;
    private final Vars vars;
    private final ConstraintEncoder constraints;

    ClaimEncoder(Context ctx, Vars vars, ConstraintEncoder constraints) {
        this.ctx = ctx;
        this.vars = vars;
        this.constraints = constraints;
    }

    BoolExpr encode(Claim c) {
        return switch (c) {
            case Claim.Holds(var constraint, var note) -> constraints.encode(constraint).relaxed(ctx);
            case Claim.SizeIs(var dim, SymSize size, var note) -> {
                List<BoolExpr> side = new ArrayList<>();
                ArithExpr<IntSort> left = constraints.dims().encode(dim, side).size();
                BoolExpr eq = ctx.mkEq(left, size(size));
                yield side.isEmpty() ? eq : ctx.mkImplies(ctx.mkAnd(side.toArray(BoolExpr[]::new)), eq);
            }
            case Claim.OneOf(var dim, var options, var note) -> {
                List<BoolExpr> side = new ArrayList<>();
                DimE d = constraints.dims().encode(dim, side);
                BoolExpr[] eqs = options.stream().map(o -> d.eq(ctx, constraints.dims().encode(o, side))).toArray(BoolExpr[]::new);
                BoolExpr any = eqs.length == 1 ? eqs[0] : ctx.mkOr(eqs);
                yield side.isEmpty() ? any : ctx.mkImplies(ctx.mkAnd(side.toArray(BoolExpr[]::new)), any);
            }
            case Claim.Condition(SymCondition cond, var note) -> {
                ArithExpr<IntSort> a = size(cond.left()), b = size(cond.right());
                yield switch (cond.rel()) {
                    case EQ -> ctx.mkEq(a, b);
                    case NE -> ctx.mkNot(ctx.mkEq(a, b));
                    case LT -> ctx.mkLt(a, b);
                    case LE -> ctx.mkLe(a, b);
                    case GT -> ctx.mkGt(a, b);
                    case GE -> ctx.mkGe(a, b);
                };
            }
        };
    }

    @SuppressWarnings("unchecked")
    private ArithExpr<IntSort> size(SymSize s) {
        List<ArithExpr<IntSort>> terms = new ArrayList<>();
        s.terms().forEach((mono, coeff) -> {
            List<ArithExpr<IntSort>> factors = new ArrayList<>();
            if (coeff != 1 || mono.atoms().isEmpty()) factors.add(ctx.mkInt(coeff));
            for (SymAtom a : mono.atoms()) factors.add(atom(a));
            terms.add(factors.size() == 1 ? factors.getFirst() : ctx.mkMul(factors.toArray(ArithExpr[]::new)));
        });
        if (terms.isEmpty()) return ctx.mkInt(0);
        return terms.size() == 1 ? terms.getFirst() : ctx.mkAdd(terms.toArray(ArithExpr[]::new));
    }

    private ArithExpr<IntSort> atom(SymAtom a) {
        return switch (a) {
            case SymAtom.Name(String n) -> vars.dim(n).size();
            case SymAtom.Div(SymSize p, long k) -> ctx.mkDiv(size(p), ctx.mkInt(k));
            case SymAtom.Mod(SymSize p, long k) -> ctx.mkMod(size(p), ctx.mkInt(k));
        };
    }
}
