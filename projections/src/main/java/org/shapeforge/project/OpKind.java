package org.shapeforge.project;

/**
 * The shape logic that generated an operation's constraints ({@code programs.md}, "Statements").
 * Informational for projections (the constraints carry all the meaning); code generation may use
 * it to pick a lowering.
 */
public enum OpKind {
    TERMINAL, POINTWISE, COMPOSE, TRANSPOSE, PERMUTE, EINSUM, BLOCK, STACK, SLICE, ASSIGN, OTHER
}
