package org.shapeforge.smt;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.enumerations.Z3_ast_print_mode;
import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.smt.encode.Encoding;
import org.shapeforge.smt.encode.Guarded;
import org.shapeforge.solver.Claim;
import org.shapeforge.solver.SmtLibQuery;

/**
 * The bounded encoding as a standalone SMT-LIB2 script ({@code shapeforge export --smtlib}): the
 * declarations, the domain and the rank bound as plain assertions, one named assertion
 * {@code c_<line>_<i>} per input constraint, then {@code (check-sat)}; a caller that wants the model
 * appends {@code (get-model)} itself (a solver answers it after {@code unsat} with an error).
 * Quantifier-free non-linear integer arithmetic (QF_NIA), accepted by z3 and cvc5. Its verdict is
 * the bounded one: {@code unsat} means "no solution of rank ≤ K".
 *
 * <p>{@link #scripts} writes one script per {@link SmtLibQuery} over one encoding: the query's header
 * first, the shared body (each constraint under its note), the assumed claims as assertions, and
 * the refuted ones as {@code (define-fun claim_<j> () Bool …)} under their notes with
 * {@code (assert (not (and claim_0 …)))}, so that after {@code sat} a {@code (get-value (claim_0 …))}
 * names the claims the model breaks.
 */
final class SmtLibScript {
    private SmtLibScript() {}

    static String of(Context ctx, Problem p, Semantics s, int k) {
        return scripts(ctx, p, List.of(), List.of(new SmtLibQuery(List.of(), List.of(), List.of())), s, k).getFirst();
    }

    /** One script per query; the constraint at index {@code i} is commented with {@code notes.get(i)} where there is one, else its span. */
    static List<String> scripts(Context ctx, Problem p, List<String> notes, List<SmtLibQuery> queries, Semantics s, int k) {
        ctx.setPrintMode(Z3_ast_print_mode.Z3_PRINT_SMTLIB2_COMPLIANT);
        Encoding enc = new Encoding(ctx, s, k, Session.discardable(p));
        List<Constraint> cs = p.constraints();
        List<Guarded> gs = enc.encodeAll(cs);
        // claims first: a name they mention that no constraint does is declared (and given its domain) with the others
        List<List<BoolExpr>> assumed = new ArrayList<>(), refuted = new ArrayList<>();
        for (SmtLibQuery q : queries) {
            assumed.add(q.assumed().stream().map(enc::claim).toList());
            refuted.add(q.refuted().stream().map(enc::claim).toList());
        }
        StringBuilder sb = new StringBuilder();
        sb.append("; shapeforge export: ").append(oneLine(p.file())).append(", semantics ").append(s.keyword)
                .append(", row variables unrolled to rank <= ").append(k).append('\n');
        sb.append("; sat: a solution (decode r_<row>_len, _mark, _<j>_{unit,size,basis}); unsat: none of rank <= ")
                .append(k).append('\n');
        sb.append("(set-option :produce-models true)\n(set-logic QF_NIA)\n");
        for (FuncDecl<?> d : enc.vars().declarations()) sb.append(d.toString().strip()).append('\n');
        sb.append("(assert ").append(enc.domain().simplify()).append(")\n");
        sb.append("(assert ").append(enc.rankBound().simplify()).append(")\n");
        for (int i = 0; i < cs.size(); i++) {
            sb.append("; ").append(i < notes.size() ? oneLine(notes.get(i)) : cs.get(i).span()).append('\n');
            sb.append("(assert (! ").append(gs.get(i).relaxed(ctx).simplify()).append(" :named c_")
                    .append(Math.max(0, cs.get(i).span().line())).append('_').append(i).append("))\n");
        }
        String body = sb.toString();
        List<String> out = new ArrayList<>();
        for (int q = 0; q < queries.size(); q++) {
            StringBuilder script = new StringBuilder();
            for (String h : queries.get(q).header()) script.append("; ").append(h).append('\n');
            script.append(body);
            claims(script, queries.get(q), assumed.get(q), refuted.get(q));
            script.append("(check-sat)\n");
            out.add(script.toString());
        }
        return List.copyOf(out);
    }

    private static void claims(StringBuilder sb, SmtLibQuery q, List<BoolExpr> assumed, List<BoolExpr> refuted) {
        if (!assumed.isEmpty()) sb.append("; assumed\n");
        for (int j = 0; j < assumed.size(); j++)
            sb.append("; ").append(q.assumed().get(j).note()).append('\n').append("(assert ").append(assumed.get(j).simplify()).append(")\n");
        if (refuted.isEmpty()) return;
        sb.append("; claimed: unsat exactly when the assertions above entail every claim_<j> below\n");
        StringBuilder all = new StringBuilder();
        for (int j = 0; j < refuted.size(); j++) {
            Claim c = q.refuted().get(j);
            sb.append("; ").append(c.note()).append('\n')
                    .append("(define-fun claim_").append(j).append(" () Bool ").append(refuted.get(j).simplify()).append(")\n");
            all.append(" claim_").append(j);
        }
        sb.append("(assert (not (and").append(refuted.size() == 1 ? " true" : "").append(all).append(")))\n");
    }

    private static String oneLine(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
