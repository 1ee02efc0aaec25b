package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.solve.close.Closing;
import org.shapeforge.solve.close.Provenance;
import org.shapeforge.solve.close.Snapshot;
import org.shapeforge.solve.close.Stage;
import org.shapeforge.solve.close.StageTrace;
import org.shapeforge.solve.rules.Contradiction;
import org.shapeforge.solve.rules.Engine;
import org.shapeforge.solve.rules.Mutation;
import org.shapeforge.solve.rules.SizeClass;
import org.shapeforge.solve.rules.Unsupported;
import org.shapeforge.solve.search.Choices;
import org.shapeforge.solver.ClosingPolicy;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** One deterministic run along one branch script: stage 1, then (optionally) closing. */
final class Attempt {
    sealed interface Result {
        long steps();
    }

    record Done(Engine engine, SolvedForm solved, Assignment model, List<String> notes, long steps) implements Result {}

    record Failed(Contradiction why, long steps) implements Result {}

    record OutOfBudget(String reason, long steps) implements Result {}

    private Attempt() {}

    /** Growth guard: ten times the explicit axes of the input, at least 256. */
    static int maxRank(Input in) {
        long axes = 0;
        for (int i = in.core().nextSetBit(0); i >= 0; i = in.core().nextSetBit(i + 1))
            switch (in.constraints().get(i)) {
                case Constraint.RowEq(var l, var r, var s) -> axes += l.knownRank() + r.knownRank();
                case Constraint.RowLe(var l, var r, var s) -> axes += l.knownRank() + r.knownRank();
                default -> {}
            }
        return (int) Math.min(1 << 20, Math.max(256, 10 * axes));
    }

    /**
     * One run. With {@code allSources} off derivations keep only their first source and policy
     * flag ({@link Engine#derivations}): the run decides exactly the same, but a failure names only
     * its first constraint — replay it with all sources to explain it.
     */
    static Result run(Input in, Provenance prov, Choices choices, boolean complete, boolean close, long maxSteps,
            Set<Mutation> mutations, boolean allSources) {
        return run(in, prov, choices, complete, ClosingPolicy.NOTES, close, maxSteps, mutations, allSources, null);
    }

    /**
     * One run, closing by {@code policy} (issue 28: the notes' Def. 6.1 or OCANNL's stages), recording
     * each stage's {@link StageTrace} (stage 1 included) in {@code trace} (cleared first) unless null.
     */
    static Result run(Input in, Provenance prov, Choices choices, boolean complete, ClosingPolicy policy, boolean close,
            long maxSteps, Set<Mutation> mutations, boolean allSources, List<StageTrace> trace) {
        if (trace != null) trace.clear();
        Engine en = new Engine(choices, maxSteps, maxRank(in), in.dimTerms(), in.rowTerms());
        en.derivations(!allSources, in.constraints().size());
        en.mutations(mutations);
        en.declare(prov.discardable(), prov.dynamic());
        en.spans(i -> in.constraints().get(i).span());
        for (int i = 0; i < in.constraints().size(); i++)
            if (!in.core().get(i) && SizeClass.of(in.constraints().get(i)).sized()) en.addSized(in.constraints().get(i), en.source(i));
        en.input(in.constraints().size(), in::fact); // first in the worklist, in input order
        try {
            if (trace == null) en.run();
            else solveTraced(en, trace);
            SolvedForm sf = Report.solvedForm(en, in);
            List<String> notes = new ArrayList<>();
            Assignment model = null;
            if (close) {
                if (trace == null) new Closing(en, prov, complete, policy).run();
                else new Closing(en, prov, complete, policy).run(trace);
                en.finishSizes();
                en.retireRankFacts(); // no step runs after closing: the model is read off the store alone
                Map<String, Dim> symbolic = new LinkedHashMap<>();
                Map<String, Row> symbolicRows = new LinkedHashMap<>();
                model = Report.model(en, in, notes, symbolic, symbolicRows);
                if (!symbolic.isEmpty() || !symbolicRows.isEmpty()) sf = sf.withClosedSymbolic(symbolic, symbolicRows);
                var sizes = Report.symbolicSizes(en, in);
                if (!sizes.isEmpty()) sf = sf.withSymbolicSizes(sizes);
            }
            return new Done(en, sf, model, notes, en.steps());
        } catch (Contradiction c) {
            return new Failed(c, en.steps());
        } catch (Unsupported u) {
            return new OutOfBudget(u.getMessage(), en.steps());
        } catch (Engine.BudgetExhausted b) {
            return new OutOfBudget(b.getMessage(), en.steps());
        }
    }

    /** Stage 1, its trace recorded (a failure's too, marked not completed). */
    private static void solveTraced(Engine en, List<StageTrace> trace) {
        Snapshot before = Snapshot.of(en.view(), en.steps(), 0, 0);
        boolean completed = false;
        try {
            en.run();
            completed = true;
        } finally {
            trace.add(before.trace(Stage.SOLVE, en.view(), en.steps(), 0, 1, completed));
        }
    }
}
