package org.shapeforge.solver;

import java.util.List;
import java.util.Objects;
import org.shapeforge.lang.Constraint;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * A relation over a problem's variables that an exported SMT-LIB script asserts or asks about
 * ({@link SmtLibQuery}): a constraint of the language, a dimension's size as a normal form of named
 * sizes, or a condition over named sizes. A name in a {@link SymSize} stands for the size of the
 * dimension variable of that name; floor division and remainder by a positive constant, which the
 * constraint language has not, are SMT-LIB's {@code div} and {@code mod}. Each claim carries a one-line
 * {@code note} (where it comes from), written as a comment above it.
 */
public sealed interface Claim {
    /** Where the claim comes from, one line. */
    String note();

    /** The constraint {@code constraint} holds. */
    record Holds(Constraint constraint, String note) implements Claim {
        public Holds {
            Objects.requireNonNull(constraint, "constraint");
            note = oneLine(note);
        }
    }

    /** {@code size(dim) == size}: the size of a dimension term, basis ignored, equals a form of named sizes. */
    record SizeIs(Dim dim, SymSize size, String note) implements Claim {
        public SizeIs {
            Objects.requireNonNull(dim, "dim");
            Objects.requireNonNull(size, "size");
            note = oneLine(note);
        }
    }

    /** {@code condition} holds of the named sizes it mentions. */
    record Condition(SymCondition condition, String note) implements Claim {
        public Condition {
            Objects.requireNonNull(condition, "condition");
            note = oneLine(note);
        }
    }

    /**
     * {@code dim} is identical to one of {@code options} (a disjunction, which the constraint
     * language has not): NumPy broadcasting's result axis is one of its operands' axes.
     */
    record OneOf(Dim dim, List<Dim> options, String note) implements Claim {
        public OneOf {
            Objects.requireNonNull(dim, "dim");
            options = List.copyOf(options);
            if (options.isEmpty()) throw new IllegalArgumentException("no option for " + dim);
            note = oneLine(note);
        }
    }

    /** {@code s} on one line (a comment cannot span lines). */
    private static String oneLine(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
