package org.shapeforge.program.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SourceText;
import org.shapeforge.lang.Span;

/**
 * Coverage-guided fuzz target for OCANNL einsum/shape spec strings (issue 13). A plain
 * {@code mvn test} replays the checked-in corpus
 * ({@code src/test/resources/org/shapeforge/program/spec/SpecParserFuzzTestInputs/parse/}); fuzzing
 * runs under {@code JAZZER_FUZZ=1} (README, "Fuzzing").
 *
 * <p>Contract checked: a spec string (bytes → UTF-8) read as an einsum spec ({@link SpecParser#einsum},
 * then its terms {@link SpecTerms#of}) and as a single shape ({@link SpecParser#shape}) either parses
 * or is rejected with a {@link SpecError} whose column lies inside the spec (or just past its end)
 * and whose span is the literal's position shifted by that column — never another exception.
 */
class SpecParserFuzzTest {
    private static final Span LITERAL = new Span("fuzz.shp", 3, 10);

    @FuzzTest(maxDuration = "10m")
    void parse(byte[] input) {
        String spec;
        try {
            spec = SourceText.decode("fuzz.shp", input);
        } catch (ShapeError e) {
            return;
        }
        try {
            SpecTerms.of(SpecParser.einsum(spec, LITERAL), "e1", LITERAL);
        } catch (SpecError e) {
            located(spec, e);
        }
        try {
            SpecParser.shape(spec, LITERAL);
        } catch (SpecError e) {
            located(spec, e);
        }
    }

    private static void located(String spec, SpecError e) {
        assertEquals(spec, e.spec());
        assertTrue(e.specColumn() >= 0 && e.specColumn() <= spec.length(),
                () -> "column " + e.specColumn() + " outside the spec: " + e.getMessage());
        assertEquals(new Span("fuzz.shp", 3, 11 + e.specColumn()), e.span(), e.getMessage());
    }
}
