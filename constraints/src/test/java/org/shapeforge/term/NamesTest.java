package org.shapeforge.term;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The lexical rules of variable names, fast paths (ASCII, Greek small letters) and Unicode alike. */
class NamesTest {
    @Test
    void dimensionNamesStartWithALowerCaseLetter() {
        for (String ok : new String[] {"a", "k2", "hidden_1", "x'", "φ12", "α", "ω9", "éa", "ςx", "ΐ"})
            assertTrue(Names.isDimName(ok), ok);
        for (String bad : new String[] {"", "A", "Φ1", "2a", "_a", "a-b", "∑", "a b", "Ά"})
            assertFalse(Names.isDimName(bad), bad);
    }

    @Test
    void rowNamesAreIdentifiers() {
        for (String ok : new String[] {"r", "R", "_r", "ρ5", "Ω", "bt", "x_1'", "éé"})
            assertTrue(Names.isRowName(ok), ok);
        for (String bad : new String[] {"", "1r", "'r", "r-s", "∑", "r s"})
            assertFalse(Names.isRowName(bad), bad);
    }
}
