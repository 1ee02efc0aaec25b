package org.shapeforge.oracle.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.ShapeLogic;

/** {@link ProgramFuzzer}'s program minimization and determinism of the case programs. */
class ProgramFuzzerTest {

    /** ddmin over lines keeps a program that still parses and generates: the line needed and the definitions it uses. */
    @Test
    void minimizationDropsLinesButKeepsAParsingProgram() {
        String text = "# header\nx0 = data(o=[2])\nx1 = data(o=[3])\ny0 = relu(x1)\ny1 = x0 + x0\ny2 = transpose(y0)\n";
        String min = ProgramFuzzer.minimize(text, t -> {
            try {
                ShapeLogic.generate(ProgramParser.parse("t.shp", t));
            } catch (RuntimeException e) {
                return false;
            }
            return t.contains("y2 = transpose(y0)");
        });
        assertEquals("x1 = data(o=[3])\ny0 = relu(x1)\ny2 = transpose(y0)\n", min);
    }

    @Test
    void caseProgramsAreDeterministicPerSeedAndIndex() {
        assertEquals(ProgramFuzzer.program(7, 42, false), ProgramFuzzer.program(7, 42, false));
        assertTrue(!ProgramFuzzer.program(7, 42, false).equals(ProgramFuzzer.program(7, 43, false)));
    }
}
