package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;

class SizeClosingTest {
    static SizeTranslator translate(String... constraints) {
        SizeTranslator t = new SizeTranslator();
        for (String s : constraints) {
            Constraint c = Parser.parseConstraint(s);
            t.add(c, Printer.print(c));
        }
        return t;
    }

    static LinearResult close(SizeTranslator t, Map<String, Long> known) {
        return SizeClosing.close(t.system(Set.of()), t.products(), known, Map.of());
    }

    @Test
    void w27_productOfAliasesIsAPowerWithoutIntegerRoot() {
        var u = assertInstanceOf(LinearResult.Unsat.class, close(translate("size(a) * size(b) == 12", "a = b"), Map.of()));
        assertTrue(u.reason().contains("a·a = 12 has no integer solution"), u.reason());
        var sat = assertInstanceOf(LinearResult.Sat.class, close(translate("size(a) * size(b) == 16", "a = b"), Map.of()));
        assertEquals(4L, sat.model().get("a"));
        assertEquals(4L, sat.model().get("b"));
    }

    @Test
    void knownSizesReachProductsThroughAliases() {
        var sat = assertInstanceOf(LinearResult.Sat.class,
                close(translate("size(c) == size(a) * size(b)", "a = b", "size(c) <= 100"), Map.of("b", 5L)));
        assertEquals(25L, sat.model().get("c"));
    }

    @Test
    void mulEqStagedFromKnownSizes() {
        var sat = assertInstanceOf(LinearResult.Sat.class,
                close(translate("size(c) == size(a) * size(b)", "size(a) in 2..2", "size(c) <= 100"), Map.of("b", 3L)));
        assertEquals(6L, sat.model().get("c"));
    }

    @Test
    void productLeftOpenByTheLinearPartIsAnUnderdeterminedProductNotAGuess() {
        var u = assertInstanceOf(LinearResult.Unknown.class, close(translate("size(a) * size(b) == 12", "size(a) == size(b) + 1"), Map.of()));
        assertTrue(u.reason().startsWith("underdetermined product size(a) * size(b) == 12"), u.reason());
        var free = assertInstanceOf(LinearResult.Unknown.class, close(translate("size(a) * size(b) == 12"), Map.of()));
        assertTrue(free.reason().contains("no size fixes [a, b]"), free.reason());
    }

    @Test
    void productsThatTheLeastMaterialModelSatisfiesAreChecked() {
        var sat = assertInstanceOf(LinearResult.Sat.class,
                close(translate("size(a) * size(b) >= 1", "size(a) in 1..4", "size(b) in 1..4"), Map.of()));
        assertEquals(Map.of("a", 1L, "b", 1L), sat.model());
    }
}
