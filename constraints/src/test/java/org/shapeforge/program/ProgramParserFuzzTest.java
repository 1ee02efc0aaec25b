package org.shapeforge.program;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SourceText;

/**
 * Coverage-guided fuzz target for the {@code .shp} program front end (issue 13), in the style of
 * {@link org.shapeforge.lang.ParserFuzzTest}. A plain {@code mvn test} replays the checked-in corpus
 * ({@code src/test/resources/org/shapeforge/program/ProgramParserFuzzTestInputs/parse/}) and every
 * crash found so far; fuzzing runs under {@code JAZZER_FUZZ=1} (README, "Fuzzing").
 *
 * <p>Contract checked: bytes → strict UTF-8 → {@link ProgramParser#parse} → {@link ShapeLogic#generate}
 * ends either in constraints or in a {@link ShapeError} (a {@code ParseError}, a {@code SpecError}, …)
 * with a {@code file:line:col} location — any other exception (NPE, stack overflow,
 * {@code IllegalStateException}, …) is a finding.
 */
class ProgramParserFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void parse(byte[] input) {
        Generated g;
        try {
            Program p = ProgramParser.parse("fuzz.shp", SourceText.decode("fuzz.shp", input));
            g = ShapeLogic.generate(p);
        } catch (ShapeError e) {
            if (e.span() == null || !e.span().isKnown())
                throw new AssertionError("error without a location: " + e.getMessage(), e);
            return;
        }
        assertNotNull(g.constraints());
    }
}
