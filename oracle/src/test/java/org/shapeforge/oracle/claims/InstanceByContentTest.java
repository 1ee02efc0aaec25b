package org.shapeforge.oracle.claims;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Prop. 6.4(iii)'s scope test ({@link Claims#instanceByContent}): a flat model is compared with γ↑
 * only when it can be an instance of a policy row's committed binding; it cannot when its rank is
 * below the binding's known axes or a committed atom meets another size. Variables are wildcards.
 */
class InstanceByContentTest {
    static Dim a(int n) {
        return Dim.atom(n);
    }

    /** σ⋆(r2) = [φ2] <ρ3> [3, φ5]. */
    static final Row PLACED = new Row.Open(List.of(new Dim.Var("φ2")), "ρ3", List.of(a(3), new Dim.Var("φ5")));

    @Test
    void modelsMatchingTheCommittedAxesAreInstancesWhateverTheirMarker() {
        assertTrue(Claims.instanceByContent(new Row.Closed(List.of(a(5)), List.of(a(3), a(1))), PLACED));
        assertTrue(Claims.instanceByContent(new Row.Closed(List.of(a(5), a(7), a(3)), List.of(Dim.unit())), PLACED));
    }

    @Test
    void aCommittedAtomElsewhereOrTooFewAxesIsNot() {
        assertFalse(Claims.instanceByContent(new Row.Closed(List.of(a(5), a(3), a(1)), List.of(a(1))), PLACED));
        assertFalse(Claims.instanceByContent(new Row.Closed(List.of(), List.of(a(3), a(1))), PLACED));
        // a closed binding fixes the rank exactly
        assertFalse(Claims.instanceByContent(new Row.Closed(List.of(a(2), a(3)), List.of()), new Row.Closed(List.of(), List.of(a(3)))));
        assertTrue(Claims.instanceByContent(new Row.Closed(List.of(a(3)), List.of()), new Row.Closed(List.of(), List.of(a(3)))));
    }
}
