package org.shapeforge.oracle.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.solver.Stats;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The one renderer of solver outcomes, text and JSON, used by every command ({@code solve},
 * {@code smt}, {@code check}, {@code oracle}, {@code fuzz}), with the exit codes of
 * {@code spec/cli.md}: 0 sat, 1 a negative verdict (a proof: {@link Outcome.Unsat}), 2 an input
 * error, 3 unknown (policy failure, bounded refutation, timeout, unsupported construct).
 *
 * <p>JSON ({@code cli.md}, "JSON of solve"): {@code verdict} is {@code sat}, {@code fail} (the
 * answer carries a failure) or {@code unknown}; {@code outcome} is the honest tri-state
 * {@code sat | unsat | unknown}; {@code failure} has {@code kind, message, constraints, origin}.
 */
public final class OutcomeView {
    private OutcomeView() {}

    public static final ObjectMapper JSON = new ObjectMapper();

    /** {@code sat}, {@code unsat} or {@code unknown}. */
    public static String outcome(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> "sat";
            case Outcome.Unsat u -> "unsat";
            case Outcome.Unknown u -> "unknown";
        };
    }

    /** The spec's {@code verdict}: {@code sat}, {@code fail} when a failure is reported, else {@code unknown}. */
    public static String verdict(Outcome o) {
        return o instanceof Outcome.Sat ? "sat" : o.failure().isPresent() ? "fail" : "unknown";
    }

    /** One line: {@code sat}, {@code unsat — msg}, {@code fail policy — msg}, {@code unknown (bounded: rank ≤ K) — msg}, {@code unknown (timeout after T ms)}, {@code unknown — reason}. */
    public static String headline(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> "sat";
            case Outcome.Unsat u -> (u.core().kind() == FailureKind.UNSAT ? "unsat" : "unsat (semantic failure)") + " — " + u.core().message();
            case Outcome.Unknown u -> u.cause().map(f -> switch (f.kind()) {
                case BOUNDED -> "unknown (unsat only for rank ≤ " + u.rankBound().map(String::valueOf).orElse("?") + ") — " + f.message();
                default -> "fail " + f.kind().keyword + " (unknown) — " + f.message();
            }).orElseGet(() -> u.reason().startsWith("timeout") ? "unknown (" + u.reason() + ")" // cli.md: `unknown (timeout)`
                    : "unknown — " + u.reason());
        };
    }

    /** Exit code per {@code cli.md}. */
    public static int exitCode(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> 0;
            case Outcome.Unsat u -> 1;
            case Outcome.Unknown u -> u.cause().filter(f -> f.kind() == FailureKind.ERROR).isPresent() ? 2 : 3;
        };
    }

    /** The worst of several exit codes: internal 4 > input 2 > unknown 3 > negative 1 > ok 0. */
    public static int worst(int a, int b) {
        int[] rank = {0, 2, 4, 3, 5};
        return rank[Math.min(a, 4)] >= rank[Math.min(b, 4)] ? a : b;
    }

    /**
     * The bound variables whose binding went through a policy step ({@link SolvedForm#policyDerived}),
     * in the bindings' order, rows as {@code <r>}.
     */
    static List<String> policyDerived(SolvedForm sf) {
        List<String> out = new ArrayList<>();
        for (String v : sf.dimBindings().keySet()) if (sf.policyDerived(v, false)) out.add(v);
        for (String v : sf.rowBindings().keySet()) if (sf.policyDerived(v, true)) out.add("<" + v + ">");
        return out;
    }

    /** The full text rendering: headline, then the model/solved form or the failure with origins and a hint. */
    public static String text(Outcome o) {
        return text(o, null);
    }

    /**
     * γ↑ when it is a real solution of {@code input} (the evaluator under flat; issue 31: it set
     * every dynamic dim to 1 and violated residual size constraints); with {@code input} null, γ↑
     * unchecked.
     */
    static Optional<Assignment> upward(SolvedForm sf, List<Constraint> input) {
        var up = sf.upward();
        if (input == null) return Optional.of(up);
        try {
            return Evaluator.holdsAll(input, up, Semantics.FLAT)
                    ? Optional.of(up) : Optional.empty();
        } catch (RuntimeException notAnAssignment) {
            return Optional.empty();
        }
    }

    /** The symbolic sizes (issue 31): {@code y = (h + 1) // 2}, then the domain conditions as {@code where …}. */
    private static void symbolic(StringBuilder sb, SolvedForm sf) {
        var ss = sf.symbolicSizes();
        if (ss.isEmpty()) return;
        sb.append("symbolic:\n");
        ss.sizes().forEach((k, v) -> sb.append("  ").append(k).append(" = ").append(v).append('\n'));
        for (var c : ss.conditions()) sb.append("  where ").append(c).append('\n');
    }

    /**
     * The text rendering with γ↑ checked against {@code input}: the {@code upward:} line is printed
     * only when it is a real solution (see {@link #upward}).
     */
    public static String text(Outcome o, List<Constraint> input) {
        StringBuilder sb = new StringBuilder(headline(o)).append('\n');
        switch (o) {
            case Outcome.Sat s -> {
                if (s.solved().isPresent()) {
                    SolvedForm sf = s.solved().get();
                    section(sb, "bindings", sf.dimBindings(), sf.rowBindings());
                    forcedSizes(sf).forEach((k, v) -> sb.append("  size(").append(k).append(") = ").append(v).append('\n'));
                    sb.append("residual:\n");
                    for (Constraint c : sf.residual()) sb.append("  ").append(Printer.print(c)).append('\n');
                    section(sb, "closed", s.model().dims(), s.model().rows());
                    symbolic(sb, sf);
                    List<String> pd = policyDerived(sf);
                    sb.append("principal: ").append(sf.principal() ? "yes" : "no")
                            .append(sf.principal() && !pd.isEmpty() ? " (except the policy-derived bindings)" : "").append('\n');
                    if (!pd.isEmpty())
                        sb.append("policy-derived: ").append(String.join(", ", pd.subList(0, Math.min(10, pd.size()))))
                                .append(pd.size() > 10 ? ", … (" + pd.size() + " in all)" : "")
                                .append(" (through a marker placement a marker-sensitive constraint reads, or another policy step: a commitment, not entailed; Remark 2.11)\n");
                    upward(sf, input).ifPresent(up -> sb.append("upward: ").append(Printer.print(up)).append('\n'));
                } else {
                    sb.append("model:\n");
                    s.model().dims().forEach((k, v) -> sb.append("  ").append(k).append(" = ").append(Printer.print(v)).append('\n'));
                    s.model().rows().forEach((k, v) -> sb.append("  <").append(k).append("> = ").append(Printer.print(v)).append('\n'));
                }
                for (String n : s.notes()) sb.append("note: ").append(n).append('\n');
            }
            case Outcome.Unsat u -> failure(sb, u.core());
            case Outcome.Unknown u -> u.cause().ifPresent(f -> failure(sb, f));
        }
        Stats st = o.stats();
        sb.append(String.format("stats: %d constraints, %d steps, %.1f ms%n", st.constraints(), st.steps(), st.millis()));
        return sb.toString();
    }

    private static void failure(StringBuilder sb, Failure f) {
        for (Constraint c : f.constraints()) sb.append("  ").append(c.span()).append(": ").append(Printer.print(c)).append('\n');
        sb.append("hint: ").append(hint(f.kind())).append('\n');
    }

    /** What a user can do about a failure of this kind (Lemma 5.1's semantic/policy split). */
    public static String hint(FailureKind kind) {
        return switch (kind) {
            case SEMANTIC -> "only semantic steps led here: the constraints above have no common solution; "
                    + "fix one of them (or see `shapeforge smt FILE` for an unsat core)";
            case POLICY -> "a policy commitment (marker placement, deferred-equation resolution, closing guess or a refused symmetric choice) "
                    + "is on this failure's derivation, so the input may still be satisfiable: try --complete, "
                    + "`shapeforge solve --verified`, or `shapeforge smt FILE`";
            case UNSAT -> "the constraints above are unsatisfiable together: change one of them";
            case ERROR -> "the input is outside what this solver accepts, or ill-formed: see the message";
            case BOUNDED -> "refuted only for rows up to the rank bound: raise --rank-bound or treat as unknown";
        };
    }

    /**
     * The sizes σ⋆ forces without binding their variable (issue 31: "forced sizes appear as
     * bindings"): a residual {@code size(v) == n} over a variable σ⋆ leaves unbound. Only the size
     * is entailed — the atom's basis is closing's choice (Def. 6.1) — so it is listed as
     * {@code size(a) = 5} under the bindings, not as a binding {@code a = 5}. Read from the typed
     * residual constraints, in their order.
     */
    static Map<String, Long> forcedSizes(SolvedForm sf) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Constraint c : sf.residual())
            if (c instanceof Constraint.SizeRel(var l, var rel, var r, var span) && rel == Constraint.Rel.EQ) {
                if (l instanceof SizeExpr.Size(Dim.Var(String v, var id)) && r instanceof SizeExpr.Lit(long n)
                        && !sf.dimBindings().containsKey(v))
                    out.putIfAbsent(v, n);
                else if (r instanceof SizeExpr.Size(Dim.Var(String v, var id)) && l instanceof SizeExpr.Lit(long n)
                        && !sf.dimBindings().containsKey(v))
                    out.putIfAbsent(v, n);
            }
        return out;
    }

    private static void section(StringBuilder sb, String title, Map<String, Dim> d, Map<String, Row> r) {
        sb.append(title).append(":\n");
        d.forEach((k, v) -> sb.append("  ").append(k).append(" = ").append(Printer.print(v)).append('\n'));
        r.forEach((k, v) -> sb.append("  <").append(k).append("> ~ ").append(Printer.print(v)).append('\n'));
    }

    /** The JSON document of one outcome ({@code cli.md}, "JSON of solve"). */
    public static ObjectNode json(Outcome o) {
        return json(o, null);
    }

    /** The JSON document with γ↑ checked against {@code input} ({@code upward} left out when it is not a solution). */
    public static ObjectNode json(Outcome o, List<Constraint> input) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("verdict", verdict(o)).put("outcome", outcome(o));
        switch (o) {
            case Outcome.Sat s -> {
                if (s.solved().isPresent()) {
                    SolvedForm sf = s.solved().get();
                    ObjectNode b = doc.putObject("bindings");
                    sf.dimBindings().forEach((k, v) -> b.put(k, Printer.print(v)));
                    sf.rowBindings().forEach((k, v) -> b.put("<" + k + ">", Printer.print(v)));
                    ObjectNode forced = doc.putObject("forcedSizes");
                    forcedSizes(sf).forEach(forced::put);
                    ArrayNode res = doc.putArray("residual");
                    for (Constraint c : sf.residual()) res.add(Printer.print(c));
                    values(doc.putObject("closed"), s.model());
                    doc.put("principal", sf.principal());
                    ArrayNode pd = doc.putArray("policyDerived");
                    policyDerived(sf).forEach(pd::add);
                    var ss = sf.symbolicSizes();
                    if (!ss.isEmpty()) {
                        ObjectNode sym = doc.putObject("symbolic");
                        ss.sizes().forEach((k, v) -> sym.put(k, v.toString()));
                        ArrayNode conds = doc.putArray("conditions");
                        ss.conditions().forEach(c -> conds.add(c.toString()));
                    }
                    upward(sf, input).ifPresent(up -> values(doc.putObject("upward"), up));
                } else values(doc.putObject("model"), s.model());
                ArrayNode notes = doc.putArray("notes");
                s.notes().forEach(notes::add);
            }
            case Outcome.Unsat u -> failure(doc, u.core());
            case Outcome.Unknown u -> {
                doc.put("reason", u.reason());
                u.cause().ifPresent(f -> failure(doc, f));
                u.rankBound().ifPresent(k -> doc.put("rankBound", k));
            }
        }
        Stats st = o.stats();
        doc.putObject("stats").put("constraints", st.constraints()).put("steps", st.steps()).put("millis", st.millis());
        return doc;
    }

    private static void failure(ObjectNode doc, Failure fl) {
        ObjectNode f = doc.putObject("failure");
        f.put("kind", fl.kind().keyword).put("message", fl.message());
        ArrayNode cs = f.putArray("constraints");
        for (Constraint c : fl.constraints()) cs.add(Printer.print(c));
        ArrayNode orig = f.putArray("origin");
        fl.origins().forEach(orig::add);
        f.put("hint", hint(fl.kind()));
    }

    /** An assignment as a JSON object, row variables as {@code <r>}. */
    public static void values(ObjectNode node, Assignment a) {
        a.dims().forEach((k, v) -> node.put(k, Printer.print(v)));
        a.rows().forEach((k, v) -> node.put("<" + k + ">", Printer.print(v)));
    }
}
