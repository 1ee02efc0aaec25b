package org.shapeforge.oracle.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.Stats;
import org.shapeforge.term.Assignment;

/** One renderer, the exit codes of cli.md, and the honest boundary enforced by the records. */
class OutcomeViewTest {
    static final Stats ST = new Stats(1, 1, 1.0);
    static final Failure SEM = Failure.ofAll(FailureKind.SEMANTIC, "a = 3 and a = 5", List.of(Parser.parseConstraint("a = 3")));

    @Test
    void exitCodesFollowTheSpec() {
        assertEquals(0, OutcomeView.exitCode(new Outcome.Sat(Assignment.empty(), Optional.empty(), List.of(), ST)));
        assertEquals(1, OutcomeView.exitCode(new Outcome.Unsat(SEM, ST)));
        assertEquals(3, OutcomeView.exitCode(Outcome.Unknown.of(Failure.ofAll(FailureKind.POLICY, "placement", List.of()), ST)));
        assertEquals(2, OutcomeView.exitCode(Outcome.Unknown.of(Failure.ofAll(FailureKind.ERROR, "hidden dimension", List.of()), ST)));
        assertEquals(3, OutcomeView.exitCode(new Outcome.Unknown("timeout", ST)));
        assertEquals(3, OutcomeView.worst(1, 3));
        assertEquals(2, OutcomeView.worst(3, 2));
        assertEquals(1, OutcomeView.worst(0, 1));
    }

    @Test
    void onlyProofsAreUnsat() {
        assertThrows(IllegalArgumentException.class, () -> new Outcome.Unsat(Failure.ofAll(FailureKind.POLICY, "x", List.of()), ST));
        assertThrows(IllegalArgumentException.class, () -> new Outcome.Unsat(Failure.ofAll(FailureKind.BOUNDED, "x", List.of()), ST));
        assertThrows(IllegalArgumentException.class, () -> Outcome.Unknown.of(SEM, ST));
    }

    @Test
    void jsonAndTextSayTheSameThing() {
        var u = Outcome.Unknown.of(Failure.ofAll(FailureKind.POLICY, "placement", List.of(Parser.parseConstraint("a = 3"))), ST);
        var doc = OutcomeView.json(u);
        assertEquals("fail", doc.get("verdict").asText());
        assertEquals("unknown", doc.get("outcome").asText());
        assertEquals("policy", doc.at("/failure/kind").asText());
        assertTrue(OutcomeView.text(u).startsWith("fail policy (unknown) — placement"), OutcomeView.text(u));
        assertEquals("unsat", OutcomeView.json(new Outcome.Unsat(SEM, ST)).get("outcome").asText());
    }
}
