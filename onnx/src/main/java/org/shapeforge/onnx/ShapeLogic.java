package org.shapeforge.onnx;

import java.util.List;
import java.util.Map;

/**
 * How import shapes one registered op: from the node alone ({@link Local}, every op but control
 * flow), or with the enclosing graph's values in scope ({@link Scoped}: If, Loop and Scan import
 * their subgraphs into the same constraints, reading outer values).
 */
sealed interface ShapeLogic {

    /** The op's shape logic reads only its node. */
    record Local(OpLogic logic) implements ShapeLogic {}

    /** The op's shape logic also reads the enclosing values ({@code scope}: value name → tensor). */
    record Scoped(ScopedLogic logic) implements ShapeLogic {}

    /** A shape logic with the enclosing values: as {@link OpLogic}, plus {@code scope}. */
    @FunctionalInterface
    interface ScopedLogic {
        List<Tensor> apply(Node n, Emitter e, Map<String, Tensor> scope);
    }
}
