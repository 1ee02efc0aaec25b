package org.shapeforge.smt;

import com.microsoft.z3.Context;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.enumerations.Z3_ast_print_mode;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.smt.encode.Encoding;
import org.shapeforge.smt.encode.Guarded;

/**
 * The bounded encoding as a standalone SMT-LIB2 script ({@code shapeforge export --smtlib}): the
 * declarations, the domain and the rank bound as plain assertions, one named assertion
 * {@code c_<line>_<i>} per input constraint, then {@code (check-sat)}; a caller that wants the model
 * appends {@code (get-model)} itself (a solver answers it after {@code unsat} with an error).
 * Quantifier-free non-linear integer arithmetic (QF_NIA), accepted by z3 and cvc5. Its verdict is
 * the bounded one: {@code unsat} means "no solution of rank ≤ K".
 */
final class SmtLibScript {
    private SmtLibScript() {}

    static String of(Context ctx, Problem p, Semantics s, int k) {
        ctx.setPrintMode(Z3_ast_print_mode.Z3_PRINT_SMTLIB2_COMPLIANT);
        Encoding enc = new Encoding(ctx, s, k, Session.discardable(p));
        List<Constraint> cs = p.constraints();
        List<Guarded> gs = enc.encodeAll(cs);
        StringBuilder sb = new StringBuilder();
        sb.append("; shapeforge export: ").append(p.file()).append(", semantics ").append(s.keyword)
                .append(", row variables unrolled to rank <= ").append(k).append('\n');
        sb.append("; sat: a solution (decode r_<row>_len, _mark, _<j>_{unit,size,basis}); unsat: none of rank <= ")
                .append(k).append('\n');
        sb.append("(set-option :produce-models true)\n(set-logic QF_NIA)\n");
        for (FuncDecl<?> d : enc.vars().declarations()) sb.append(d.toString().strip()).append('\n');
        sb.append("(assert ").append(enc.domain().simplify()).append(")\n");
        sb.append("(assert ").append(enc.rankBound().simplify()).append(")\n");
        for (int i = 0; i < cs.size(); i++) {
            sb.append("; ").append(cs.get(i).span()).append('\n');
            sb.append("(assert (! ").append(gs.get(i).relaxed(ctx).simplify()).append(" :named c_")
                    .append(Math.max(0, cs.get(i).span().line())).append('_').append(i).append("))\n");
        }
        sb.append("(check-sat)\n");
        return sb.toString();
    }
}
