package org.shapeforge.program.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Span;

/** OCANNL's spec syntax: mode selection, axis forms, rows, shapes, and errors at spec columns. */
class SpecParserTest {
    static ShapeSpec shape(String s) {
        return SpecParser.shape(s, null);
    }

    @Test
    void multicharModeIsTriggeredExactlyByOcannlsCharacters() {
        for (String s : List.of("a,b", "2*i", "i+k", "a^b", "a&b", "o<+k", "o=+k", "i=", "i = j"))
            assertTrue(SpecParser.isMultichar(s), s);
        for (String s : List.of("ij=>ji", "ab|cd->ef", "...|i", "..r..|x", "i_j", "12ab", "ij;jk=>ik"))
            assertFalse(SpecParser.isMultichar(s), s);
    }

    @Test
    void singleCharModeMakesEachLetterALabelAndEachDigitRunOneFixedIndex() {
        ShapeSpec s = shape("ab12c");
        assertEquals(List.of(new AxisSpec.Label("a", 0), new AxisSpec.Label("b", 1), new AxisSpec.Fixed(12, 2),
                new AxisSpec.Label("c", 4)), s.output().trail());
    }

    @Test
    void multicharIdentifiersAndFixedIndices() {
        ShapeSpec s = shape("rows, 3, cols");
        assertEquals(List.of(new AxisSpec.Label("rows", 0), new AxisSpec.Fixed(3, 6), new AxisSpec.Label("cols", 9)),
                s.output().trail());
    }

    @Test
    void theThreeRowsAndTheirShortForms() {
        ShapeSpec full = shape("b|i->o");
        assertEquals("b", ((AxisSpec.Label) full.batch().trail().getFirst()).name());
        assertEquals("i", ((AxisSpec.Label) full.input().trail().getFirst()).name());
        assertEquals("o", ((AxisSpec.Label) full.output().trail().getFirst()).name());
        ShapeSpec bo = shape("b|o");
        assertTrue(bo.input().axes().isEmpty() && bo.input().rowVar().isEmpty());
        ShapeSpec io = shape("i->o");
        assertTrue(io.batch().axes().isEmpty());
        assertEquals(1, io.input().axes().size());
    }

    @Test
    void axesBeforeAnEllipsisGoToTheLeadingFlank() {
        RowSpec r = shape("a...b").output();
        assertEquals(List.of(new AxisSpec.Label("a", 0)), r.lead());
        assertEquals(Optional.of(""), r.rowVar());
        assertEquals(List.of(new AxisSpec.Label("b", 4)), r.trail());
        RowSpec named = shape("x, ..rest.., y").output();
        assertEquals(Optional.of("rest"), named.rowVar());
        assertEquals(1, named.lead().size());
        RowSpec plain = shape("a, b").output();
        assertTrue(plain.lead().isEmpty() && plain.rowVar().isEmpty());
    }

    @Test
    void affineAxes() {
        assertEquals(new AxisSpec.Affine(2, "o", Optional.of("k"), 1, true, 0, 0), shape("2*o=+k").output().trail().getFirst());
        assertEquals(new AxisSpec.Affine(2, "o", Optional.of("k"), 3, false, 1, 0), shape("2*o<+1+3*k").output().trail().getFirst());
        assertEquals(new AxisSpec.Affine(1, "o", Optional.of("k"), 1, false, 0, 0), shape("o<+k").output().trail().getFirst());
        assertEquals(new AxisSpec.Affine(2, "i", Optional.empty(), 1, false, 1, 0), shape("2*i+1").output().trail().getFirst());
        assertEquals(new AxisSpec.Affine(3, "i", Optional.empty(), 1, false, 0, 0), shape("3*i").output().trail().getFirst());
    }

    @Test
    void concatenation() {
        assertEquals(new AxisSpec.Concat(List.of("a", "b", "c"), 0), shape("a^b^c").output().trail().getFirst());
    }

    @Test
    void einsumSidesRightHandSidesFirst() {
        EinsumSpec e = SpecParser.einsum("ij;jk=>ik", null);
        assertEquals(2, e.rhs().size());
        assertEquals(2, e.lhs().output().trail().size());
        assertFalse(e.multichar());
    }

    @Test
    void errorsPointAtTheColumnInsideTheSpecAndInTheFile() {
        Span literal = new Span("p.shp", 3, 10);
        SpecError e = assertThrows(SpecError.class, () -> SpecParser.einsum("ij=>j$", literal));
        assertEquals(5, e.specColumn());
        assertEquals(new Span("p.shp", 3, 16), e.span());
        assertTrue(e.getMessage().contains("'$'") && e.getMessage().contains("ij=>j$"), e.getMessage());
        SpecError clash = assertThrows(SpecError.class,
                () -> SpecTerms.of(SpecParser.einsum("..r..|x => r", literal), "e1", literal));
        assertTrue(clash.getMessage().contains("'r' is used as both a dimension variable and a row variable"), clash.getMessage());
        assertEquals(11, clash.specColumn());
    }
}
