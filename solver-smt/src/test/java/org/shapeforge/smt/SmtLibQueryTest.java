package org.shapeforge.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.solver.Claim;
import org.shapeforge.solver.SmtLibQuery;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * The exported entailment scripts ({@link SmtSolver#exportSmtLib(Problem, List, List, SolveOptions)})
 * answer what they claim when a fresh Z3 reads them back as text: an entailed size, with floor
 * division and remainder, is {@code unsat}, one off by one is {@code sat}; assumed claims restrict the
 * solutions; a choice among dimensions is a disjunction. Each script opens with its header and
 * comments each constraint with its note.
 */
class SmtLibQueryTest {
    private static final Problem P = Parser.parse("q.shc", "size(y) * 8 == size(h)\nsize(w) == size(h) + 2\n");
    private static final SymSize H = SymSize.name("h");
    private static final Dim Y = new Dim.Var("y"), W = new Dim.Var("w");

    private static String check(String script) {
        try (Context ctx = new Context()) {
            Solver s = ctx.mkSolver();
            s.fromString(script);
            Status st = s.check();
            return st == Status.SATISFIABLE ? "sat" : st == Status.UNSATISFIABLE ? "unsat" : "unknown";
        }
    }

    private static SmtLibQuery refute(List<Claim> assumed, Claim... claims) {
        return new SmtLibQuery(List.of("expect: ?"), assumed, List.of(claims));
    }

    @Test
    void entailedClaimsAreUnsatAndWrongOnesSat() {
        Claim yIsH8 = new Claim.SizeIs(Y, H.floorDiv(8), "y is h // 8");
        Claim yOff = new Claim.SizeIs(Y, H.floorDiv(8).plus(1), "y is h // 8 + 1");
        Claim divides = new Claim.Condition(new SymCondition(H.mod(8), Rel.EQ, SymSize.constant(0)), "h % 8 == 0");
        Claim tooStrong = new Claim.Condition(new SymCondition(H.mod(16), Rel.EQ, SymSize.constant(0)), "h % 16 == 0");
        Claim bigY = new Claim.Condition(new SymCondition(SymSize.name("y"), Rel.GE, SymSize.constant(2)), "y >= 2");
        Claim wide = new Claim.Condition(new SymCondition(H, Rel.GE, SymSize.constant(16)), "h >= 16");
        Claim oneOf = new Claim.OneOf(W, List.of(Y, new Dim.Var("w")), "w is y or w");
        Claim notOneOf = new Claim.OneOf(W, List.of(Y, new Dim.Atom(3)), "w is y or 3");
        List<SmtLibQuery> qs = List.of(refute(List.of(), yIsH8), refute(List.of(), yOff), refute(List.of(), divides, yIsH8),
                refute(List.of(), tooStrong), refute(List.of(), bigY), refute(List.of(wide), bigY), refute(List.of(), oneOf),
                refute(List.of(), notOneOf), new SmtLibQuery(List.of("expect: sat"), List.of(wide, divides), List.of()));
        List<String> scripts = new SmtSolver().exportSmtLib(P, List.of("node 'first'", "node 'second'"), qs, SolveOptions.defaults())
                .orElseThrow();
        assertEquals(List.of("unsat", "sat", "unsat", "sat", "sat", "unsat", "unsat", "sat", "sat"), scripts.stream().map(SmtLibQueryTest::check).toList());
        String first = scripts.getFirst();
        assertTrue(first.startsWith("; expect: ?\n"), first);
        assertTrue(first.contains("; node 'first'\n(assert (! ") && first.contains("; node 'second'\n"), first);
        assertTrue(first.contains("; y is h // 8\n(define-fun claim_0 () Bool "), first);
    }
}
