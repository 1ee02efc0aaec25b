package org.shapeforge.program.dynamic;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.term.Dim;

/** {@link DimClasses}: classes through internal variables, and a representative independent of every order (issue 31). */
class DimClassesTest {
    /** σ⋆ of the chain: {@code m ↦ φ3}, {@code e1'r ↦ φ3}, {@code e1'b ↦ t}. */
    static final Map<String, Dim> CHAIN = Map.of("m", new Dim.Var("φ3"), "e1'r", new Dim.Var("φ3"), "e1'b", new Dim.Var("t"),
            "e1'f", new Dim.Atom(4));

    @Test
    void aDimBoundToAFreshVariableKeepsItsNameAndLendsItToTheOthers() {
        DimClasses c = DimClasses.build(Set.of("n", "t", "m"), CHAIN);
        assertEquals("m", c.ofInternal("φ3").orElseThrow().representative());
        assertEquals("m", c.ofInternal("e1'r").orElseThrow().representative());
        assertEquals("t", c.ofInternal("e1'b").orElseThrow().representative());
        assertTrue(c.ofInternal("e1'f").isEmpty()); // equal to no dynamic dim
        assertEquals(Set.of("m"), c.of("m").orElseThrow().members()); // internal variables are not members
    }

    @Test
    void theRepresentativeIsTheLeastNameWhateverTheOrderOfDeclarationsAndBindings() {
        Random r = new Random(17);
        for (int i = 0; i < 20; i++) {
            List<String> decl = new ArrayList<>(List.of("q", "a", "z"));
            Collections.shuffle(decl, r);
            List<Map.Entry<String, Dim>> bs = new ArrayList<>(List.of(Map.entry("q", new Dim.Var("φ1")),
                    Map.entry("z", new Dim.Var("φ1")), Map.entry("a", new Dim.Var("φ2")), Map.entry("φ2", new Dim.Var("q"))));
            Collections.shuffle(bs, r);
            Map<String, Dim> sigma = new LinkedHashMap<>();
            bs.forEach(e -> sigma.put(e.getKey(), e.getValue()));
            DimClasses c = DimClasses.build(new LinkedHashSet<>(decl), sigma);
            assertEquals(1, c.classes().size(), decl + " " + bs);
            assertEquals("a", c.classes().getFirst().representative());
            assertEquals("a = q = z", c.classes().getFirst().printed());
            assertEquals("a", c.ofInternal("φ1").orElseThrow().representative());
        }
    }

    @Test
    void aClassWithANumberIsConstant() {
        DimClasses c = DimClasses.build(Set.of("n", "m"), Map.of("n", new Dim.Var("φ"), "φ", new Dim.Atom(16), "m", new Dim.Var("n")));
        assertEquals("m = n = 16", c.classes().getFirst().printed());
    }
}
