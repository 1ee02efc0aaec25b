package org.shapeforge.codegen.symbolic;

import java.util.List;
import java.util.Set;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.program.dynamic.ExtentExpr;

/**
 * An exact extent ({@link ExtentExpr}) as a C {@code int64_t} expression over the kernel's size
 * parameters: a dynamic dim {@code n} is {@code sizes[k]} where {@code k} is its position in
 * {@code params}, read once into a local of the same name at kernel entry.
 */
final class SizeExprC {
    private SizeExprC() {}

    static String of(ExtentExpr e, List<String> params) {
        return switch (e) {
            case ExtentExpr.Const c -> "INT64_C(" + c.value() + ")";
            case ExtentExpr.InputAxis a -> {
                if (!params.contains(a.dim())) throw new IllegalArgumentException("no size parameter for " + a.dim());
                yield "sz_" + a.dim();
            }
            case ExtentExpr.RuntimeScalar r -> throw new CodegenException("a runtime scalar extent (" + e.printed()
                    + ") is not a kernel size parameter yet");
            case ExtentExpr.Add(var l, var r) -> "(" + of(l, params) + " + " + of(r, params) + ")";
            case ExtentExpr.Sub(var l, var r) -> "(" + of(l, params) + " - " + of(r, params) + ")";
            case ExtentExpr.Mul(var l, var r) -> "(" + of(l, params) + " * " + of(r, params) + ")";
            case ExtentExpr.FloorDiv(var l, var r) -> "sf_fdiv64(" + of(l, params) + ", " + of(r, params) + ")";
            case ExtentExpr.Min(var l, var r) -> "sf_min64(" + of(l, params) + ", " + of(r, params) + ")";
            case ExtentExpr.Max(var l, var r) -> "sf_max64(" + of(l, params) + ", " + of(r, params) + ")";
        };
    }

    /** The dynamic dims an expression reads. */
    static void dims(ExtentExpr e, Set<String> out) {
        switch (e) {
            case ExtentExpr.Const c -> {}
            case ExtentExpr.InputAxis a -> out.add(a.dim());
            case ExtentExpr.RuntimeScalar r -> {}
            case ExtentExpr.Add(var l, var r) -> both(l, r, out);
            case ExtentExpr.Sub(var l, var r) -> both(l, r, out);
            case ExtentExpr.Mul(var l, var r) -> both(l, r, out);
            case ExtentExpr.FloorDiv(var l, var r) -> both(l, r, out);
            case ExtentExpr.Min(var l, var r) -> both(l, r, out);
            case ExtentExpr.Max(var l, var r) -> both(l, r, out);
        }
    }

    private static void both(ExtentExpr l, ExtentExpr r, Set<String> out) {
        dims(l, out);
        dims(r, out);
    }
}
