package org.shapeforge.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/** z3 against the trusted evaluator on small generated inputs, under every semantics. */
class CrossCheckProperties {
    static final SolveOptions OPTS = SolveOptions.defaults().withTimeoutMs(5_000);

    @Provide
    Arbitrary<List<Constraint>> open() {
        return GroundGen.constraints(true).list().ofMinSize(1).ofMaxSize(3).map(GroundGen::numbered);
    }

    @Provide
    Arbitrary<List<Constraint>> ground() {
        return GroundGen.constraints(false).list().ofMinSize(1).ofMaxSize(2).map(GroundGen::numbered);
    }

    @Property(tries = 60)
    void everySatModelSatisfiesTheInput(@ForAll("open") List<Constraint> cs, @ForAll Semantics s) {
        Outcome o = new SmtSolver().solve(problem(cs), OPTS.withSemantics(s));
        Statistics.label("verdict").collect(o.getClass().getSimpleName());
        Statistics.label("verdict").coverage(c -> c.check("Sat").percentage(p -> p > 10));
        Statistics.label("verdict").coverage(c -> c.check("Unsat").percentage(p -> p > 10));
        if (o instanceof Outcome.Sat sat)
            assertTrue(Evaluator.holdsAll(cs, sat.model(), s), () -> text(cs) + "\nmodel " + Printer.print(sat.model()));
    }

    @Property(tries = 80)
    void groundVerdictEqualsTheEvaluators(@ForAll("ground") List<Constraint> cs, @ForAll Semantics s) {
        Outcome o = new SmtSolver().solve(problem(cs), OPTS.withSemantics(s));
        boolean holds = Evaluator.holdsAll(cs, Assignment.empty(), s);
        Statistics.label("ground").collect(holds);
        Statistics.label("ground").coverage(c -> c.check(true).percentage(p -> p > 5));
        Statistics.label("ground").coverage(c -> c.check(false).percentage(p -> p > 5));
        if (holds) assertInstanceOf(Outcome.Sat.class, o, () -> s + " " + text(cs) + " -> " + o);
        else {
            assertInstanceOf(Outcome.Unsat.class, o, () -> s + " " + text(cs) + " -> " + o + " (ground verdicts do not depend on a rank bound)");
        }
    }

    @Property(tries = 60)
    void noUnsatWhenTheBruteForceFindsASmallSolution(@ForAll("open") List<Constraint> cs, @ForAll Semantics s) {
        var small = SmallModels.find(cs, s);
        Statistics.label("small solution").collect(small.isPresent());
        Statistics.label("small solution").coverage(c -> c.check(true).percentage(p -> p > 10));
        if (small.isEmpty()) return;
        Outcome o = new SmtSolver().solve(problem(cs), OPTS.withSemantics(s));
        Statistics.label("decided").collect(!(o instanceof Outcome.Unknown u && u.cause().isEmpty()));
        Statistics.label("decided").coverage(c -> c.check(true).percentage(p -> p >= 60));
        assertFalse(o instanceof Outcome.Unsat, () -> s + " " + text(cs) + " has the solution " + Printer.print(small.get()) + " but z3 says " + o);
        if (o instanceof Outcome.Unknown u && u.rankBound().isPresent()) {
            int rank = small.get().rows().values().stream().mapToInt(r -> r.flat().size()).max().orElse(0);
            assertTrue(u.rankBound().get() < rank,
                    () -> s + " " + text(cs) + " has the solution " + Printer.print(small.get()) + " within the bound, but z3 says " + o);
        }
    }

    @Property(tries = 50)
    void unsatCoresAreSubsetsAndUnsatAlone(@ForAll("open") List<Constraint> cs, @ForAll Semantics s) {
        Outcome o = new SmtSolver().solve(problem(cs), OPTS.withSemantics(s));
        if (!(o instanceof Outcome.Unsat u)) return;
        List<Constraint> core = u.core().constraints();
        assertTrue(!core.isEmpty() && cs.containsAll(core), () -> "core " + core + " not within " + cs);
        SolveOptions sameBound = OPTS.withSemantics(s).withRankBound(SmtSolver.rankBound(cs, OPTS));
        Outcome alone = new SmtSolver().solve(problem(core), sameBound);
        assertInstanceOf(Outcome.Unsat.class, alone, () -> "core alone: " + text(core) + " -> " + alone);
    }

    private static Problem problem(List<Constraint> cs) {
        return new Problem("gen.shc", List.copyOf(cs));
    }

    private static String text(List<Constraint> cs) {
        return String.join("; ", cs.stream().map(Printer::print).toList());
    }
}
