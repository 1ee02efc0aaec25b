package org.shapeforge.semantics;

/**
 * The truth value of a constraint under a ground assignment: it holds, it fails, or it has no
 * value ({@link #UNDEFINED}: a variable is unassigned, a basis conflict, a value of the wrong
 * sort, arithmetic overflow).
 */
public enum Truth {
    HOLDS,
    FAILS,
    UNDEFINED
}
