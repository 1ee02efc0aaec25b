package org.shapeforge.onnx.values;

import java.util.List;
import java.util.Optional;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;

/**
 * What the nodes after a contraction make of its finished result cells (issue 29), handed to the
 * contraction's lowering (Conv, MatMul, Gemm) to become its kernel's
 * {@link org.shapeforge.codegen.ir.Epilogue}: given the kernel under construction, the value of a
 * finished cell ({@code cell}: the contraction's own result there, its bias or Gemm's {@code β·C}
 * included), the result's left-hand side index and dims, the value the following nodes compute
 * from it — reads of other values bound into {@code b} and indexed like {@code lhs} — or empty
 * where they cannot be fused there (the lowering then returns the contraction's own result).
 */
@FunctionalInterface
interface Tail {
    Optional<Expr> finish(Kernel b, Expr cell, List<Index> lhs, List<Integer> dims, int type);

    /** No following nodes: the contraction's own result. */
    Tail NONE = (b, cell, lhs, dims, type) -> Optional.empty();
}
