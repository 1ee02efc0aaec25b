package org.shapeforge.solve.close;

import java.util.List;
import org.shapeforge.solve.rules.Engine;
import org.shapeforge.solve.rules.EngineView;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Why;
import org.shapeforge.solver.ClosingPolicy;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * What a closing {@link Pass} may do (issue 28): read the state ({@link #view()}, read-only), commit
 * values — every commitment a policy step, emitted as an equality and re-solved to a fixpoint
 * before the next (fixpoint-before-commit, Remark 6.3) — choose at complete mode's choice points
 * (Remark 6.7(ii)), and make fresh variables. It counts the commitments and re-solves for the
 * stage's trace.
 */
public final class Closer {
    private final Engine en;
    private final Provenance prov;
    private final boolean complete;
    private final ClosingPolicy policy;
    private int commitments, resolves;

    Closer(Engine en, Provenance prov, boolean complete, ClosingPolicy policy) {
        this.en = en;
        this.prov = prov;
        this.complete = complete;
        this.policy = policy;
    }

    /** Where the formal notes and OCANNL differ, whose closing applies ({@code --closing}; docs/solver.md). */
    public ClosingPolicy policy() {
        return policy;
    }

    /** The state, read-only. */
    public EngineView view() {
        return en.view();
    }

    /** The declarations: leaf, param, discardable, dynamic. */
    public Provenance prov() {
        return prov;
    }

    /** Whether complete mode branches at the policy choice points. */
    public boolean complete() {
        return complete;
    }

    /** Commits {@code f} (a policy step derived from {@code why}) and re-solves to a fixpoint. */
    public void commit(Fact f, Why why) {
        en.emit(f, why.asPolicy());
        commitments++;
        resolve();
    }

    /**
     * Commits {@code facts} (each with the derivation of the same index) together: all emitted,
     * then one fixpoint — values read off the store before any of them is emitted, so that none
     * depends on which came first.
     */
    public void commitTogether(List<Fact> facts, List<Why> whys) {
        for (int i = 0; i < facts.size(); i++) en.emit(facts.get(i), whys.get(i).asPolicy());
        commitments += facts.size();
        resolve();
    }

    /** The branch taken at a choice point with {@code n} branches. */
    public int choose(int n) {
        return en.choose(n);
    }

    public Row.Open freshRow() {
        return en.freshRow();
    }

    public Dim.Var freshDim() {
        return en.freshDim();
    }

    /** The engine's steps so far. */
    long steps() {
        return en.steps();
    }

    int commitments() {
        return commitments;
    }

    int resolves() {
        return resolves;
    }

    private void resolve() {
        en.run();
        resolves++;
    }
}
