package org.shapeforge.oracle;

import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Judgement;
import org.shapeforge.semantics.Truth;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Assignment;

/**
 * Decorator: re-checks every Sat model of the wrapped solver with the trusted evaluator
 * (style lesson 3) under the options' semantics. A model the evaluator rejects is not passed on:
 * the answer becomes {@link Outcome.Unknown} whose reason starts with {@value #REJECTED} and names
 * the violated constraints — the caller (e.g. verified inference) can fall back; the fuzzer counts
 * it as {@code unsound-accept}. Entailment and export are delegated unchanged.
 */
public final class Checked implements ShapeSolver {
    public static final String REJECTED = "model rejected by the evaluator";

    private final ShapeSolver inner;

    public Checked(ShapeSolver inner) {
        this.inner = inner;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Outcome solve(Problem problem, SolveOptions options) {
        Outcome o = inner.solve(problem, options);
        if (!(o instanceof Outcome.Sat s)) return o;
        Assignment m = withDynamicAtUnit(problem, s.model());
        Optional<String> bad = org.shapeforge.semantics.Admissible.violation(m, org.shapeforge.semantics.Admissible.discardable(problem))
                .or(() -> violations(problem.constraints(), m, options, hasDynamic(problem)));
        return bad.<Outcome>map(why -> new Outcome.Unknown(REJECTED + ": " + why, o.stats())).orElse(o);
    }

    /**
     * {@code dynamic} dimensions stay symbolic and out of the model (docs/solver.md); they are
     * checked at 1, as the native soundness guard does.
     */
    static Assignment withDynamicAtUnit(Problem p, Assignment m) {
        Assignment out = m;
        for (org.shapeforge.lang.Declaration d : p.declarations())
            if (d.kind() == org.shapeforge.lang.Declaration.Provenance.DYNAMIC)
                for (var v : d.vars())
                    if (!v.row() && !out.dims().containsKey(v.name())) out = out.withDim(v.name(), org.shapeforge.term.Dim.unit());
        return out;
    }

    private static boolean hasDynamic(Problem p) {
        return p.declarations().stream().anyMatch(d -> d.kind() == org.shapeforge.lang.Declaration.Provenance.DYNAMIC);
    }

    /**
     * The constraints {@code model} does not satisfy. With {@code symbolic} (the problem declares
     * {@code dynamic} dimensions, whose dependants stay symbolic and out of the model), constraints
     * over unassigned variables are not judged here; the native solver's own guard checks them at 1.
     */
    static Optional<String> violations(List<Constraint> cs, Assignment model, SolveOptions options, boolean symbolic) {
        StringBuilder sb = new StringBuilder();
        for (Judgement j : Evaluator.evaluate(cs, model, options.semantics()))
            if (j.truth() == Truth.FAILS || j.truth() == Truth.UNDEFINED && !symbolic)
                sb.append(sb.isEmpty() ? "" : "; ").append(Printer.print(j.constraint())).append(" (").append(j.detail()).append(')');
        return sb.isEmpty() ? Optional.empty() : Optional.of(sb.toString());
    }

    @Override
    public Entailment entails(Problem problem, Constraint c, SolveOptions options) {
        return inner.entails(problem, c, options);
    }

    @Override
    public Optional<String> exportSmtLib(Problem problem, SolveOptions options) {
        return inner.exportSmtLib(problem, options);
    }
}
