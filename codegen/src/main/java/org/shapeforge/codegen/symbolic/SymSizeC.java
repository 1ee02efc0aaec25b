package org.shapeforge.codegen.symbolic;

import java.util.List;
import java.util.Map;
import org.shapeforge.term.sym.SymAtom;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * A {@link SymSize} (and a {@link SymCondition}) as a C {@code int64_t} expression over a kernel's
 * size parameters ({@code sz_NAME}, as {@link SizeExprC}): a floor division and a remainder are
 * {@code sf_fdiv64} and {@code sf_fmod64} (the floor's, as {@link SymAtom.Div} and
 * {@link SymAtom.Mod} mean them: C's {@code /} and {@code %} truncate, which differs for a negative
 * numerator, e.g. {@code (h - 3) // 2} at {@code h = 2}).
 */
final class SymSizeC {
    private SymSizeC() {}

    /** The helpers {@link #of} and {@link SizeExprC} call, for a kernel's source. */
    static final String HELPERS = """
            static inline int64_t sf_min64(int64_t a, int64_t b) { return a < b ? a : b; }
            static inline int64_t sf_max64(int64_t a, int64_t b) { return a > b ? a : b; }
            /* floor(a / b) and a - b * floor(a / b) for b > 0 */
            static inline int64_t sf_fdiv64(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0); }
            static inline int64_t sf_fmod64(int64_t a, int64_t b) { return a - b * sf_fdiv64(a, b); }
            """;

    static String of(SymCondition c, List<String> params) {
        return "(" + of(c.left(), params) + ") " + c.rel().symbol + " (" + of(c.right(), params) + ")";
    }

    static String of(SymSize s, List<String> params) {
        if (s.terms().isEmpty()) return "INT64_C(0)";
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<SymSize.Mono, Long> t : s.terms().entrySet()) {
            if (!sb.isEmpty()) sb.append(" + ");
            sb.append("INT64_C(").append(t.getValue()).append(')');
            for (SymAtom a : t.getKey().atoms()) sb.append(" * ").append(atom(a, params));
        }
        return sb.toString();
    }

    private static String atom(SymAtom a, List<String> params) {
        return switch (a) {
            case SymAtom.Name(String n) -> {
                if (!params.contains(n)) throw new IllegalArgumentException("no size parameter for " + n);
                yield "sz_" + n;
            }
            case SymAtom.Div(SymSize num, long k) -> "sf_fdiv64(" + of(num, params) + ", INT64_C(" + k + "))";
            case SymAtom.Mod(SymSize num, long k) -> "sf_fmod64(" + of(num, params) + ", INT64_C(" + k + "))";
        };
    }
}
