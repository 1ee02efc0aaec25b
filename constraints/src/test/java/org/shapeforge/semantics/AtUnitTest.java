package org.shapeforge.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;

/** {@link AtUnit}: the one reading of symbolic sizes at the unit (issue 28). */
class AtUnitTest {
    @Test
    void missingDynamicDimsAreAddedAtTheUnitAfterTheModelsOwn() {
        Problem p = Parser.parse("t.shc", "dynamic batch, seq\ndynamic batch\nx = 3\n");
        Map<String, Dim> dims = new LinkedHashMap<>();
        dims.put("x", new Dim.Atom(3));
        dims.put("seq", new Dim.Atom(5));
        Assignment m = new Assignment(dims, Map.of());
        Assignment out = AtUnit.withDynamicDims(p.declarations(), m);
        assertEquals(List.of("x", "seq", "batch"), List.copyOf(out.dims().keySet()));
        assertEquals(Dim.unit(), out.dims().get("batch"));
        assertEquals(new Dim.Atom(5), out.dims().get("seq"), "a dynamic dim the model has keeps its value");
    }

    @Test
    void aModelWithEveryDynamicDimIsReturnedAsIs() {
        Problem p = Parser.parse("t.shc", "dynamic batch\n");
        Assignment m = new Assignment(Map.of("batch", new Dim.Atom(2)), Map.of());
        assertSame(m, AtUnit.withDynamicDims(p.declarations(), m));
    }

    @Test
    void aTermIsFoldedWithItsVariablesAtTheUnit() {
        Dim sum = new Dim.Concat(List.of(new Dim.Var("batch"), new Dim.Atom(4)));
        assertEquals(5, ((Dim.Atom) AtUnit.ground(sum)).size());
        assertEquals(Dim.unit(), AtUnit.ground(new Dim.Var("batch")));
    }
}
