package org.shapeforge.onnx;

import java.util.List;

/**
 * The shape logic of one ONNX op: given the node (inputs with their dimension terms, attributes)
 * it emits the constraints relating input and output axes and returns the output tensors, one
 * per node output. Ranks are decided here (they follow from the inputs' ranks and the
 * attributes); sizes are left to the solver.
 */
@FunctionalInterface
interface OpLogic {
    List<Tensor> apply(Node n, Emitter e);
}
