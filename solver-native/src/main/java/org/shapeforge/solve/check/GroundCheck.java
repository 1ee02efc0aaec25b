package org.shapeforge.solve.check;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.semantics.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * A minimal ground checker for the core fragment under {@code flat} (Def. 3.4: ≈ for row
 * equality, the marked order of Def. 2.3 for row inequality). It is the soundness guard's
 * stand-in until {@code org.shapeforge.semantics.Evaluator} (branch sem) reaches main; then the
 * guard calls the Evaluator and this class goes. Anything outside the core fragment is "fails".
 */
public final class GroundCheck {
    private GroundCheck() {}

    /** The first constraint that does not hold under γ, or null when all hold. */
    public static Constraint firstViolated(List<Constraint> cs, Assignment g) {
        for (Constraint c : cs) if (!holds(c, g)) return c;
        return null;
    }

    public static boolean holds(Constraint c, Assignment g) {
        return switch (c) {
            case Constraint.DimEq(Dim l, Dim r, var s) -> eq(dim(l, g), dim(r, g));
            case Constraint.DimLe(Dim lo, Dim up, var s) -> le(dim(lo, g), dim(up, g));
            case Constraint.RowEq(Row l, Row r, var s) -> {
                Row a = row(l, g), b = row(r, g);
                yield a != null && b != null && eqAll(a.flat(), b.flat());
            }
            case Constraint.RowLe(Row lo, Row up, var s) -> {
                Row a = row(lo, g), b = row(up, g);
                yield a != null && b != null && rowLe(a, b);
            }
            case Constraint.Likely l -> true;
            default -> org.shapeforge.semantics.Evaluator.judge(c, g, org.shapeforge.semantics.Semantics.FLAT).truth()
                    == org.shapeforge.semantics.Truth.HOLDS;
        };
    }

    /** Def. 2.3: flanks fit, and pointwise refinement against the operand's expansion. */
    static boolean rowLe(Row res, Row op) {
        if (op.lead().size() > res.lead().size() || op.trail().size() > res.trail().size()) return false;
        List<Dim> rf = res.flat();
        for (int i = 0; i < op.lead().size(); i++) if (!le(rf.get(i), op.lead().get(i))) return false;
        for (int j = 1; j <= op.trail().size(); j++)
            if (!le(rf.get(rf.size() - j), op.trail().get(op.trail().size() - j))) return false;
        return true;
    }

    static boolean eq(Dim a, Dim b) {
        return a != null && b != null && a.equals(b);
    }

    static boolean le(Dim lo, Dim up) {
        return lo != null && up != null && (up instanceof Dim.Unit || lo.equals(up));
    }

    static boolean eqAll(List<Dim> a, List<Dim> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (!eq(a.get(i), b.get(i))) return false;
        return true;
    }

    static Dim dim(Dim d, Assignment g) {
        return switch (d) {
            case Dim.Var v -> g.dims().get(v.name());
            case Dim.Unit u -> u;
            case Dim.Atom a -> a;
            default -> {
                try {
                    yield org.shapeforge.semantics.Sizes.ground(d, n -> g.dims().get(n)).orElse(null);
                } catch (RuntimeException e) {
                    yield null; // a basis conflict or an overflow: the constraint does not hold
                }
            }
        };
    }

    static Row row(Row r, Assignment g) {
        List<Dim> lead = dims(r.lead(), g), trail = dims(r.trail(), g);
        if (lead == null || trail == null) return null;
        return switch (r) {
            case Row.Closed c -> new Row.Closed(lead, trail);
            case Row.Rigid x -> null;
            case Row.Open o -> {
                Row v = g.rows().get(o.var());
                if (!(v instanceof Row.Closed c)) yield null;
                List<Dim> l = new ArrayList<>(lead);
                l.addAll(c.lead());
                List<Dim> t = new ArrayList<>(c.trail());
                t.addAll(trail);
                yield new Row.Closed(l, t);
            }
        };
    }

    private static List<Dim> dims(List<Dim> ds, Assignment g) {
        List<Dim> out = new ArrayList<>();
        for (Dim d : ds) {
            Dim x = dim(d, g);
            if (x == null) return null;
            out.add(x);
        }
        return out;
    }
}
