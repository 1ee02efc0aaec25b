package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Expectation;
import org.shapeforge.lang.Problem;
import org.shapeforge.term.Assignment;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Test helper: evaluates a problem's {@code native:}, {@code complete:}, {@code closed},
 * {@code principal} and {@code entails} expectations against the native solver; returns the
 * list of mismatches (empty when all hold). SMT expectations are not ours and are skipped.
 */
final class WitnessCheck {
    private WitnessCheck() {}

    static List<String> mismatches(Problem p) {
        NativeSolver solver = new NativeSolver();
        Problem bare = p.withoutExpectations();
        Outcome det = solver.solve(bare, SolveOptions.defaults());
        List<String> bad = new ArrayList<>();
        for (Expectation e : p.expectations()) {
            switch (e) {
                case Expectation.ExpectVerdict(Expectation.Engine eng, Expectation.Verdict v, var s) when eng.isNative() -> {
                    Outcome o = eng == Expectation.Engine.NATIVE ? det : solver.solve(bare, SolveOptions.defaults().withComplete(true));
                    String why = verdict(v, o);
                    if (why != null) bad.add(s.line() + ": " + eng.keyword + ": " + why);
                }
                case Expectation.ExpectClosed(Constraint c, var s) -> {
                    if (!(det instanceof Outcome.Sat sat)) bad.add(s.line() + ": closed: not sat: " + det);
                    else if (!closedHolds(c, sat.model())) bad.add(s.line() + ": closed " + c + " but model " + sat.model());
                }
                case Expectation.ExpectPrincipal(boolean pr, var s) -> {
                    if (!(det instanceof Outcome.Sat sat) || sat.solved().orElseThrow().principal() != pr)
                        bad.add(s.line() + ": principal " + pr + " but " + det);
                }
                case Expectation.ExpectEntails(Constraint c, var s) -> {
                    Entailment en = solver.entails(bare, c, SolveOptions.defaults());
                    if (!(en instanceof Entailment.Entailed)) bad.add(s.line() + ": entails " + c + ": " + en);
                }
                default -> {}
            }
        }
        return bad;
    }

    private static String verdict(Expectation.Verdict v, Outcome o) {
        return switch (v) {
            case Expectation.Verdict.Sat x -> o instanceof Outcome.Sat ? null : "expected sat, got " + o;
            case Expectation.Verdict.Fail(var kind, var text) -> {
                if (o.failure().isEmpty()) yield "expected fail, got " + o;
                var f = o.failure().get();
                if (kind.isPresent() && !kind.get().equals(f.kind().keyword)) yield "expected " + kind.get() + ", got " + f;
                if (text.isPresent() && !f.message().contains(text.get())) yield "expected text " + text.get() + ", got " + f;
                yield null;
            }
            default -> "unsupported expectation " + v;
        };
    }

    private static boolean closedHolds(Constraint c, Assignment m) {
        return switch (c) {
            case Constraint.DimEq(Dim.Var v, Dim val, var s) -> val.equals(m.dims().get(v.name()));
            case Constraint.RowEq(Row.Open o, Row val, var s) -> m.rows().containsKey(o.var())
                    && m.rows().get(o.var()).flat().equals(val.flat());
            default -> false;
        };
    }
}
