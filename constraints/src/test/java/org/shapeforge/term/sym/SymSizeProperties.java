package org.shapeforge.term.sym;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The normal form against a direct evaluation of random expression trees: {@code eval(normalize(e))
 * == eval(e)} at random bindings; equal normal forms have equal values; the interval range
 * contains every value; sums and products are commutative on normal forms (canonicity).
 */
class SymSizeProperties {
    sealed interface E {
        record Lit(long v) implements E {}
        record Name(String n) implements E {}
        record Add(E a, E b) implements E {}
        record Sub(E a, E b) implements E {}
        record Mul(E a, E b) implements E {}
        record Div(E a, long k) implements E {}
        record Mod(E a, long k) implements E {}
    }

    static E gen(Random r, int depth) {
        if (depth == 0 || r.nextInt(4) == 0)
            return r.nextBoolean() ? new E.Lit(r.nextInt(9) - 3) : new E.Name(new String[] {"a", "b", "c"}[r.nextInt(3)]);
        return switch (r.nextInt(6)) {
            case 0 -> new E.Add(gen(r, depth - 1), gen(r, depth - 1));
            case 1 -> new E.Sub(gen(r, depth - 1), gen(r, depth - 1));
            case 2 -> new E.Mul(gen(r, depth - 1), gen(r, depth - 1));
            case 3 -> new E.Div(gen(r, depth - 1), 1 + r.nextInt(5));
            case 4 -> new E.Mod(gen(r, depth - 1), 1 + r.nextInt(5));
            default -> new E.Add(gen(r, depth - 1), new E.Lit(r.nextInt(7)));
        };
    }

    static SymSize build(E e) {
        return switch (e) {
            case E.Lit(long v) -> SymSize.constant(v);
            case E.Name(String n) -> SymSize.name(n);
            case E.Add(E a, E b) -> build(a).plus(build(b));
            case E.Sub(E a, E b) -> build(a).minus(build(b));
            case E.Mul(E a, E b) -> build(a).times(build(b));
            case E.Div(E a, long k) -> build(a).floorDiv(k);
            case E.Mod(E a, long k) -> build(a).mod(k);
        };
    }

    static long eval(E e, Map<String, Long> b) {
        return switch (e) {
            case E.Lit(long v) -> v;
            case E.Name(String n) -> b.get(n);
            case E.Add(E x, E y) -> Math.addExact(eval(x, b), eval(y, b));
            case E.Sub(E x, E y) -> Math.subtractExact(eval(x, b), eval(y, b));
            case E.Mul(E x, E y) -> Math.multiplyExact(eval(x, b), eval(y, b));
            case E.Div(E x, long k) -> Math.floorDiv(eval(x, b), k);
            case E.Mod(E x, long k) -> Math.floorMod(eval(x, b), k);
        };
    }

    static Map<String, Long> binding(Random r) {
        return Map.of("a", 1L + r.nextInt(40), "b", 1L + r.nextInt(40), "c", 1L + r.nextInt(40));
    }

    @Property(tries = 400)
    void normalFormEvaluatesLikeTheExpression(@ForAll long seed) {
        Random r = new Random(seed);
        E e = gen(r, 4);
        SymSize s = build(e);
        for (int i = 0; i < 10; i++) {
            Map<String, Long> b = binding(r);
            long direct;
            try {
                direct = eval(e, b);
            } catch (ArithmeticException overflow) {
                continue; // out of 64 bits: the normal form may overflow too (SymOverflow), never answer wrongly
            }
            long v;
            try {
                v = s.eval(b);
            } catch (SymOverflow o) {
                continue; // an intermediate product of the expanded form left 64 bits: an error, not a wrong number
            }
            assertEquals(direct, v, () -> e + " as " + s + " at " + b);
            try {
                assertEquals(direct, s.expandMod().eval(b), () -> s + " expanded " + s.expandMod() + " at " + b);
            } catch (SymOverflow o) {
                // the expanded form's intermediate products left 64 bits
            }
            var range = s.range();
            assertTrue(range.lo() <= v && v <= range.hi(), () -> s + " = " + v + " outside " + range);
        }
    }

    @Property(tries = 300)
    void normalFormIsCanonicalForCommutedSumsAndProducts(@ForAll long seed) {
        Random r = new Random(seed);
        E x = gen(r, 3), y = gen(r, 3), z = gen(r, 2);
        assertEquals(build(new E.Add(x, y)), build(new E.Add(y, x)));
        assertEquals(build(new E.Mul(x, y)), build(new E.Mul(y, x)));
        assertEquals(build(new E.Add(new E.Add(x, y), z)), build(new E.Add(x, new E.Add(y, z))));
        assertEquals(build(new E.Mul(x, new E.Add(y, z))), build(new E.Add(new E.Mul(x, y), new E.Mul(x, z))));
        assertEquals(build(x).toString(), build(new E.Add(x, new E.Lit(0))).toString());
    }

    @Property(tries = 300)
    void equalNormalFormsHaveEqualValues(@ForAll long seed) {
        Random r = new Random(seed);
        E x = gen(r, 3), y = gen(r, 3);
        if (!build(x).equals(build(y))) return;
        for (int i = 0; i < 10; i++) {
            Map<String, Long> b = binding(r);
            try {
                assertEquals(eval(x, b), eval(y, b), () -> x + " vs " + y);
            } catch (ArithmeticException overflow) {
                // out of 64 bits
            }
        }
    }
}
