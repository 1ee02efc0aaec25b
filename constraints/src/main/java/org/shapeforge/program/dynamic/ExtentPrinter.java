package org.shapeforge.program.dynamic;

/**
 * Infix printing of {@link ExtentExpr} with minimal parentheses ({@code +,-} below {@code *,//}), in
 * the spacing of {@link org.shapeforge.term.sym.SymSize}'s canonical printer; used only for the
 * extents that have no normal form (runtime scalars, {@code min}/{@code max}): every other extent
 * prints as its normal form ({@link ExtentExpr#printed()}).
 */
final class ExtentPrinter {
    private ExtentPrinter() {}

    static String print(ExtentExpr e, int outer) {
        return switch (e) {
            case ExtentExpr.Const c -> Long.toString(c.value());
            case ExtentExpr.InputAxis a -> a.dim();
            case ExtentExpr.RuntimeScalar r -> "scalar(" + r.tensor() + ")";
            case ExtentExpr.Add(var l, var r) -> paren(print(l, 1) + " + " + print(r, 2), outer > 1);
            case ExtentExpr.Sub(var l, var r) -> paren(print(l, 1) + " - " + print(r, 2), outer > 1);
            case ExtentExpr.Mul(var l, var r) -> paren(print(l, 2) + " * " + print(r, 3), outer > 2);
            case ExtentExpr.FloorDiv(var l, var r) -> paren(print(l, 2) + " // " + print(r, 3), outer > 2); // integer division, as programs.md
            case ExtentExpr.Min(var l, var r) -> "min(" + print(l, 0) + ", " + print(r, 0) + ")";
            case ExtentExpr.Max(var l, var r) -> "max(" + print(l, 0) + ", " + print(r, 0) + ")";
        };
    }

    private static String paren(String s, boolean need) {
        return need ? "(" + s + ")" : s;
    }
}
