package org.shapeforge.onnx.values.plan;

import java.util.Optional;

/**
 * How a {@link CompiledModel} runs inputs of the dims it was compiled for: every kernel replayed
 * natively, a native segment and an interpreted remainder ({@link SegmentedPlan}), or the whole
 * model interpreted at every run.
 */
public sealed interface Mode {

    /** Every run replays the recorded kernels; nothing is interpreted. */
    record Native() implements Mode {}

    /** {@code interpreted} of the model graph's {@code nodes} nodes run through the interpreter at every run, the first for {@code first}. */
    record Partial(int interpreted, int nodes, Unplannable first) implements Mode {
        public Partial {
            if (interpreted < 1 || interpreted > nodes) throw new IllegalArgumentException(interpreted + " of " + nodes + " nodes interpreted");
        }
    }

    /** The whole model is interpreted at every run, for {@code why}. */
    record Interpreted(Unplannable why) implements Mode {}

    /** Why anything is interpreted, in words, for people; empty for {@link Native}. */
    default Optional<String> render() {
        return switch (this) {
            case Native n -> Optional.empty();
            case Partial(int interpreted, int nodes, Unplannable first) -> Optional.of(
                    "partial: " + interpreted + " of " + nodes + " nodes interpreted at every run, from " + first.render());
            case Interpreted(Unplannable why) -> Optional.of(why.render());
        };
    }
}
