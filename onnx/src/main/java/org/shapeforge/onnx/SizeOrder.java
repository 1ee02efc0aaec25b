package org.shapeforge.onnx;

import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.Printer;
import org.shapeforge.reason.Reasoner;
import org.shapeforge.reason.Verdict;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * Comparisons of sizes computed at import time (Equal, Less, …, Max and Min of shape elements),
 * decided for every value of the sizes by the reasoning service ({@link Reasoner}: the term algebra,
 * then the import's own solver). A {@link SizeForm} reads as a {@link SymSize} over its size terms —
 * a variable by its name, a number as itself, any other term (a concat, an affine size) as an opaque
 * name of its own — each term a size {@code >= 1} (Def. 1.1) and nothing else assumed, the reading
 * {@link SizeForm#atLeast} takes. {@link Verdict#UNKNOWN} is no answer: the caller leaves the value
 * undecided, never guessed.
 */
final class SizeOrder {
    private SizeOrder() {}

    /** Whether {@code a rel b} holds for every value of the sizes (TRUE), for none (FALSE), or neither is proved (UNKNOWN). */
    static Verdict decide(Emitter e, SizeForm a, Rel rel, SizeForm b) {
        try {
            Optional<SymSize> x = sym(a, 0), y = sym(b, 0);
            if (x.isEmpty() || y.isEmpty()) return Verdict.UNKNOWN;
            return e.reasoner().prove(new SymCondition(x.get(), rel, y.get())).verdict();
        } catch (ArithmeticException overflow) { // SymOverflow included: undecided
            return Verdict.UNKNOWN;
        }
    }

    /** The form as a normal form over its size terms; empty when floors nest deeper than {@link SizeForm} bounds them. */
    static Optional<SymSize> sym(SizeForm f, int depth) {
        if (depth > 8) return Optional.empty();
        SymSize out = SymSize.constant(f.constant());
        for (var en : f.coefficients().entrySet()) {
            SymSize atom;
            switch (f.atoms().get(en.getKey())) {
                case SizeForm.Atom.Factors(List<Dim> ds) -> {
                    atom = SymSize.constant(1);
                    for (Dim d : ds) atom = atom.times(term(d));
                }
                case SizeForm.Atom.Floor(SizeForm num, long k) -> {
                    Optional<SymSize> n = sym(num, depth + 1);
                    if (n.isEmpty()) return Optional.empty();
                    atom = n.get().floorDiv(k);
                }
            }
            out = out.plus(atom.times(en.getValue()));
        }
        return Optional.of(out);
    }

    private static SymSize term(Dim d) {
        return switch (d) {
            case Dim.Var(String name, _) -> SymSize.name(name);
            case Dim.Atom(long k, var basis) -> SymSize.constant(k);
            case Dim.Unit u -> SymSize.constant(1);
            default -> SymSize.name("[" + Printer.print(d) + "]");
        };
    }
}
