package org.shapeforge.oracle.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Span;
import org.shapeforge.semantics.Admissible;
import org.shapeforge.semantics.DimOrder;
import org.shapeforge.semantics.FlatEquiv;
import org.shapeforge.semantics.OneShotOrder;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The claims of seed 003 checked on one input (issue 10), each by an independent opinion: SMT
 * entailment queries ({@code flat}) and the trusted evaluator.
 * <ul>
 *   <li>Thm. 5.6(2) no-guessing: every binding of σ⋆ over input variables alone is entailed
 *       (Φ0 ∧ ¬binding unsat; rows by content, ≈); bindings that mention fresh variables are
 *       existential and not queried (counted in the detail). So are bindings derived through a
 *       policy step ({@link SolvedForm#policyDerived}): the theorem's caveat ties (1)/(2) to
 *       placement-undiscriminated inputs, and such a binding is a commitment of the run (Remark 2.11,
 *       Lemma 5.1) — e.g. {@code [b] <> [3] ~ <r2>} read by a marker-sensitive inequality pins b.</li>
 *   <li>Cor. 5.7: each variable σ⋆ leaves unsolved admits two values (its closed value is not
 *       entailed) or carries only its top default (the entailed value is the one γ↑ gives it: the
 *       corollary's second disjunct; any other entailed value fails the claim).</li>
 *   <li>Cor. 5.8: no residual caps ⇒ σ⋆ is a principal model: the sampled SMT model is an instance
 *       of every ground binding of σ⋆ not derived through a policy step (the same caveat).</li>
 *   <li>Prop. 5.4 / 6.4(iii): γ↑ satisfies Φ0 (core fragment only), and the sampled SMT model is
 *       below γ↑ variable by variable (⊑ on dimensions, ⊑¹ on rows) — unless the model is outside
 *       Φ0^rk: a row whose binding went through a policy step ({@code SolvedForm.policyRows}) with
 *       fewer axes in the model than σ⋆ commits (skipped, with the reason).</li>
 *   <li>Prop. 6.2: the closed solution satisfies Φ0, by the evaluator.</li>
 *   <li>Cor. 5.5 (success direction): native succeeds ⇒ Φ0 is satisfiable (SMT does not refute it).</li>
 *   <li>Beside the notes (issue 31), {@link DynamicDimsClaim}: every number native gives a dynamic
 *       dim, or a variable tied to one, is entailed (dynamic dims stay symbols).</li>
 * </ul>
 * At most {@value #MAX_QUERIES} entailment queries per claim (the rest are counted as not checked).
 * A claim {@code holds} only when something was checked: no-guessing with no binding confirmed
 * entailed, or principality with no ground binding compared, is {@code skipped} with its count
 * (issue 27: both reported "holds" with nothing checked).
 */
public final class Claims {
    private Claims() {}

    static final int MAX_QUERIES = 24;

    public static List<Claim> check(Problem p, Outcome nat, Outcome smtFlat, ShapeSolver smt, SolveOptions smtOpts) {
        List<Claim> out = new ArrayList<>();
        Optional<SolvedForm> sf = nat instanceof Outcome.Sat s ? s.solved() : Optional.empty();
        Optional<Assignment> sample = smtFlat instanceof Outcome.Sat s ? Optional.of(s.model()) : Optional.empty();
        out.add(noGuessing(p, sf, smt, smtOpts));
        out.add(twoValues(p, nat, sf, smt, smtOpts));
        out.add(principal(sf, sample));
        out.add(upward(p, sf, sample));
        out.add(closed(p, nat));
        out.add(success(nat, smtFlat));
        out.add(DynamicDimsClaim.check(p, nat, smt, smtOpts));
        return out;
    }

    private static final String T56 = "Thm5.6(2) no-guessing", C57 = "Cor5.7 two values", C58 = "Cor5.8 principal",
            P54 = "Prop5.4/6.4 upward closing", P62 = "Prop6.2 closed solution", C55 = "Cor5.5 success";

    private static Claim noGuessing(Problem p, Optional<SolvedForm> sf, ShapeSolver smt, SolveOptions o) {
        if (sf.isEmpty()) return Claim.skipped(T56, "native did not succeed");
        List<Constraint> bindings = new ArrayList<>();
        int existential = 0, policy = 0;
        Set<String> inputs = inputVars(p);
        for (Map.Entry<String, Dim> e : sf.get().dimBindings().entrySet()) {
            if (!inputs.contains(e.getKey())) continue;
            if (sf.get().policyDerived(e.getKey(), false)) policy++;
            else if (!onlyInputs(Printer.print(e.getValue()), inputs)) existential++;
            else bindings.add(new Constraint.DimEq(Dim.var(e.getKey()), e.getValue(), Span.NONE));
        }
        for (Map.Entry<String, Row> e : sf.get().rowBindings().entrySet()) {
            if (!inputs.contains("<" + e.getKey() + ">")) continue;
            if (sf.get().policyDerived(e.getKey(), true)) policy++;
            else if (!onlyInputs(Printer.print(e.getValue()), inputs)) existential++;
            else bindings.add(new Constraint.RowEq(Row.var(e.getKey()), e.getValue(), Span.NONE));
        }
        int entailed = 0, undetermined = 0;
        for (Constraint b : bindings.subList(0, Math.min(MAX_QUERIES, bindings.size()))) {
            switch (smt.entails(p, b, o)) {
                case Entailment.Entailed en -> entailed++;
                case Entailment.NotEntailed ne -> {
                    return Claim.fails(T56, "binding " + Printer.print(b) + " is a guess: counter-model " + Printer.print(ne.counterexample()));
                }
                case Entailment.Undetermined u -> undetermined++;
            }
        }
        String detail = entailed + " of " + bindings.size() + " bindings entailed by SMT"
                + (undetermined > 0 ? ", " + undetermined + " undetermined" : "")
                + (existential > 0 ? ", " + existential + " with fresh variables not queried" : "")
                + (policy > 0 ? ", " + policy + " derived through a policy step not queried (Thm. 5.6's caveat: a placement a marker-sensitive fact discriminates)" : "");
        // holds only when some binding was confirmed entailed: nothing queried, or nothing decided, is no evidence (issue 27)
        return entailed == 0 ? Claim.skipped(T56, detail) : Claim.holds(T56, detail);
    }

    private static Claim twoValues(Problem p, Outcome nat, Optional<SolvedForm> sf, ShapeSolver smt, SolveOptions o) {
        if (sf.isEmpty() || !(nat instanceof Outcome.Sat s)) return Claim.skipped(C57, "native did not succeed");
        List<Constraint> pins = new ArrayList<>();
        for (var e : s.model().dims().entrySet())
            if (!sf.get().dimBindings().containsKey(e.getKey())) pins.add(new Constraint.DimEq(Dim.var(e.getKey()), e.getValue(), Span.NONE));
        for (var e : s.model().rows().entrySet())
            if (!sf.get().rowBindings().containsKey(e.getKey())) pins.add(new Constraint.RowEq(Row.var(e.getKey()), e.getValue(), Span.NONE));
        if (pins.isEmpty()) return Claim.skipped(C57, "σ⋆ solves every variable");
        // The converse half ("every unsolved variable admits two values") is proved by Prop. 5.4, so
        // it holds under Prop. 5.4's hypotheses only (found by Thm5_6Properties: `[3, 3] <r2> ~ <r2>
        // [3, c]` stays deferred in the residual store while it forces c = 3).
        if (!coreOnly(p)) return Claim.skipped(C57, "size content outside the core fragment (Prop. 5.4, which the converse rests on, is for the core)");
        if (deferredWordEquations(sf.get()))
            return Claim.skipped(C57, "deferred word equations in the residual store (Def. 4.3(c)/(d)): outside Prop. 5.4's solved forms, which the converse rests on");
        Assignment up = sf.get().upward();
        int free = 0, topOnly = 0, undetermined = 0;
        for (Constraint c : pins.subList(0, Math.min(MAX_QUERIES, pins.size()))) {
            switch (smt.entails(p, c, o)) {
                case Entailment.NotEntailed ne -> free++;
                case Entailment.Entailed en -> {
                    // Cor. 5.7's second disjunct: an unsolved variable may carry only its top default,
                    // the value γ↑ gives it (Prop. 5.4) — the closed value is then γ↑'s. Anything else
                    // entailed was forced and σ⋆ should have bound it.
                    if (isTopDefault(c, up)) topOnly++;
                    else return Claim.fails(C57, "unsolved variable has only one value: " + Printer.print(c) + " is entailed (" + en.how()
                            + "), and it is not the top default γ↑ gives it");
                }
                case Entailment.Undetermined u -> undetermined++;
            }
        }
        String detail = free + " of " + pins.size() + " unsolved variables admit another value"
                + (topOnly > 0 ? ", " + topOnly + " carry only their top default (γ↑; Cor. 5.7's second disjunct)" : "")
                + (undetermined > 0 ? ", " + undetermined + " undetermined" : "");
        return free + topOnly == 0 ? Claim.skipped(C57, detail) : Claim.holds(C57, detail);
    }

    /** Whether a pin {@code x = v} of the closed model gives x the value γ↑ gives it (rows by flat content, Def. 2.9). */
    private static boolean isTopDefault(Constraint pin, Assignment up) {
        return switch (pin) {
            case Constraint.DimEq(Dim.Var(String x, _), Dim v, Span s) -> v.equals(up.dims().get(x));
            case Constraint.RowEq(Row.Open r, Row v, Span s) -> up.rows().get(r.var()) instanceof Row u && FlatEquiv.equivalent(v, u);
            default -> false;
        };
    }

    private static Claim principal(Optional<SolvedForm> sf, Optional<Assignment> sample) {
        if (sf.isEmpty()) return Claim.skipped(C58, "native did not succeed");
        if (!sf.get().principal()) return Claim.skipped(C58, "residual caps: σ⋆ is not claimed principal");
        if (sample.isEmpty()) return Claim.skipped(C58, "no SMT model to sample");
        Assignment m = sample.get();
        int checked = 0, policy = 0;
        for (var e : sf.get().dimBindings().entrySet()) {
            if (!(e.getValue().isGround()) || !m.dims().containsKey(e.getKey())) continue;
            if (sf.get().policyDerived(e.getKey(), false)) {
                policy++;
                continue;
            }
            checked++;
            if (!m.dims().get(e.getKey()).equals(e.getValue()))
                return Claim.fails(C58, "the SMT model " + Printer.print(m) + " is not an instance of σ⋆: " + e.getKey() + " = " + Printer.print(e.getValue()));
        }
        for (var e : sf.get().rowBindings().entrySet()) {
            Row v = e.getValue();
            if (!(v instanceof Row.Closed c) || !c.flat().stream().allMatch(Dim::isGround) || !m.rows().containsKey(e.getKey())) continue;
            if (sf.get().policyDerived(e.getKey(), true)) {
                policy++;
                continue;
            }
            checked++;
            if (!m.rows().get(e.getKey()).flat().equals(c.flat()))
                return Claim.fails(C58, "the SMT model " + Printer.print(m) + " is not an instance of σ⋆: <" + e.getKey() + "> ~ " + Printer.print(v));
        }
        String detail = "the sampled SMT model is an instance of the " + checked + " ground bindings of σ⋆"
                + (policy > 0 ? " (" + policy + " derived through a policy step not compared: Thm. 5.6's caveat)" : "");
        return checked == 0 ? Claim.skipped(C58, detail) : Claim.holds(C58, detail);
    }

    /** Word equations or same-variable inequalities left deferred in the residual store (Def. 4.3(c)/(d)). */
    private static boolean deferredWordEquations(SolvedForm sf) {
        return sf.residual().stream().anyMatch(c -> c instanceof Constraint.RowEq || c instanceof Constraint.RowLe r && sameVar(r));
    }

    private static Claim upward(Problem p, Optional<SolvedForm> sf, Optional<Assignment> sample) {
        if (sf.isEmpty()) return Claim.skipped(P54, "native did not succeed");
        if (!coreOnly(p)) return Claim.skipped(P54, "size content outside the core fragment (γ↑ is a solution on the core only)");
        if (deferredWordEquations(sf.get()))
            return Claim.skipped(P54, "deferred word equations in the residual store (Def. 4.3(c)/(d)): outside Prop. 5.4's solved forms");
        Assignment up = sf.get().upward();
        if (!Admissible.solves(p, up, Semantics.FLAT))
            return Claim.fails(P54, "γ↑ = " + Printer.print(up) + " does not satisfy Φ0");
        if (sample.isEmpty()) return Claim.holds(P54, "γ↑ satisfies Φ0; no SMT model to compare");
        Assignment m = sample.get();
        for (var e : m.dims().entrySet()) {
            Dim u = up.dims().get(e.getKey());
            if (u == null || DimOrder.le(e.getValue(), u)) continue;
            Dim bound = sf.get().dimBindings().get(e.getKey());
            if (bound != null && sf.get().policyDerived(e.getKey(), false) && bound.isGround() && !e.getValue().equals(bound))
                // the same Φ0^rk: the run committed this dimension through a policy step (SolvedForm.policyDims)
                return Claim.skipped(P54, "Prop. 6.4(iii): the SMT model has " + e.getKey() + " = " + Printer.print(e.getValue())
                        + ", not the value the run committed through a policy step (σ⋆: " + Printer.print(bound)
                        + "): a solution of Φ0 outside Φ0^rk, not compared");
            return Claim.fails(P54, "Prop. 6.4(iii): SMT model " + e.getKey() + " = " + Printer.print(e.getValue()) + " is not ⊑ γ↑ = " + Printer.print(u));
        }
        for (var e : m.rows().entrySet()) {
            Row u = up.rows().get(e.getKey());
            if (u == null || OneShotOrder.le(e.getValue(), u)) continue;
            Row bound = sf.get().rowBindings().get(e.getKey());
            if (bound != null && sf.get().policyRows().contains(e.getKey()) && !instanceByContent(e.getValue(), bound))
                // Prop. 6.4(iii) quantifies over Φ0^rk: Φ0 plus the run's rank-level policy commitments
                return Claim.skipped(P54, "Prop. 6.4(iii): the SMT model has <" + e.getKey() + "> = " + Printer.print(e.getValue())
                        + ", not an instance of the axes the run committed through a policy step (σ⋆ = "
                        + Printer.print(bound) + "): a solution of Φ0 outside Φ0^rk, not compared");
            return Claim.fails(P54, "Prop. 6.4(iii): SMT model <" + e.getKey() + "> = " + Printer.print(e.getValue()) + " is not ⊑¹ γ↑ = " + Printer.print(u));
        }
        return Claim.holds(P54, "γ↑ satisfies Φ0 and the sampled SMT model is below it");
    }

    /**
     * Whether ground row {@code v} can be an instance of binding {@code pattern} by flat content
     * (Def. 2.9; a flat model's markers carry no meaning): at least the pattern's known axes, its
     * lead a prefix and its trail a suffix of {@code flat(v)}, ground axes equal — except that the
     * unit and a size-1 atom count alike, although {@code DimOrder} keeps them apart — and
     * variables taken as wildcards: both leniencies only shrink what is left out, so "not an
     * instance" is claimed only on a rank or a size that cannot match.
     * A model that is not one lies outside the run's policy commitment for that row — below its
     * committed rank (the earlier form of this check), or with a committed atom elsewhere: found by
     * {@code Thm5_6Properties} (2026-11-24), {@code <r2> = [5, 3, 1] <> [1]} against σ⋆'s placement
     * {@code [φ2] <ρ3> [3, φ5]}.
     */
    static boolean instanceByContent(Row v, Row pattern) {
        List<Dim> flat = v.flat(), lead = pattern.lead(), trail = pattern.trail();
        int n = flat.size();
        if (pattern.isOpen() ? n < lead.size() + trail.size() : n != lead.size() + trail.size()) return false;
        for (int i = 0; i < lead.size(); i++) if (!axisMatches(lead.get(i), flat.get(i))) return false;
        for (int j = 0; j < trail.size(); j++) if (!axisMatches(trail.get(j), flat.get(n - trail.size() + j))) return false;
        return true;
    }

    private static boolean axisMatches(Dim pattern, Dim value) {
        if (!pattern.isGround()) return true;
        return pattern.equals(value) || unitSized(pattern) && unitSized(value);
    }

    private static boolean unitSized(Dim d) {
        return d instanceof Dim.Unit || d instanceof Dim.Atom a && a.size() == 1;
    }

    private static boolean sameVar(Constraint.RowLe r) {
        return r.lower().isOpen() && r.upper().isOpen() && r.lower().rowVar().equals(r.upper().rowVar());
    }

    private static Claim closed(Problem p, Outcome nat) {
        if (!(nat instanceof Outcome.Sat s)) return Claim.skipped(P62, "native did not succeed");
        Assignment m = s.model();
        return Admissible.solves(p, withUnits(p, m), Semantics.FLAT) ? Claim.holds(P62, "the evaluator accepts " + Printer.print(m))
                : Claim.fails(P62, "the evaluator rejects the closed solution " + Printer.print(m));
    }

    private static Claim success(Outcome nat, Outcome smtFlat) {
        if (!(nat instanceof Outcome.Sat)) return Claim.skipped(C55, "native did not succeed");
        return switch (smtFlat) {
            case Outcome.Sat s -> Claim.holds(C55, "native succeeds and SMT finds a model");
            case Outcome.Unsat u -> Claim.fails(C55, "native succeeds but SMT proves Φ0 unsatisfiable: " + u.core().message());
            case Outcome.Unknown u -> Claim.skipped(C55, "SMT unknown: " + u.reason());
        };
    }

    /** Dynamic (symbolic) dimension variables the closed model leaves out, read at 1 (the soundness guard's reading). */
    private static Assignment withUnits(Problem p, Assignment m) {
        Assignment out = m;
        for (String v : inputVars(p))
            if (!v.startsWith("<") && !out.dims().containsKey(v)) out = out.withDim(v, Dim.unit());
        return out;
    }

    private static boolean coreOnly(Problem p) {
        for (Constraint c : p.constraints())
            if (!(c instanceof Constraint.DimEq || c instanceof Constraint.DimLe || c instanceof Constraint.RowEq || c instanceof Constraint.RowLe))
                return false;
        return !Printer.print(p).contains("^") && !Printer.print(p).contains("affine(");
    }

    /** Dynamic dims stay symbols (issue 31; {@link DynamicDimsClaim}): a failure is a fuzz violation ({@code claim}). */
    public static Claim dynamicDims(Problem p, Outcome nat, ShapeSolver smt, SolveOptions smtOpts) {
        return DynamicDimsClaim.check(p, nat, smt, smtOpts);
    }

    /** The input's variables ({@code a}, {@code <r>}), read off the printed problem. */
    static Set<String> inputVars(Problem p) {
        Set<String> out = new TreeSet<>();
        var m = Pattern.compile("<([A-Za-z_][A-Za-z0-9_']*)>|(?<![:\\w'])([a-z][A-Za-z0-9_']*)\\b(?![(:'])")
                .matcher(Printer.print(p.withoutExpectations()));
        Set<String> keywords = Set.of("leaf", "param", "discardable", "dynamic", "size", "in", "total",
                "exact", "affine", "stride", "kernel", "dilation", "padding", "offset", "same", "likely", "expect");
        while (m.find()) {
            if (m.group(1) != null) out.add("<" + m.group(1) + ">");
            else if (!keywords.contains(m.group(2))) out.add(m.group(2));
        }
        return out;
    }

    private static boolean onlyInputs(String printed, Set<String> inputs) {
        var m = Pattern.compile("<([^<>]+)>|(?<![:\\w'])([a-zρφ][A-Za-z0-9_'ρφ]*)").matcher(printed);
        while (m.find()) {
            String v = m.group(1) != null ? "<" + m.group(1) + ">" : m.group(2);
            if (!inputs.contains(v)) return false;
        }
        return true;
    }
}
