package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link MonomialEquation}: a product of several sizes on one side that must be 1 (the constants
 * equal: {@code 128·x·y = 128}, a Reshape of a 128-wide axis into {@code [x, y, 128]}) has every
 * factor 1, discardable ones too (a 0 factor would make it 0); a product equal to anything else,
 * or with unknowns on both sides, stays an underdetermined residual (never guessed).
 */
class MonomialEquationTest {
    private static SizeResult solve(long l, List<String> lv, long r, List<String> rv, Set<String> discardable) {
        return new MonomialEquation(BigInteger.valueOf(l), lv, BigInteger.valueOf(r), rv, "size predicate", "").solve(discardable);
    }

    @Test
    void aProductOfSizesEqualToOneHasEveryFactorOne() {
        for (Set<String> d : List.of(Set.<String>of(), Set.of("x"))) {
            SizeResult.Solved s = assertInstanceOf(SizeResult.Solved.class, solve(128, List.of("x", "y"), 128, List.of(), d));
            assertEquals(Map.of("x", 1L, "y", 1L), s.values());
            s = assertInstanceOf(SizeResult.Solved.class, solve(3, List.of(), 3, List.of("x", "y", "z"), d));
            assertEquals(Map.of("x", 1L, "y", 1L, "z", 1L), s.values());
        }
    }

    @Test
    void otherProductsOfSeveralSizesStayResidual() {
        assertInstanceOf(SizeResult.Residual.class, solve(128, List.of("x", "y"), 256, List.of(), Set.of()));
        assertInstanceOf(SizeResult.Residual.class, solve(1, List.of("x", "y"), 1, List.of("z"), Set.of()));
    }
}
