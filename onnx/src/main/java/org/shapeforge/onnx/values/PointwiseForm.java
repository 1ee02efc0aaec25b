package org.shapeforge.onnx.values;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.IntPredicate;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.onnx.Attrs;

/**
 * One pointwise node as a right-hand side to compose ({@link FusedGroups}): its result dims (the
 * broadcast of its operands'), element type, and its value at a cell as a function of its inputs'
 * values there — the same expression its own lowering ({@link ElementwiseLowering},
 * {@link Activations}) runs, so a fused group computes what the nodes compute one by one, up to
 * the float rounding of intermediates the compiler may now contract. Built from operands' dims
 * and types only: an input computed inside the group has no data yet.
 *
 * @param f one expression per input slot (null for an omitted input) → the node's value
 */
record PointwiseForm(List<Integer> dims, int type, Function<List<Expr>, Expr> f) {

    /** One input of a member: dims and type, and its value when it comes from outside the group (else null). */
    record Operand(List<Integer> dims, int type, Value value) {}

    /**
     * The form of {@code op} on {@code in}, or empty where fusing could change the result or the
     * op needs data computed inside the group: too few inputs (the node's own lowering reports
     * it), operands other than FLOAT or DOUBLE (integer arithmetic truncates, a narrow float
     * rounds), or a Clip bound with no value.
     */
    static Optional<PointwiseForm> of(String op, Attrs at, List<Operand> in, IntPredicate known, long opset) {
        int needed = switch (op) { // a malformed node runs on its own, and its lowering names it
            case "Add", "Sub", "Mul", "Div", "Pow", "PRelu" -> 2;
            default -> 1;
        };
        if (in.size() < needed || in.subList(0, needed).contains(null)) return Optional.empty();
        List<Operand> present = in.stream().filter(Objects::nonNull).toList();
        if (present.isEmpty() || !present.stream().allMatch(o -> real(o.type()))) return Optional.empty();
        int type = present.getFirst().type();
        List<Integer> dims = Pointwise.broadcast(op, present.stream().map(Operand::dims).toList());
        Function<List<Expr>, Expr> f = switch (op) {
            case "Add", "Sum" -> fold(BinOp.ADD);
            case "Sub" -> fold(BinOp.SUB);
            case "Mul" -> fold(BinOp.MUL);
            case "Div" -> fold(BinOp.DIV);
            case "Max" -> fold(BinOp.MAX);
            case "Min" -> fold(BinOp.MIN);
            case "Mean" -> r -> new Expr.Binary(BinOp.MUL, fold(BinOp.ADD).apply(r), new Expr.Const(1.0 / presentCount(r)));
            case "Pow" -> {
                Value y = in.get(1).value();
                OptionalInt n = y != null && known.test(1) ? Pointwise.integralExponent(y) : OptionalInt.empty();
                yield n.isPresent() ? r -> Pointwise.power(r.get(0), n.getAsInt()) : r -> new Expr.Binary(BinOp.POW, r.get(0), r.get(1));
            }
            case "Erf" -> r -> Pointwise.erf(r.getFirst());
            case "Identity" -> r -> r.getFirst();
            case "Cast" -> {
                type = (int) at.i("to", DataType.FLOAT_VALUE);
                yield real(type) ? r -> r.getFirst() : null;
            }
            case "Clip" -> {
                if (in.size() > 1 && in.get(1) != null && in.get(1).value() == null
                        || in.size() > 2 && in.get(2) != null && in.get(2).value() == null) yield null;
                Double[] b = ElementwiseLowering.clipBounds(at, in.stream().map(o -> o == null ? null : o.value()).toList(), opset);
                yield r -> ElementwiseLowering.clip(r.getFirst(), b[0], b[1]);
            }
            case "PRelu" -> opset < 7 ? null : r -> Activations.prelu(r.get(0), r.get(1));
            default -> {
                UnOp u = ElementwiseLowering.UNARY.get(op);
                if (u != null) yield r -> new Expr.Unary(u, r.getFirst());
                yield Activations.isActivation(op) ? r -> Activations.of(op, at, r.getFirst()) : null;
            }
        };
        return f == null ? Optional.empty() : Optional.of(new PointwiseForm(dims, type, f));
    }

    private static boolean real(int type) {
        return type == DataType.FLOAT_VALUE || type == DataType.DOUBLE_VALUE;
    }

    /** The present inputs combined left to right by {@code op} (a variadic Sum, Max, Min; a binary Add). */
    private static Function<List<Expr>, Expr> fold(BinOp op) {
        return r -> {
            Expr e = null;
            for (Expr x : r) if (x != null) e = e == null ? x : new Expr.Binary(op, e, x);
            return e;
        };
    }

    private static int presentCount(List<Expr> r) {
        return (int) r.stream().filter(Objects::nonNull).count();
    }
}
