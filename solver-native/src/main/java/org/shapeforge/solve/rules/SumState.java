package org.shapeforge.solve.rules;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.shapeforge.solve.size.LinearExpr;

/**
 * The open part of a residual Concat equation, kept up to date one variable at a time (issue 13:
 * {@code a = v0 ^ … ^ v19999}). {@code ConcatSolver} reads a sum as one linear form
 * {@code Σ cᵢ·xᵢ + k = 0} over the unbound representatives without a known size and can only
 * act once at most one {@code xᵢ} is left; while two or more are left the equation stays
 * residual. Re-deriving the form at every wake-up costs the length of the sum, and closing binds
 * its variables one by one — quadratic. Instead the item keeps the coefficients of the
 * unknowns and, when woken by variable {@code v}, moves {@code v}'s coefficient to what {@code v}
 * now denotes ({@link SizeEqRule#stillOpen}): a representative (merged), or a known size
 * (dropped). The form is exact linear algebra, so the count of unknowns equals the full
 * re-derivation's; the full path runs again only when it falls below two.
 */
final class SumState {
    /** Coefficients of the unknowns (non-zero), by representative. */
    final Map<String, BigInteger> coeffs;
    /** Variables that woke the item since it last ran (repeats are harmless). */
    private List<String> pending = new ArrayList<>();

    SumState(LinearExpr open) {
        this.coeffs = new TreeMap<>(open.coeffs());
    }

    void woken(String v) {
        pending.add(v);
    }

    /** The variables that woke the item, emptied. */
    List<String> drain() {
        List<String> out = pending;
        pending = new ArrayList<>();
        return out;
    }

    /** Why the equation is still open. */
    String reason() {
        var it = coeffs.keySet().iterator();
        return "Concat: underdetermined sum over " + coeffs.size() + " unknown sizes (" + it.next() + ", " + it.next()
                + (coeffs.size() > 2 ? ", …" : "") + ")";
    }
}
