package org.shapeforge.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Printer;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.Stats;

/**
 * A program's diagnosis is decided on the failure's typed data (issue 30): the constraints by
 * their indices into the generated constraints, and a hidden dimension by the variable the
 * solver names ({@link Failure#hidden()}), never by the message's text or by looking a constraint
 * object up. So rewording a solver's message changes no diagnosis, and a message that happens to
 * mention a parameter's row makes none.
 */
class DiagnosisTypedDataTest {
    static final Generated MLP = ShapeLogic.generate(ProgramParser.parse("t.shp",
            "x = data(b=[32], o=[784])\nw1 = param()\nh = relu(w1 * x)\nw2 = param(o=[10])\ny = w2 * h\n"));
    static final Stats ST = new Stats(0, 0, 0);

    static Inference.Diagnosis diagnose(Generated g, String message, BitSet at, Optional<Declaration.VarRef> hidden) {
        Failure f = Failure.of(FailureKind.ERROR, message, g.problem().constraints(), at, hidden);
        return Inference.of(g, Outcome.Unknown.of(f, ST)).failure().orElseThrow();
    }

    static BitSet mentioning(Generated g, String text) {
        BitSet out = new BitSet();
        for (int i = 0; i < g.constraints().size(); i++) if (Printer.print(g.constraints().get(i)).contains(text)) out.set(i);
        return out;
    }

    @Test
    void aHiddenDimensionNamedByTheSolverIsDiagnosedWhateverItsMessageSays() {
        BitSet at = mentioning(MLP, "<w1'o>");
        assertTrue(at.cardinality() > 0);
        for (String message : List.of("unspecified hidden dimension in parameter <w1'o>: 1 position(s) ...", "reworded: no names at all")) {
            Inference.Diagnosis d = diagnose(MLP, message, at, Optional.of(new Declaration.VarRef("w1'o", true)));
            assertTrue(d.message().startsWith("t.shp:2:1: parameter 'w1' in `w1 = param()` has a hidden dimension: its output row"),
                    d.message());
            assertTrue(d.message().endsWith("(" + message + ")"), d.message());
            assertEquals("give 'w1' its output axes explicitly, e.g. `w1 = param(o=[64])`", d.hint());
        }
    }

    @Test
    void aMessageThatMentionsAParameterRowMakesNoHiddenDimension() {
        BitSet at = mentioning(MLP, "<w1'o>");
        Inference.Diagnosis d = diagnose(MLP, "symmetric choice: no constraint tells <w1'o>, <h'o> apart", at, Optional.empty());
        assertFalse(d.message().contains("hidden dimension"), d.message());
        assertFalse(d.hint().contains("give 'w1'"), d.hint());
    }

    @Test
    void eachConstraintIsReadByItsIndexEvenAmongEqualOnes() {
        Generated g = ShapeLogic.generate(ProgramParser.parse("t.shp", "a = data(o=[3])\nb = data(o=[3])\ny = a + b\nz = a + a\n"));
        boolean equalPair = false;
        for (int i = 0; i < g.constraints().size(); i++) {
            for (int j = 0; j < i; j++)
                equalPair |= g.constraints().get(i).equals(g.constraints().get(j)) && !g.origins().get(i).equals(g.origins().get(j));
            BitSet one = new BitSet();
            one.set(i);
            Inference.Diagnosis d = diagnose(g, "reworded", one, Optional.empty());
            assertEquals(List.of(g.origins().get(i)), d.origins(), "constraint " + i);
            assertEquals(List.of(Printer.print(g.constraints().get(i)) + "   [" + g.origins().get(i).brief() + "]"), d.constraints());
        }
        assertTrue(equalPair, "the program should generate two equal constraints with different origins (a + a)");
    }
}
