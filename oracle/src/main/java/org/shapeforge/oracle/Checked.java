package org.shapeforge.oracle;

import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Admissible;
import org.shapeforge.semantics.AtUnit;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Judgement;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.semantics.Truth;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Entailments;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SmtLibQuery;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.solver.SymbolicSizes;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;

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
        return recheck(problem, options, inner.solve(problem, options));
    }

    /**
     * The re-check itself, on an answer already given for {@code problem} under {@code options}:
     * {@code o} unchanged unless it is a Sat whose model the evaluator rejects (then Unknown, as
     * above). The one place a solver's Sat is judged for its callers; {@link Backend#nativeTraced}
     * passes its answer through here too.
     */
    public static Outcome recheck(Problem problem, SolveOptions options, Outcome o) {
        if (!(o instanceof Outcome.Sat s)) return o;
        var symbolic = s.solved().map(SolvedForm::symbolicSizes)
                .orElse(SymbolicSizes.NONE);
        if (!symbolic.checkedAt().isEmpty()) return atBindings(problem, options, s, symbolic);
        Assignment m = withDynamicAtUnit(problem, s.model());
        Optional<String> bad = Admissible.violation(m, Admissible.discardable(problem))
                .or(() -> violations(problem.constraints(), m, options, hasDynamic(problem)));
        return bad.<Outcome>map(why -> new Outcome.Unknown(REJECTED + ": " + why, o.stats())).orElse(o);
    }

    /**
     * A model whose sizes stay symbolic over the dynamic dims ({@link org.shapeforge.solver.SymbolicSizes}:
     * {@code y = (h + 1) // 2}, with domain conditions such as {@code h >= 2}) is judged at the
     * bindings the solver reports in its domain ({@code checkedAt}), not at 1 (which the domain may
     * exclude): each dynamic dim at its bound value and each symbolic size evaluated there. The
     * answer passes when the whole input holds at one of them at least (a binding may lie outside
     * what the input's constraints on the dynamic dims alone allow, {@code 2 <= b}); else it is
     * rejected, naming the first binding's violations.
     */
    private static Outcome atBindings(Problem problem, SolveOptions options, Outcome.Sat s,
            SymbolicSizes symbolic) {
        String first = null;
        for (var binding : symbolic.checkedAt()) {
            Assignment m = s.model();
            try {
                for (var e : binding.entrySet())
                    if (!m.dims().containsKey(e.getKey())) m = m.withDim(e.getKey(), atSize(e.getValue()));
                for (var e : symbolic.sizes().entrySet())
                    if (!m.dims().containsKey(e.getKey()))
                        m = m.withDim(e.getKey(), atSize(e.getValue().eval(binding)));
            } catch (ArithmeticException overflow) {
                if (first == null) first = "at " + binding + ": a symbolic size overflows (" + overflow.getMessage() + ")";
                continue;
            }
            Assignment at = withDynamicAtUnit(problem, m);
            Optional<String> bad = Admissible.violation(at, Admissible.discardable(problem))
                    .or(() -> violations(problem.constraints(), at, options, true));
            if (bad.isEmpty()) return s;
            if (first == null) first = "at " + binding + ": " + bad.get();
        }
        return new Outcome.Unknown(REJECTED + ": " + first, s.stats());
    }

    /**
     * The ground dimension of a size read off a binding or a symbolic size: {@code Sizes.ofSize}
     * with the default basis, so size 1 is the unit (as the native guard reads it, {@code Report.symbolicAt}),
     * never the non-canonical {@code 1:default} atom that no dimension term grounds to (issue 28:
     * {@code a = affine(a, stride=1, kernel=a, dilation=2)} at {@code a = 1} was rejected as
     * {@code 1:default != 1}).
     */
    private static Dim atSize(long n) {
        return Sizes.ofSize(n, Dim.DEFAULT_BASIS);
    }

    /**
     * {@code dynamic} dimensions stay symbolic and out of the model (docs/solver.md); they are
     * checked at 1, as the native soundness guard does.
     */
    static Assignment withDynamicAtUnit(Problem p, Assignment m) {
        return AtUnit.withDynamicDims(p.declarations(), m);
    }

    private static boolean hasDynamic(Problem p) {
        return p.declarations().stream().anyMatch(d -> d.kind() == Declaration.Provenance.DYNAMIC);
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
    public Entailments entailments(Problem problem, SolveOptions options) {
        return inner.entailments(problem, options);
    }

    @Override
    public Optional<String> exportSmtLib(Problem problem, SolveOptions options) {
        return inner.exportSmtLib(problem, options);
    }

    @Override
    public Optional<List<String>> exportSmtLib(Problem problem, List<String> notes, List<SmtLibQuery> queries, SolveOptions options) {
        return inner.exportSmtLib(problem, notes, queries, options);
    }
}
