package org.shapeforge.semantics;

/**
 * The four readings of row constraints ({@code language.md}, "Semantics"). Dimension
 * constraints and size predicates read the same under all four.
 */
public enum Semantics {
    /** Def. 3.4 (default): row equality is ≈ (Def. 2.9), row order is the marked order (Def. 2.3). */
    FLAT("flat"),
    /** Row equality is marked identity (Def. 2.1); row order is the marked order. */
    MARKED("marked"),
    /**
     * Def. 2.12: row-variable values are rigid rows, literal rows marked; equality is content
     * equality, the order is two-sorted.
     */
    RIGID("rigid"),
    /** Row equality is ≈; row order is the one-shot order ⊑¹ (Remark 2.15(ii)). */
    CONTENT("content");

    public final String keyword;

    Semantics(String keyword) {
        this.keyword = keyword;
    }

    public static Semantics parse(String s) {
        for (Semantics m : values()) if (m.keyword.equals(s)) return m;
        throw new IllegalArgumentException("unknown semantics '" + s + "' (expected flat, marked, rigid or content)");
    }
}
