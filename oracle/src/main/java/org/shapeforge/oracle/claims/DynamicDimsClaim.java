package org.shapeforge.oracle.claims;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Dim;

/**
 * Dynamic dims stay symbols (issue 31): a dynamic dim is runtime-sized and never closed
 * ({@link Declaration.Provenance#DYNAMIC}), so when native answers {@code Sat} every number it gives
 * a dynamic dim — or a variable σ⋆ binds to one, or one with a symbolic size
 * ({@link SolvedForm#symbolicSizes()}) — must be forced by the constraints. The numbers are read
 * from the closed model, from σ⋆'s ground bindings, and from symbolic sizes that read back as a
 * constant; each {@code size(d) == value} is asked of SMT as an entailment: entailed is fine, a
 * counter-model fails the claim (it names the dim, the value and the other value), undetermined
 * is counted. The claim holds only when some number was confirmed forced; with none fixed (every
 * dim stays a symbol: nothing to ask) or none decided it is skipped with its counts (issue 27).
 * It is a regression guard: native answers {@code Unknown} rather than close a dynamic dim, so on
 * a correct solver it holds or is skipped (ONNX's {@code batch = 1} was the bug it would have
 * caught).
 */
final class DynamicDimsClaim {
    private DynamicDimsClaim() {}

    static final String NAME = "dynamic dims stay symbols";

    static Claim check(Problem p, Outcome nat, ShapeSolver smt, SolveOptions o) {
        Set<String> dynamic = dynamicDims(p);
        if (dynamic.isEmpty()) return Claim.skipped(NAME, "no dynamic dims");
        if (!(nat instanceof Outcome.Sat s)) return Claim.skipped(NAME, "native did not succeed");
        List<Constraint> fixed = fixedNumbers(p, dynamic, s);
        if (fixed.isEmpty())
            return Claim.skipped(NAME, "no dynamic dim or symbolic size fixed to a number (dynamic: " + String.join(", ", dynamic) + "): nothing to ask SMT");
        int entailed = 0, undetermined = 0;
        for (Constraint eq : fixed.subList(0, Math.min(Claims.MAX_QUERIES, fixed.size()))) {
            switch (smt.entails(p, eq, o)) {
                case Entailment.Entailed en -> entailed++;
                case Entailment.NotEntailed ne -> {
                    return Claim.fails(NAME, "native fixes " + Printer.print(eq) + ", which the constraints do not force (dynamic: "
                            + String.join(", ", dynamic) + "): counter-model " + Printer.print(ne.counterexample()));
                }
                case Entailment.Undetermined u -> undetermined++;
            }
        }
        String detail = entailed + " of " + fixed.size() + " numbers fixed for dynamic dims or symbolic sizes entailed by SMT"
                + (undetermined > 0 ? ", " + undetermined + " undetermined" : "")
                + (fixed.size() > Claims.MAX_QUERIES ? ", " + (fixed.size() - Claims.MAX_QUERIES) + " not checked" : "");
        return entailed == 0 ? Claim.skipped(NAME, detail) : Claim.holds(NAME, detail);
    }

    /** The dimension variables {@code dynamic} declares. */
    static Set<String> dynamicDims(Problem p) {
        Set<String> out = new TreeSet<>();
        for (Declaration d : p.declarations())
            if (d.kind() == Declaration.Provenance.DYNAMIC)
                for (Declaration.VarRef v : d.vars()) if (!v.row()) out.add(v.name());
        return out;
    }

    /**
     * {@code size(v) == n} for each input variable {@code v} that is a dynamic dim, is equated to
     * one in the input ({@code y = batch}) or bound to one in σ⋆, or has a symbolic size, and each
     * number {@code n} native gives it: σ⋆'s ground binding, the model's value, its symbolic size
     * read as a constant (each distinct pair once). Sizes, not atoms: a basis tag is no number
     * native chose. Fresh variables of σ⋆ are not asked about (Φ0 does not mention them).
     */
    private static List<Constraint> fixedNumbers(Problem p, Set<String> dynamic, Outcome.Sat s) {
        Set<String> watched = new TreeSet<>(dynamic);
        for (Constraint c : p.constraints())
            if (c instanceof Constraint.DimEq(Dim.Var(String a, int i), Dim.Var(String b, int j), Span sp)) {
                if (dynamic.contains(a)) watched.add(b);
                if (dynamic.contains(b)) watched.add(a);
            }
        s.solved().ifPresent(sf -> {
            for (var e : sf.dimBindings().entrySet()) {
                if (e.getValue() instanceof Dim.Var(String x, int id) && dynamic.contains(x)) watched.add(e.getKey());
                if (dynamic.contains(e.getKey()) && e.getValue() instanceof Dim.Var(String x, int id)) watched.add(x);
            }
            watched.addAll(sf.symbolicSizes().sizes().keySet());
        });
        watched.retainAll(Claims.inputVars(p));
        Set<Constraint> out = new LinkedHashSet<>();
        for (String v : watched) {
            List<Dim> values = new ArrayList<>();
            s.solved().ifPresent(sf -> {
                values.add(sf.dimBindings().get(v));
                var z = sf.symbolicSizes().sizes().get(v);
                if (z != null) z.asConstant().ifPresent(n -> values.add(Dim.atom(n)));
            });
            values.add(s.model().dims().get(v));
            for (Dim d : values) {
                Long n = d instanceof Dim.Atom a ? Long.valueOf(a.size()) : d instanceof Dim.Unit ? Long.valueOf(1) : null;
                if (n != null)
                    out.add(new Constraint.SizeRel(new SizeExpr.Size(Dim.var(v)), Constraint.Rel.EQ, new SizeExpr.Lit(n), Span.NONE));
            }
        }
        return List.copyOf(out);
    }
}
