package org.shapeforge.solve.close;

import java.util.List;
import java.util.function.Supplier;
import org.shapeforge.solve.rules.Contradiction;
import org.shapeforge.solve.rules.Engine;
import org.shapeforge.solver.ClosingPolicy;

/**
 * Closing as passes (Def. 6.1 refined by the stage table; Halide's {@code s = pass(s)}): the stages
 * of {@code .PIPELINE} run once each, in order, over the engine's configuration. Each commits
 * values as equalities and re-solves to a fixpoint after every commitment (fixpoint-before-commit,
 * Remark 6.3), so a later commitment always sees the bounds the earlier ones forwarded. Every
 * commitment is a policy step; in complete mode each is a choice point (Remark 6.7(ii)). Adding a
 * stage is a {@link Pass} class, its {@link Stage} constant and its line here.
 */
public final class Closing {
    /** Stages 3–7 in order; stage 1 is the engine's own run ({@link Stage#SOLVE}). One line per stage. */
    static final List<Supplier<Pass>> PIPELINE = List.of(
            LeafRowsStage::new, // 3
            LeafDimsStage::new, // 4
            SizeStage::new, // 5, first half
            LeafGuessStage::new, // 5, second half
            RowsStage::new, // 6
            DimsStage::new); // 7

    private final Engine en;
    private final Closer cx;

    /** Closing by {@code policy}: the notes' Def. 6.1, or OCANNL's stages where they differ ({@link TotalOneRows}, {@link RowEnvLub}). */
    public Closing(Engine en, Provenance prov, boolean complete, ClosingPolicy policy) {
        this.en = en;
        this.cx = new Closer(en, prov, complete, policy);
    }

    /** The stages of the pipeline, in order (what the stage table of docs/solver.md lists after stage 1). */
    public static List<Stage> stages() {
        return PIPELINE.stream().map(p -> p.get().stage()).toList();
    }

    /** Runs stages 3–7; throws {@link Contradiction} on a failed re-solve or a hidden dimension. */
    public void run() {
        for (Supplier<Pass> p : PIPELINE) p.get().run(cx);
    }

    /**
     * As {@link #run()}, appending each stage's {@link StageTrace} to {@code trace} as it ends — the
     * stage a failure ends too, marked not completed — so that a caller sees how far closing got.
     */
    public void run(List<StageTrace> trace) {
        for (Supplier<Pass> make : PIPELINE) {
            Pass p = make.get();
            Snapshot before = Snapshot.of(en.view(), en.steps(), cx.commitments(), cx.resolves());
            boolean completed = false;
            try {
                p.run(cx);
                completed = true;
            } finally {
                trace.add(before.trace(p.stage(), en.view(), en.steps(), cx.commitments(), cx.resolves(), completed));
            }
        }
    }
}
