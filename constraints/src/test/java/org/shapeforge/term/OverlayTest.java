package org.shapeforge.term;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.solver.Entailment;

/** Issue 12: an overlay denotes its base with the moved entries replaced, read without copying the base. */
class OverlayTest {
    /** a = 3, b = 4, c = 64, <r> = [5]. */
    static Assignment base() {
        Map<String, Dim> dims = new LinkedHashMap<>();
        dims.put("a", Dim.atom(3));
        dims.put("b", Dim.atom(4));
        dims.put("c", Dim.atom(64));
        return new Assignment(dims, Map.of("r", Row.literal(List.of(Dim.atom(5)))));
    }

    @Test
    void movedEntriesOverrideTheBaseAndTheRestIsTheBase() {
        Assignment g = base();
        Overlay o = Overlay.moving(g, Map.of("b", Dim.unit(), "z", Dim.atom(7)));
        assertEquals(Dim.atom(3), o.dim("a"));
        assertEquals(Dim.unit(), o.dim("b"));
        assertEquals(Dim.atom(7), o.dim("z"));
        assertNull(o.dim("nope"));
        assertEquals(Row.literal(List.of(Dim.atom(5))), o.row("r"));
        assertEquals(Dim.atom(4), g.dim("b"), "the base is untouched");
        assertSame(g, o.base());
    }

    @Test
    void materialisesTheCompleteAssignmentOnceInTheBasesOrder() {
        Assignment g = base();
        Overlay o = Overlay.moving(g, Map.of("b", Dim.unit(), "z", Dim.atom(7)));
        Assignment a = o.assignment();
        assertEquals(g.withDim("b", Dim.unit()).withDim("z", Dim.atom(7)), a);
        assertEquals(List.of("a", "b", "c", "z"), List.copyOf(a.dims().keySet()));
        assertSame(a, o.assignment());
        assertEquals(a, new Entailment.NotEntailed(o).counterexample());
        assertEquals(o, Overlay.moving(g, Map.of("z", Dim.atom(7), "b", Dim.unit())));
    }

    @Test
    void nonGroundMovesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Overlay.moving(base(), Map.of("a", Dim.var("x"))));
        assertThrows(IllegalArgumentException.class,
                () -> Overlay.region(base(), Dim.var("x"), Set.of(), Set.of(), () -> Set.of("a")));
    }

    @Test
    void theEvaluatorJudgesAnOverlayAsItsMaterialisedAssignment() {
        Assignment g = base();
        Overlay o = Overlay.moving(g, Map.of("b", Dim.atom(3)));
        for (String c : List.of("a = b", "a <= b", "c <= b", "<r> ~ [b]", "size(a) == size(b)", "a = 3", "total(<r>) = 5")) {
            var k = Parser.parseConstraint(c);
            assertEquals(Evaluator.judge(k, o.assignment(), Semantics.FLAT).truth(), Evaluator.judge(k, o, Semantics.FLAT).truth(), c);
        }
        assertEquals(Truth.HOLDS, Evaluator.judge(Parser.parseConstraint("a = b"), o, Semantics.FLAT).truth());
        assertEquals(Truth.FAILS, Evaluator.judge(Parser.parseConstraint("a = b"), g, Semantics.FLAT).truth());
    }

    @Test
    void hintedLookupsDoNotEnumerateTheRegion() {
        AtomicInteger calls = new AtomicInteger();
        Overlay o = Overlay.region(base(), Dim.unit(), Set.of("b"), Set.of("a"), () -> {
            calls.incrementAndGet();
            return Set.of("b", "c");
        });
        assertEquals(Dim.unit(), o.dim("b"));
        assertEquals(Dim.atom(3), o.dim("a"));
        assertEquals(Truth.FAILS, Evaluator.judge(Parser.parseConstraint("b = 4"), o, Semantics.FLAT).truth());
        assertEquals(0, calls.get(), "hinted names are answered without the region");
        assertEquals(Dim.unit(), o.dim("c"), "an unhinted name enumerates the region");
        assertEquals(Dim.atom(3), o.dim("a"));
        assertEquals(1, calls.get());
        assertEquals(base().withDim("b", Dim.unit()).withDim("c", Dim.unit()), o.assignment());
        assertEquals(1, calls.get(), "enumerated once");
    }

    @Test
    void hintsThatDisagreeWithTheRegionAreACallerBug() {
        Overlay missing = Overlay.region(base(), Dim.unit(), Set.of("a"), Set.of(), () -> Set.of("b"));
        assertThrows(IllegalStateException.class, missing::assignment);
        Overlay wrong = Overlay.region(base(), Dim.unit(), Set.of(), Set.of("b"), () -> Set.of("b"));
        assertThrows(IllegalStateException.class, () -> wrong.dim("c"));
    }
}
