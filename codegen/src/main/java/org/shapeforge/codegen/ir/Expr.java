package org.shapeforge.codegen.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * The scalar computation of an operation's right-hand side, evaluated at each point of the
 * product space.
 *
 * <p><b>Absence</b> (Concat components): in a block of a Concat factor, a {@link Read} whose access
 * mentions an inactive part is absent. Absence propagates through {@link Unary}; a {@link Binary}
 * or {@link Fma} with an absent operand yields its present operands combined as if the absent ones
 * were the operation's identity (a binary operation with one absent side is its other side; an
 * FMA with an absent product is its addend); an absent right-hand side skips the update at that
 * point. Without Concat factors nothing is ever absent. This is what makes {@code a ^ b => c} with
 * any binary operation a concatenation.
 */
public sealed interface Expr {

    /** A read of one tensor access. */
    record Read(Access access) implements Expr {}

    /** A literal. */
    record Const(double value) implements Expr {}

    record Unary(UnOp op, Expr arg) implements Expr {}

    record Binary(BinOp op, Expr left, Expr right) implements Expr {}

    /** {@code a·b + c}. */
    record Fma(Expr a, Expr b, Expr c) implements Expr {}

    static Expr read(String tensor, Index... index) {
        return new Read(new Access(tensor, List.of(index)));
    }

    /** Every access read by this expression, left to right. */
    default List<Access> reads() {
        List<Access> out = new ArrayList<>();
        collect(this, out);
        return out;
    }

    private static void collect(Expr e, List<Access> out) {
        switch (e) {
            case Read(Access a) -> out.add(a);
            case Const c -> { }
            case Unary(UnOp op, Expr arg) -> collect(arg, out);
            case Binary(BinOp op, Expr l, Expr r) -> { collect(l, out); collect(r, out); }
            case Fma(Expr a, Expr b, Expr c) -> { collect(a, out); collect(b, out); collect(c, out); }
        }
    }
}
