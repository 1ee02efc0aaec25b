package org.shapeforge.term.sym;

/** Symbolic size arithmetic left the 64-bit range: the answer would be a wrong number, so none is given. */
public final class SymOverflow extends ArithmeticException {
    public SymOverflow(String what) {
        super("symbolic size overflow: " + what);
    }
}
