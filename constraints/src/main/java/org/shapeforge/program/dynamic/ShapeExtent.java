package org.shapeforge.program.dynamic;

/**
 * The guarantee an axis extent carries ({@code seeds/004_…}): {@code Exact} — the expression is the
 * true runtime size (not necessarily a constant); {@code UpperBound} — the true size is at most the
 * expression (usable for guards and diagnostics, never as the shape); {@code Unknown} — nothing
 * useful. Guarantees are only ever weakened, never upgraded.
 */
public sealed interface ShapeExtent {
    record Exact(ExtentExpr expr) implements ShapeExtent {}

    record UpperBound(ExtentExpr expr) implements ShapeExtent {}

    record Unknown() implements ShapeExtent {}

    static ShapeExtent exact(long n) {
        return new Exact(new ExtentExpr.Const(n));
    }

    /** {@code n*4}, {@code <=n}, {@code ?}. */
    default String printed() {
        return switch (this) {
            case Exact(var e) -> e.printed();
            case UpperBound(var e) -> "<=" + e.printed();
            case Unknown u -> "?";
        };
    }

    /** What an error reports about an extent that is not a constant: symbolic, upper-bound, unknown or constant. */
    default String guarantee() {
        return switch (this) {
            case Exact(var e) -> e.symbolic() ? "symbolic" : "constant";
            case UpperBound u -> "upper-bound";
            case Unknown u -> "unknown";
        };
    }
}
