package org.shapeforge.reason;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.shapeforge.lang.Printer;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.sym.SymCondition;

/**
 * Satisfiability of relations, native first: the term algebra (a relation without names is
 * evaluated; one whose negation holds everywhere, {@link SymCondition#trivial}, refutes; the
 * binding with every dim at 1 is tried), then each prover in order on the relations'
 * {@link Encoding}, the first definite answer kept. A prover's model is re-checked exactly against
 * the relations as given; one that fails that check is an internal error (the encoding's or the
 * solver's), never an answer. A prover's {@code Unknown} passes the question on, so what the native
 * solver leaves open reaches Z3 when the chain has it; all unknown is {@link Satisfiability.Unknown}.
 */
record Chain(List<ShapeSolver> provers, SolveOptions options) {
    Chain {
        provers = List.copyOf(provers);
    }

    Satisfiability check(List<SymCondition> relations) {
        List<SymCondition> open = new ArrayList<>();
        try {
            for (SymCondition c : relations) {
                if (c.left().vars().isEmpty() && c.right().vars().isEmpty()) {
                    if (!c.holds(Map.of())) return new Satisfiability.Unsat(c + " is false", Proof.TERMS, false);
                } else if (negation(c).trivial())
                    return new Satisfiability.Unsat(c + " fails at every binding (interval bounds)", Proof.TERMS, false);
                else if (!c.trivial()) open.add(c);
            }
            Map<String, Long> ones = new TreeMap<>();
            for (SymCondition c : relations) for (String n : names(c)) ones.put(n, 1L);
            if (holds(open, ones)) return new Satisfiability.Sat(ones, Proof.TERMS, false);
        } catch (ArithmeticException overflow) { // SymOverflow included: the solvers are asked
            open = List.copyOf(relations);
        }
        Encoding enc;
        try {
            enc = Encoding.of(relations);
        } catch (ArithmeticException overflow) {
            return new Satisfiability.Unknown("a coefficient leaves 64 bits: " + overflow.getMessage());
        }
        List<String> why = new ArrayList<>();
        for (int i = 0; i < provers.size(); i++) {
            ShapeSolver s = provers.get(i);
            Outcome o = s.solve(enc.problem(), options);
            switch (o) {
                case Outcome.Sat sat -> {
                    Map<String, Long> b = enc.binding(sat.model());
                    if (!holds(relations, b))
                        throw new IllegalStateException(s.name() + "'s model " + b + " violates " + relations + " (encoded as "
                                + Printer.print(enc.problem()) + ")");
                    return new Satisfiability.Sat(b, s.name(), i > 0);
                }
                case Outcome.Unsat u -> { return new Satisfiability.Unsat(u.core().message() + " [" + enc.legend() + "]", s.name(), i > 0); }
                case Outcome.Unknown u -> why.add(s.name() + ": " + u.reason());
            }
        }
        return new Satisfiability.Unknown(why.isEmpty() ? "no prover to ask" : String.join("; ", why));
    }

    /** The relation that holds exactly where {@code c} fails. */
    static SymCondition negation(SymCondition c) {
        return new SymCondition(c.left(), c.rel().negated(), c.right());
    }

    private static Set<String> names(SymCondition c) {
        Set<String> out = new TreeSet<>(c.left().vars());
        out.addAll(c.right().vars());
        return out;
    }

    /** Whether every relation holds at {@code b} (exact; an overflow is a failure). */
    static boolean holds(List<SymCondition> relations, Map<String, Long> b) {
        return SymCondition.allHold(relations, b);
    }
}
