package org.shapeforge.oracle.gen;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The fragments of the language a generated case may use ({@code language.md}): the core of
 * Def. 3.4 and the extensions of seeds 000/002. {@code --fragment core+total} combines them;
 * {@code all} is every one.
 */
public enum Fragment {
    /** Dimension equality and order, row equality and order (Def. 3.4). */
    CORE,
    /** Total_elems over rows. */
    TOTAL,
    /** Concat sizes {@code a ^ b}. */
    CONCAT,
    /** Affine sizes (strided, valid and padded convolutions), with bases. */
    AFFINE,
    /** Size predicates (ranges, orders, divisibility). */
    PREDICATES,
    /** Declarations: leaf, param, discardable, dynamic. */
    DECLARATIONS;

    /** {@code all}, or fragment names joined by {@code +} ({@code core} is always included). */
    public static Set<Fragment> parse(String spec) {
        if (spec == null || spec.isBlank() || spec.equals("all")) return EnumSet.allOf(Fragment.class);
        Set<Fragment> out = EnumSet.of(CORE);
        for (String part : spec.split("\\+")) {
            try {
                out.add(valueOf(part.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown fragment '" + part + "' (core, total, concat, affine, predicates, declarations, or all; join with +)");
            }
        }
        return out;
    }
}
