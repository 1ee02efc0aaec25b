package org.shapeforge.program.dynamic;

import java.util.Map;
import java.util.Optional;

/**
 * How an axis extent is computed ({@code seeds/004_…}, "Recommended Approach"): a constant, the size
 * of a symbolic input axis (a {@code dynamic} dimension of the program), a runtime scalar read with
 * explicit semantics, or arithmetic over those. An expression says nothing about whether it is the
 * true size: that guarantee is {@link ShapeExtent}'s.
 */
public sealed interface ExtentExpr {
    /** A compile-time constant. */
    record Const(long value) implements ExtentExpr {}

    /**
     * The size of a symbolic input axis: {@code dim} is the {@code dynamic} name, {@code tensor} /
     * {@code axis} where the program first reads it (diagnostics only; equality is by {@code dim}).
     */
    record InputAxis(String dim, String tensor, int axis) implements ExtentExpr {
        @Override
        public boolean equals(Object o) {
            return o instanceof InputAxis x && x.dim.equals(dim);
        }

        @Override
        public int hashCode() {
            return dim.hashCode();
        }
    }

    /**
     * The value of a scalar tensor used as a size; {@code semantics} names the conversion rule (e.g.
     * {@code DynamicTruncateSize}), which is not a generic cast (seed 004, "Runtime Scalar Dimensions").
     */
    record RuntimeScalar(String tensor, String semantics) implements ExtentExpr {}

    record Add(ExtentExpr left, ExtentExpr right) implements ExtentExpr {}

    record Sub(ExtentExpr left, ExtentExpr right) implements ExtentExpr {}

    record Mul(ExtentExpr left, ExtentExpr right) implements ExtentExpr {}

    record FloorDiv(ExtentExpr left, ExtentExpr right) implements ExtentExpr {}

    record Min(ExtentExpr left, ExtentExpr right) implements ExtentExpr {}

    record Max(ExtentExpr left, ExtentExpr right) implements ExtentExpr {}

    static ExtentExpr of(long n) {
        return new Const(n);
    }

    /** Does the expression read a symbolic input axis or a runtime scalar? */
    default boolean symbolic() {
        return switch (this) {
            case Const c -> false;
            case InputAxis a -> true;
            case RuntimeScalar r -> true;
            case Add(var l, var r) -> l.symbolic() || r.symbolic();
            case Sub(var l, var r) -> l.symbolic() || r.symbolic();
            case Mul(var l, var r) -> l.symbolic() || r.symbolic();
            case FloorDiv(var l, var r) -> l.symbolic() || r.symbolic();
            case Min(var l, var r) -> l.symbolic() || r.symbolic();
            case Max(var l, var r) -> l.symbolic() || r.symbolic();
        };
    }

    /**
     * The value under {@code env} (dynamic dimension names and runtime scalar tensor names to
     * numbers); empty when a name is unbound. Overflow throws {@link ArithmeticException}; a
     * division by zero is empty.
     */
    default Optional<Long> eval(Map<String, Long> env) {
        return switch (this) {
            case Const c -> Optional.of(c.value());
            case InputAxis a -> Optional.ofNullable(env.get(a.dim()));
            case RuntimeScalar r -> Optional.ofNullable(env.get(r.tensor()));
            case Add(var l, var r) -> l.eval(env).flatMap(x -> r.eval(env).map(y -> Math.addExact(x, y)));
            case Sub(var l, var r) -> l.eval(env).flatMap(x -> r.eval(env).map(y -> Math.subtractExact(x, y)));
            case Mul(var l, var r) -> l.eval(env).flatMap(x -> r.eval(env).map(y -> Math.multiplyExact(x, y)));
            case FloorDiv(var l, var r) -> l.eval(env).flatMap(x -> r.eval(env)
                    .flatMap(y -> y == 0 ? Optional.empty() : Optional.of(Math.floorDiv(x, y))));
            case Min(var l, var r) -> l.eval(env).flatMap(x -> r.eval(env).map(y -> Math.min(x, y)));
            case Max(var l, var r) -> l.eval(env).flatMap(x -> r.eval(env).map(y -> Math.max(x, y)));
        };
    }

    /**
     * The expression with the names bound in {@code env} replaced by their sizes and constants folded
     * ({@code n*4} under {@code n=8} is {@code 32}; under {@code m=8} it stays {@code n*4}): a partial
     * binding keeps the unbound dims as symbols. A division by zero keeps the division.
     */
    default ExtentExpr bind(Map<String, Long> env) {
        ExtentArith ar = ExtentArith.INSTANCE;
        return switch (this) {
            case Const c -> c;
            case InputAxis a -> env.containsKey(a.dim()) ? new Const(env.get(a.dim())) : a;
            case RuntimeScalar r -> env.containsKey(r.tensor()) ? new Const(env.get(r.tensor())) : r;
            case Add(var l, var r) -> ar.add(l.bind(env), r.bind(env));
            case Sub(var l, var r) -> ar.sub(l.bind(env), r.bind(env));
            case Mul(var l, var r) -> ar.mul(l.bind(env), r.bind(env));
            case FloorDiv(var l, var r) -> l.bind(env) instanceof Const(long x) && r.bind(env) instanceof Const(long y) && y != 0
                    ? new Const(Math.floorDiv(x, y)) : new FloorDiv(l.bind(env), r.bind(env));
            case Min(var l, var r) -> l.bind(env) instanceof Const(long x) && r.bind(env) instanceof Const(long y)
                    ? new Const(Math.min(x, y)) : new Min(l.bind(env), r.bind(env));
            case Max(var l, var r) -> l.bind(env) instanceof Const(long x) && r.bind(env) instanceof Const(long y)
                    ? new Const(Math.max(x, y)) : new Max(l.bind(env), r.bind(env));
        };
    }

    /**
     * The one printed syntax of an extent (issue 31): its canonical normal form as the solver prints
     * sizes ({@link org.shapeforge.term.sym.SymSize#toString()}: {@code n * 4}, {@code n + 3},
     * {@code (h - 1) // 2 + 1}), so equal extents print alike whatever way they were built; an
     * extent without one ({@code min(s, n)}, a runtime scalar) in the same infix style.
     */
    default String printed() {
        return SymExtents.sym(this).map(Object::toString).orElseGet(() -> ExtentPrinter.print(this, 0));
    }
}
