package org.shapeforge.codegen.ir;

import java.util.Objects;

/**
 * What an accumulating {@link Operation} does to each result cell once its reduction is complete
 * (issue 29: a contraction's bias add, activation, residual add, fused into the kernel that computes
 * it): {@code out[lhs] = expr}, evaluated once per cell the left-hand side addresses, after every
 * point of the product space has been folded in. In {@code expr} a read of the left-hand side
 * tensor — at the left-hand side's own access — is the finished cell; every other read is indexed
 * like the left-hand side (it mentions no reduction iterator), so it is one value per cell.
 *
 * <p>{@link Operation}'s constructor checks what makes "once per cell" well defined: the update
 * accumulates into a neutral-initialized left-hand side, the space has no Concat factor, and the
 * left-hand side separates every non-reduction iterator (distinct cells for distinct points).
 */
public record Epilogue(Expr expr) {
    public Epilogue {
        Objects.requireNonNull(expr, "expr");
    }
}
