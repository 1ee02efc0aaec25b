package org.shapeforge.program;

/**
 * The shape logic that generated an operation's constraints ({@code programs.md}, "Statements"),
 * recorded by {@link ShapeLogic} on each {@link Generated.OpNode} and each {@link Origin} (so a
 * diagnosis picks its hint without reading the operation's English name). Informational for
 * projections (the constraints carry all the meaning); code generation picks a lowering by it.
 */
public enum OpKind {
    TERMINAL, POINTWISE, COMPOSE, TRANSPOSE, PERMUTE, EINSUM, BLOCK, STACK, SLICE, ASSIGN, OTHER
}
