package org.shapeforge.onnx.values.plan;

import java.util.List;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.CKernel;

/**
 * One recorded kernel invocation a replay repeats: the compiled kernel, and for each operand (every
 * tensor of its operation but the result, in declaration order) its declaration and where its
 * numbers come from. The result is unpadded and is this step's {@link Source.Result}.
 */
record Step(String node, CKernel kernel, List<Operand> operands) {
    Step {
        operands = List.copyOf(operands);
    }

    /** An operand read as {@code decl} (its dims a row-major view of the source's numbers, maybe with margins). */
    record Operand(TensorDecl decl, Source source) {}

    /** The declaration of the result. */
    TensorDecl result() {
        return kernel.operation().tensor(kernel.operation().lhs().tensor());
    }
}
