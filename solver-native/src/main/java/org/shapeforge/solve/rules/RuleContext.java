package org.shapeforge.solve.rules;

import java.util.List;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.Subst;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * What the {@link Engine} gives a rule, and all it gives (choco's propagator API: read, emit,
 * bind, fresh, fail): the store and σ to read and to record residual facts in, a worklist to emit
 * derived facts to, bindings with their consequences (caps, watchers, rank facts), fresh
 * variables, and the policy choice points of complete mode. Failing is throwing
 * {@link Contradiction}. A rule keeps its own state in its own fields; it never sees the engine.
 */
interface RuleContext {
    /** The store: read, and record residual facts and watchers in (bindings go through {@link #bindDim}/{@link #bindRow}). */
    Store store();

    /** σ, read through binding chains. */
    Subst subst();

    /** The size propagators, for the dimension rules that hand them a compound side. */
    SizeRules sizes();

    /** Queues a derived fact. */
    void emit(Fact f, Why why);

    /** DE-bind: binds {@code v} to {@code value}; its cap, stored facts and propagators follow. */
    void bindDim(Dim.Var v, Dim value, Why why);

    /** Binds the row variable of {@code var} to {@code value}; rank facts, stored facts and propagators follow. */
    void bindRow(Row.Open var, Row value, Why why, boolean placement);

    /** Sets the atom cap lb(v) (DI-cap) of dimension variable slot {@code s}. */
    void setCap(int s, Dim.Atom a, Why why);

    Dim.Var freshDim();

    Row.Open freshRow();

    /** {@code k} fresh dimension variables. */
    List<Dim> freshDims(int k);

    /** The branch taken at a policy choice point with {@code n} branches (0 outside complete mode's backtracking). */
    int choose(int n);

    /** Postpones a placement until the semantic fixpoint; false when it may be made now. */
    boolean postponePlacement(Fact f, Why why);

    /** Whether semantic facts are waiting to be processed. */
    boolean hasWork();

    /** Records the rank facts of {@code lo ⊑ up} (Def. 4.5) met by a rule after substitution. */
    void inequalityRankFacts(Row.Open lo, Row.Open up, Why why);

    /** Whether a planted rule mutation is on (tests of the tests only). */
    boolean mutated(Mutation m);
}
