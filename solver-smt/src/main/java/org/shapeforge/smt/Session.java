package org.shapeforge.smt;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.smt.encode.Encoding;
import org.shapeforge.smt.encode.Guarded;

/**
 * One Z3 solver over one encoding, in one {@link Context} (a thread's, closed by the caller).
 * Each input constraint is tracked by a literal {@code c_i} (assumption-based unsat cores); the
 * rank bound by the literal {@code bound}, so one solver answers both the bounded and the
 * relaxed question ({@link Encoding}). An optional negated constraint turns it into an
 * entailment query.
 */
final class Session {
    final Context ctx;
    final Solver solver;
    final Encoding encoding;
    final List<Constraint> constraints;
    final List<BoolExpr> literals = new ArrayList<>();
    final BoolExpr bound;
    final Optional<BoolExpr> negated;
    int checks;
    private Set<String> lastCore = Set.of();

    /**
     * {@code large}: the input has more than {@link InputSize#LARGE} term nodes, and Z3 runs its legacy
     * simplex ({@code arith.solver=2}), which on wide sums and many basis equalities is an order of
     * magnitude faster than the default (a 5,000-part concat 8.9 s → 1.2 s, issue 13); small inputs keep
     * the default configuration. The configuration changes speed only, never the verdict's meaning.
     */
    Session(Context ctx, Problem p, Optional<Constraint> negate, Semantics s, int k, long timeoutMs, boolean large) {
        this.ctx = ctx;
        this.constraints = p.constraints();
        this.encoding = new Encoding(ctx, s, k, discardable(p));
        this.solver = ctx.mkSolver();
        Params params = ctx.mkParams();
        params.add("timeout", (int) Math.min(Integer.MAX_VALUE, timeoutMs));
        params.add("core.minimize", true);
        if (large) params.add("arith.solver", 2);
        solver.setParameters(params);
        List<Guarded> gs = encoding.encodeAll(constraints);
        for (int i = 0; i < gs.size(); i++) {
            BoolExpr lit = ctx.mkBoolConst("c_" + i);
            literals.add(lit);
            solver.add(ctx.mkImplies(lit, gs.get(i).relaxed(ctx)));
        }
        this.negated = negate.map(c -> {
            BoolExpr lit = ctx.mkBoolConst("negated");
            solver.add(ctx.mkImplies(lit, encoding.encode(c).relaxedNegation(ctx)));
            return lit;
        });
        this.bound = ctx.mkBoolConst("bound");
        solver.add(encoding.domain());
        solver.add(ctx.mkImplies(bound, encoding.rankBound()));
    }

    /** Checks with every constraint, the negated one if any, and the rank bound when {@code bounded}. */
    Status check(boolean bounded) {
        List<BoolExpr> as = new ArrayList<>(literals);
        negated.ifPresent(as::add);
        if (bounded) as.add(bound);
        checks++;
        Status st = solver.check(as.toArray(BoolExpr[]::new));
        lastCore = new HashSet<>();
        // Read the core once: Z3 answers a second getUnsatCore() after the same check with an empty one.
        if (st == Status.UNSATISFIABLE) for (BoolExpr b : solver.getUnsatCore()) lastCore.add(b.toString());
        return st;
    }

    /** The indices of the input constraints in the last unsat core (indices into the problem's constraints). */
    BitSet coreIndices() {
        BitSet out = new BitSet(literals.size());
        for (int i = 0; i < literals.size(); i++) if (lastCore.contains(literals.get(i).toString())) out.set(i);
        return out;
    }

    /** Whether the last unsat core used the rank bound. */
    boolean coreUsesBound() {
        return lastCore.contains(bound.toString());
    }

    /** Variables declared {@code discardable} ({@code <r>} for row variables): their sizes may be 0. */
    static Set<String> discardable(Problem p) {
        Set<String> out = new HashSet<>();
        for (Declaration d : p.declarations())
            if (d.kind() == Declaration.Provenance.DISCARDABLE)
                for (var v : d.vars()) out.add(v.row() ? "<" + v.name() + ">" : v.name());
        return out;
    }
}
