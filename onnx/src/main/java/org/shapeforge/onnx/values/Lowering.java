package org.shapeforge.onnx.values;

import java.util.List;
import java.util.Objects;

/**
 * How one registered ONNX op computes its values through generated C (the value half of the op
 * registry, {@code org.shapeforge.onnx.OpRegistry}): a lowering to loop-IR operations, or the
 * reason there is none. A run refuses a model with an op that is {@link NotLowered} before anything
 * is compiled ({@link GraphRun#execute}); a lowering may still refuse one node's attributes
 * ({@link NotExpressible}).
 */
public sealed interface Lowering {

    /** The op's node → its output values (one per node output it computes). */
    @FunctionalInterface
    interface Fn {
        List<Value> lower(LoweringCall call);
    }

    /** The op lowers through {@code fn}. */
    record Lowered(Fn fn) implements Lowering {
        public Lowered {
            Objects.requireNonNull(fn);
        }
    }

    /** The op has no lowering, for {@code reason} (what makes it hard or what is missing; never blank). */
    record NotLowered(String reason) implements Lowering {
        public NotLowered {
            if (reason == null || reason.isBlank()) throw new IllegalArgumentException("a NotLowered op states why");
        }
    }

    /** Shorthand for {@code new NotLowered(reason)}. */
    static Lowering none(String reason) {
        return new NotLowered(reason);
    }
}
