package org.shapeforge.reason;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.shapeforge.collect.Lazy;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * A reasoning service over dynamic dims (ONNX's proposed pluggable one): relations are
 * {@link SymCondition}s over {@link SymSize}s — names of dims (each a size, {@code >= 1}), integer
 * constants, {@code +}, {@code −}, products, floor division and remainder by constants, compared by
 * {@code == != < <= > >=}. {@link #assume} and {@link #unify} record relations,
 * {@link #prove} answers {@link Verdict#TRUE}, {@link Verdict#FALSE}, {@link Verdict#UNKNOWN} or
 * {@link Verdict#CONTRADICTION}, {@link #simplify} rewrites an expression by the recorded
 * equalities, {@link #checkpoint} and {@link #rollback} nest hypotheses.
 *
 * <p>Native first: the term algebra of {@link SymSize} (normal forms, interval bounds), then the
 * provers in the order given — {@code Backend.reasoner()} in the oracle gives the native solver,
 * then Z3 for what native leaves unknown — each asked whether the assumptions with the relation,
 * or with its negation, have a solution ({@link Chain}). A verdict says who reached it and whether
 * that was a fallback ({@link Proof}). Sound by construction: TRUE and FALSE need a proof of
 * unsatisfiability from a prover or the term algebra, every model is re-checked exactly, and what no
 * engine decides is UNKNOWN, never FALSE.
 *
 * <p>An immutable value: {@code assume}, {@code checkpoint} and {@code rollback} return a new
 * reasoner over a persistent stack ({@link Frame}), the old one unchanged and still usable.
 * Whether the assumptions are consistent is computed once per reasoner, when first needed.
 * Answers depend on the set of assumptions, not on their order or on the spelling of names.
 */
public final class Reasoner {
    private final Chain chain;
    private final Frame top;
    private final Lazy<Satisfiability> consistent;

    private Reasoner(Chain chain, Frame top) {
        this.chain = chain;
        this.top = top;
        List<SymCondition> as = top.assumptions();
        this.consistent = Lazy.of(() -> chain.check(as));
    }

    /** A reasoner without assumptions asking {@code provers} in order (first the native solver, then fallbacks), 2 s each. */
    public static Reasoner over(List<ShapeSolver> provers) {
        return new Reasoner(new Chain(provers, SolveOptions.defaults().withTimeoutMs(2_000)), Frame.BOTTOM);
    }

    /** A reasoner with the term algebra alone: no solver, so more is {@link Verdict#UNKNOWN}. */
    public static Reasoner termsOnly() {
        return over(List.of());
    }

    /** The same assumptions, each prover's query bounded by {@code ms} milliseconds (0: unbounded). */
    public Reasoner withTimeoutMs(long ms) {
        return new Reasoner(new Chain(chain.provers(), chain.options().withTimeoutMs(ms)), top);
    }

    /** This reasoner with {@code relation} assumed (a contradicting one is recorded too: {@link #prove} then answers CONTRADICTION). */
    public Reasoner assume(SymCondition relation) {
        return new Reasoner(chain, new Frame.Assumed(relation, top));
    }

    /** {@code assume(new SymCondition(left, rel, right))}. */
    public Reasoner assume(SymSize left, Rel rel, SymSize right) {
        return assume(new SymCondition(left, rel, right));
    }

    /**
     * {@code a = b} recorded unless already proved ({@link Verdict#TRUE}) or refuted (then
     * {@link Verdict#CONTRADICTION} and nothing recorded): {@link Unified}.
     */
    public Unified unify(SymSize a, SymSize b) {
        Proof p = prove(new SymCondition(a, Rel.EQ, b));
        return switch (p.verdict()) {
            case TRUE, CONTRADICTION -> new Unified(this, p);
            case FALSE -> new Unified(this, new Proof(Verdict.CONTRADICTION, p.decidedBy(), p.fallback(),
                    a + " and " + b + " are provably unequal: " + p.reason(), Optional.empty()));
            case UNKNOWN -> new Unified(assume(new SymCondition(a, Rel.EQ, b)), p);
        };
    }

    /** {@code prove(new SymCondition(left, rel, right))}. */
    public Proof prove(SymSize left, Rel rel, SymSize right) {
        return prove(new SymCondition(left, rel, right));
    }

    /**
     * Whether the assumptions entail {@code relation}: CONTRADICTION when they are proved
     * inconsistent; TRUE when the assumptions with the negation have no solution; FALSE when the
     * assumptions with the relation have none; else UNKNOWN — with a counterexample when a
     * binding inside the assumptions violates the relation (it is not entailed; contingent when
     * another is seen to satisfy it), without one when the provers could not tell.
     */
    public Proof prove(SymCondition relation) {
        Satisfiability base = consistent.get();
        if (base instanceof Satisfiability.Unsat(String why, String by, boolean fb))
            return new Proof(Verdict.CONTRADICTION, by, fb, "the assumptions are inconsistent: " + why, Optional.empty());
        SymCondition negation = Chain.negation(relation);
        List<SymCondition> as = top.assumptions();
        Satisfiability against = null, with = null;
        if (base instanceof Satisfiability.Sat(Map<String, Long> w, String by, boolean fb)) {
            Map<String, Long> at = new TreeMap<>(w);
            for (String n : relation.left().vars()) at.putIfAbsent(n, 1L);
            for (String n : relation.right().vars()) at.putIfAbsent(n, 1L);
            if (Chain.holds(List.of(negation), at)) against = new Satisfiability.Sat(at, by, fb);
            else if (Chain.holds(List.of(relation), at)) with = new Satisfiability.Sat(at, by, fb);
        }
        if (against == null) against = chain.check(plus(as, negation));
        if (against instanceof Satisfiability.Unsat(String why, String by, boolean fb))
            return new Proof(Verdict.TRUE, by, fb, relation + " holds wherever the assumptions do (its negation: " + why + ")", Optional.empty());
        if (with == null) with = chain.check(plus(as, relation));
        if (with instanceof Satisfiability.Unsat(String why, String by, boolean fb))
            return new Proof(Verdict.FALSE, by, fb, relation + " fails wherever the assumptions hold (" + why + ")",
                    against instanceof Satisfiability.Sat s ? Optional.of(s.binding()) : Optional.empty());
        if (against instanceof Satisfiability.Sat a && with instanceof Satisfiability.Sat s)
            return new Proof(Verdict.UNKNOWN, a.by(), a.fallback() || s.fallback(), relation + " holds at " + s.binding()
                    + " and fails at " + a.binding() + ", both inside the assumptions", Optional.of(a.binding()));
        if (against instanceof Satisfiability.Sat a) // not entailed, not refuted either
            return new Proof(Verdict.UNKNOWN, a.by(), a.fallback(), relation + " fails at " + a.binding() + " inside the assumptions;"
                    + " whether it holds anywhere is undecided: " + reason(with), Optional.of(a.binding()));
        return new Proof(Verdict.UNKNOWN, lastAsked(), false, "undecided: " + reason(against) + "; " + reason(with), Optional.empty());
    }

    /**
     * Whether the assumptions hold somewhere: TRUE with a witness found, CONTRADICTION proved
     * inconsistent, UNKNOWN neither.
     */
    public Proof consistency() {
        return switch (consistent.get()) {
            case Satisfiability.Sat(Map<String, Long> w, String by, boolean fb) -> new Proof(Verdict.TRUE, by, fb, "the assumptions hold at " + w, Optional.empty());
            case Satisfiability.Unsat(String why, String by, boolean fb) -> new Proof(Verdict.CONTRADICTION, by, fb, why, Optional.empty());
            case Satisfiability.Unknown(String why) -> new Proof(Verdict.UNKNOWN, lastAsked(), false, why, Optional.empty());
        };
    }

    /**
     * {@code e} in normal form with every name that the assumed equalities define replaced by its
     * definition ({@link Definitions}: after {@code unify(n, m * 2)}, {@code n + m} is {@code m * 3}).
     * Equal to {@code e} at every binding that satisfies the assumptions.
     */
    public SymSize simplify(SymSize e) {
        Map<String, SymSize> defs = Definitions.of(top.assumptions());
        try {
            return defs.isEmpty() ? e : e.substitute(defs);
        } catch (ArithmeticException overflow) { // SymOverflow included: the expression as it is
            return e;
        }
    }

    /** This reasoner with a checkpoint pushed: {@link #rollback} on it or on any reasoner assumed from it returns here. */
    public Reasoner checkpoint() {
        return new Reasoner(chain, new Frame.Checkpoint(top));
    }

    /** The reasoner as it was at the latest checkpoint, the assumptions since dropped; {@link IllegalStateException} without one. */
    public Reasoner rollback() {
        Frame below = top.beforeCheckpoint();
        if (below == null) throw new IllegalStateException("rollback without a checkpoint");
        return new Reasoner(chain, below);
    }

    /** The assumptions in the order made (those of {@link #unify} included). */
    public List<SymCondition> assumptions() {
        return top.assumptions();
    }

    /** How many checkpoints are open. */
    public int checkpoints() {
        return top.depth();
    }

    @Override
    public String toString() {
        return "Reasoner" + assumptions() + (checkpoints() > 0 ? " (" + checkpoints() + " checkpoints)" : "");
    }

    private static List<SymCondition> plus(List<SymCondition> as, SymCondition c) {
        List<SymCondition> out = new ArrayList<>(as);
        out.add(c);
        return out;
    }

    private String lastAsked() {
        return chain.provers().isEmpty() ? Proof.TERMS : chain.provers().getLast().name();
    }

    private static String reason(Satisfiability s) {
        return switch (s) {
            case Satisfiability.Sat sat -> "a solution at " + sat.binding();
            case Satisfiability.Unsat u -> "no solution";
            case Satisfiability.Unknown(String why) -> why;
        };
    }
}
