package org.shapeforge.program.dynamic;

import java.util.Optional;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import org.shapeforge.term.sym.SymAtom;
import org.shapeforge.term.sym.SymOverflow;
import org.shapeforge.term.sym.SymSize;

/**
 * The bridge between the solver's symbolic sizes ({@link SymSize}, issue 31) and the front end's
 * extents ({@link ExtentExpr}): a solver size becomes an extent over the program's dynamic dims
 * ({@link #extent}), and an extent that is a polynomial with floor divisions by constants becomes a
 * normal form again ({@link #sym}) — the form every exact extent is printed in, so that {@code infer}'s
 * text, its JSON {@code tensors} and {@code solve}'s {@code symbolic:} section share one syntax
 * ({@code (h - 1) // 2 + 1}, {@code n * 4}; {@code ../shared/spec/programs.md}, last section).
 */
final class SymExtents {
    private SymExtents() {}

    /**
     * The extent of a solver size, each name read through {@code name} (a dynamic dim's class: its
     * representative's input axis, or the class's forced size). {@code a mod k} is written
     * {@code a - (a // k) * k} (an extent has no remainder), which {@link #sym} folds back.
     */
    static ExtentExpr extent(SymSize s, Function<String, ExtentExpr> name) {
        ExtentArith ar = ExtentArith.INSTANCE;
        ExtentExpr sum = ExtentExpr.of(0);
        for (var t : s.terms().entrySet()) {
            ExtentExpr p = ExtentExpr.of(1);
            for (SymAtom a : t.getKey().atoms())
                p = ar.mul(p, switch (a) {
                    case SymAtom.Name(String n) -> name.apply(n);
                    case SymAtom.Div(SymSize num, long k) -> floorDiv(extent(num, name), k);
                    case SymAtom.Mod(SymSize num, long k) -> {
                        ExtentExpr x = extent(num, name);
                        yield ar.sub(x, ar.mul(floorDiv(x, k), ExtentExpr.of(k)));
                    }
                });
            long c = t.getValue();
            sum = c < 0 ? ar.sub(sum, ar.mul(p, ExtentExpr.of(-c))) : ar.add(sum, ar.mul(p, ExtentExpr.of(c)));
        }
        return sum;
    }

    private static ExtentExpr floorDiv(ExtentExpr x, long k) {
        return x instanceof ExtentExpr.Const(long v) ? ExtentExpr.of(Math.floorDiv(v, k)) : new ExtentExpr.FloorDiv(x, ExtentExpr.of(k));
    }

    /**
     * The normal form of an extent built from constants, input axes (by dim name), {@code + - *} and
     * floor division by a positive constant; empty for a runtime scalar, {@code min}/{@code max}, a
     * division by a non-constant, or a value that leaves 64 bits.
     */
    static Optional<SymSize> sym(ExtentExpr e) {
        try {
            return Optional.ofNullable(symOrNull(e));
        } catch (SymOverflow o) {
            return Optional.empty();
        }
    }

    private static SymSize symOrNull(ExtentExpr e) {
        return switch (e) {
            case ExtentExpr.Const(long v) -> SymSize.constant(v);
            case ExtentExpr.InputAxis a -> SymSize.name(a.dim());
            case ExtentExpr.RuntimeScalar r -> null;
            case ExtentExpr.Add(var l, var r) -> both(l, r, SymSize::plus);
            case ExtentExpr.Sub(var l, var r) -> both(l, r, SymSize::minus);
            case ExtentExpr.Mul(var l, var r) -> both(l, r, SymSize::times);
            case ExtentExpr.FloorDiv(var l, ExtentExpr.Const(long k)) when k >= 1 -> {
                SymSize x = symOrNull(l);
                yield x == null ? null : x.floorDiv(k);
            }
            case ExtentExpr.FloorDiv f -> null;
            case ExtentExpr.Min m -> null;
            case ExtentExpr.Max m -> null;
        };
    }

    private static SymSize both(ExtentExpr l, ExtentExpr r, BinaryOperator<SymSize> op) {
        SymSize x = symOrNull(l), y = symOrNull(r);
        return x == null || y == null ? null : op.apply(x, y);
    }
}
