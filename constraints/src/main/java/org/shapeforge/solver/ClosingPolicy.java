package org.shapeforge.solver;

/**
 * Which closing answers a native solve gives where the formal notes and OCANNL differ (issue 28;
 * docs/solver.md, "Closing: notes or OCANNL"). Closing commits values the constraints leave free
 * (Def. 6.1: policy steps, each re-solved and re-checked by the evaluator), so both policies give
 * only solutions; they differ in which programs they close.
 */
public enum ClosingPolicy {
    /**
     * Def. 6.1 of the formal notes (seed 003) as refined by the stage table: a leaf row closes to
     * the join of the ground parts of its own caps; the front end reports a parameter row that no
     * cap with an explicit axis determines ("unspecified hidden dimension"). The default.
     */
    NOTES("notes"),
    /**
     * OCANNL's stages 3–5 (seed 000): a terminal row with no ground cap of its own takes the least
     * upper bound that flows to it through interior rows (the LUB from the row environment), and a
     * parameter row that closing gives an axis — by that LUB or by its {@code Total_elems}
     * constraint ("one axis of the required dimension") — is not a hidden dimension.
     */
    OCANNL("ocannl");

    /** The option's spelling ({@code --closing notes|ocannl}). */
    public final String keyword;

    ClosingPolicy(String keyword) {
        this.keyword = keyword;
    }

    /** {@code notes} or {@code ocannl} (case-insensitive); anything else is an {@link IllegalArgumentException} naming both. */
    public static ClosingPolicy parse(String s) {
        for (ClosingPolicy p : values()) if (p.keyword.equalsIgnoreCase(s)) return p;
        throw new IllegalArgumentException("unknown closing policy '" + s + "' (notes or ocannl)");
    }
}
