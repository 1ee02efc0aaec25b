package org.shapeforge.smt.encode;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Claim;

/**
 * The encoding of a constraint list under one semantics with {@code K} slots per row variable.
 * Each constraint becomes a {@link Guarded} formula; {@link #domain()} holds the variables'
 * domain constraints and {@link #rankBound()} the bound {@code n ≤ K} on every row variable.
 *
 * <p>Two readings share the formulas. Bounded: domain ∧ rankBound ∧ ⋀ relaxed(c) — every row fits
 * the unrolling, so each {@code relaxed(c)} is exactly {@code c}; its models are solutions, and
 * its unsatisfiability means "no solution of rank ≤ K". Relaxed: domain ∧ ⋀ relaxed(c) without
 * the bound — every solution of any rank satisfies it (constraints on rows that do not fit are
 * dropped), so its unsatisfiability means "no solution at all".
 */
public final class Encoding {
    private final Context ctx;
    private final Vars vars;
    private final BasisCodes bases;
    private final ConstraintEncoder encoder;
    private final ClaimEncoder claims;
    private final int rankBound;

    public Encoding(Context ctx, Semantics semantics, int rankBound, Set<String> discardable) {
        if (rankBound < 0) throw new IllegalArgumentException("rank bound must be >= 0");
        this.ctx = ctx;
        this.rankBound = rankBound;
        this.bases = new BasisCodes();
        this.vars = new Vars(ctx, rankBound, discardable);
        this.encoder = new ConstraintEncoder(ctx, vars, bases, semantics);
        this.claims = new ClaimEncoder(ctx, vars, encoder);
    }

    public Guarded encode(Constraint c) {
        return encoder.encode(c);
    }

    /** Claim {@code c} as a formula over the same constants ({@link ClaimEncoder}). */
    public BoolExpr claim(Claim c) {
        return claims.encode(c);
    }

    public List<Guarded> encodeAll(List<Constraint> cs) {
        List<Guarded> out = new ArrayList<>();
        for (Constraint c : cs) out.add(encode(c));
        return out;
    }

    /** Domain constraints of every variable met so far (call after encoding). */
    public BoolExpr domain() {
        return Bools.and(ctx, vars.domain());
    }

    /** {@code n ≤ K} for every row variable met so far (call after encoding). */
    public BoolExpr rankBound() {
        return Bools.and(ctx, vars.rankBound());
    }

    public int k() {
        return rankBound;
    }

    public boolean hasRowVars() {
        return !vars.rows().isEmpty();
    }

    public Vars vars() {
        return vars;
    }

    public BasisCodes bases() {
        return bases;
    }
}
