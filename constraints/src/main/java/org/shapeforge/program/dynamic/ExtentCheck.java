package org.shapeforge.program.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.OpKind;
import org.shapeforge.program.Origin;
import org.shapeforge.program.RuntimeDim;
import org.shapeforge.program.ScalarOp;
import org.shapeforge.program.Shape;
import org.shapeforge.program.Solution;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Dim;

/**
 * The consumer contract of {@code seeds/004_…} applied to a solved program (issue 17): each
 * operation that builds runtime shape parameters from extent metadata states what it needs.
 * <ul>
 *   <li>{@code flatten} (a Reshape): every target extent {@code Exact} ({@link ExtentRules#reshape});
 *       an upper bound from a {@code truncate} is refused, never used as the size;</li>
 *   <li>a pointwise operation's broadcasts (BroadcastInDim): along an axis the operand lacks, or has
 *       as the constant 1 while the result does not, the result's extent is the broadcast target and
 *       must not be an {@code UpperBound} ({@link ExtentRules#broadcast}); an axis whose extents agree
 *       is not broadcast;</li>
 *   <li>a dynamic {@code flatten}'s merged axis is a runtime size ({@link RuntimeDim.Flattened}): when
 *       the solved form equates it with anything else, the product relation was not part of the
 *       solve, so the program is refused rather than accepted unchecked.</li>
 * </ul>
 * {@code transpose} needs nothing: its extents are the operand's, guarantees unchanged
 * ({@link ExtentRules#transpose}). {@code Unknown} extents (what the symbolic reading cannot
 * express) are refused by a reshape only.
 */
public final class ExtentCheck {
    private ExtentCheck() {}

    /** A refused operation: the message, the structured extent error when there is one, and where. */
    public record Refusal(String message, Optional<ExtentError> extent, Origin origin) {}

    /** Every refusal, in operation order; empty when the program meets the contract or did not solve. */
    public static List<Refusal> of(Inference inf) {
        List<Refusal> out = new ArrayList<>();
        if (!(inf.solution() instanceof Solution.Solved s)) return out;
        var read = SymbolicShapes.reader(inf).orElseThrow();
        for (Generated.OpNode op : inf.generated().operations()) {
            if (op.scalarOp() == ScalarOp.Builtin.FLATTEN) {
                SymbolicShape r = read.apply(op.lhs());
                for (Kind k : Kind.values())
                    if (ExtentRules.reshape(row(r, k)) instanceof Checked.Refused(ExtentError e)) {
                        ExtentError named = new ExtentError("flatten (reshape)", "target " + k.letter + e.field().substring("target".length()),
                                e.observed(), e.extent());
                        out.add(new Refusal(named.message(), Optional.of(named), op.origin()));
                    }
            }
            if (op.kind() == OpKind.POINTWISE) broadcasts(read, op, out);
        }
        s.solved().ifPresent(f -> constrainedFlattens(inf, f, out));
        return out;
    }

    private static void broadcasts(Function<Shape, SymbolicShape> read,
            Generated.OpNode op, List<Refusal> out) {
        SymbolicShape r = read.apply(op.lhs());
        for (int i = 0; i < op.operands().size(); i++) {
            SymbolicShape a = read.apply(op.operands().get(i));
            for (Kind k : Kind.values()) {
                List<ShapeExtent> rr = row(r, k), ar = row(a, k);
                for (int j = 0; j < rr.size(); j++) {
                    int aj = j - (rr.size() - ar.size()); // rows align at the right
                    ShapeExtent target = rr.get(j);
                    boolean broadcast = aj < 0 || ar.get(aj).equals(ShapeExtent.exact(1)) && !target.equals(ShapeExtent.exact(1));
                    if (broadcast && target instanceof ShapeExtent.UpperBound) {
                        String name = op.origin().operation(); // e.g. "pointwise +"
                        ExtentError e = new ExtentError(name, "broadcast target " + k.letter + "[" + j + "] of operand "
                                + (i + 1), target.guarantee(), target.printed());
                        out.add(new Refusal(e.message(), Optional.of(e), op.origin()));
                        return;
                    }
                }
            }
        }
    }

    private static void constrainedFlattens(Inference inf, SolvedForm f, List<Refusal> out) {
        for (RuntimeDim d : inf.generated().runtimeDims().values()) {
            if (!(d instanceof RuntimeDim.Flattened fl)) continue;
            String why = null;
            Dim b = f.dimBindings().get(fl.var());
            if (b != null) why = "it is equated with " + Printer.print(b);
            for (Map.Entry<String, Dim> e : f.dimBindings().entrySet())
                if (why == null && e.getValue().equals(new Dim.Var(fl.var())) && (inf.generated().runtimeDims().containsKey(e.getKey())
                        || SymbolicShapes.dynamicNames(inf).contains(e.getKey())))
                    why = "it is equated with " + e.getKey();
            for (Constraint c : f.residual())
                if (why == null && constrains(c, fl.var(), f)) why = "it is constrained by " + Printer.print(c);
            if (why == null) continue;
            Generated.OpNode op = inf.generated().operations().stream().filter(o -> o.result().equals(fl.result())
                    && o.scalarOp() == ScalarOp.Builtin.FLATTEN).findFirst().orElseThrow();
            out.add(new Refusal("flatten (reshape): the merged axis of " + fl.result() + " is a runtime size (the product of "
                    + fl.operand() + "'s axes), but " + why + "; the native solver does not relate a product of dynamic"
                    + " sizes to other sizes (write the sizes explicitly, or ask `shapeforge query`)", Optional.empty(), op.origin()));
        }
    }

    /**
     * A residual constraint that restricts {@code v}. A cap {@code x ⊑ v} does not when {@code x} is
     * a variable capped by nothing else (a result that broadcasts against {@code v} alone); it does
     * when {@code x} is a size other than the unit ({@code 12 ⊑ v}: {@code v} is 12 or 1) or is also
     * capped by something else (the result of broadcasting {@code v} against another axis).
     */
    private static boolean constrains(Constraint c, String v, SolvedForm f) {
        Dim.Var me = new Dim.Var(v);
        return switch (c) {
            case Constraint.DimLe(Dim lo, Dim up, var sp) when up.equals(me) -> switch (resolve(lo, f)) {
                case Dim.Var(String x, _) -> f.residual().stream().anyMatch(o -> o != c && printedMentions(o, x)
                        && !(o instanceof Constraint.DimLe(Dim l2, Dim u2, var s2) && !l2.equals(new Dim.Var(x)) && !mentions(u2, x)));
                case Dim.Unit u -> false;
                default -> true;
            };
            case Constraint.DimLe(Dim lo, Dim up, var sp) -> lo.equals(me) || mentions(up, v);
            case Constraint.DimEq(Dim l, Dim r, var sp) -> mentions(l, v) || mentions(r, v);
            default -> printedMentions(c, v);
        };
    }

    /** Does the printed constraint name the variable {@code v} (as a whole name)? */
    private static boolean printedMentions(Constraint c, String v) {
        return Pattern.compile("(?<![\\w'])" + Pattern.quote(v) + "(?![\\w'])")
                .matcher(Printer.print(c)).find();
    }

    /** {@code d} read through the solved form's bindings. */
    private static Dim resolve(Dim d, SolvedForm f) {
        for (int guard = 0; guard < 10_000 && d instanceof Dim.Var(String x, _) && f.dimBindings().containsKey(x); guard++)
            d = f.dimBindings().get(x);
        return d;
    }

    private static boolean mentions(Dim d, String v) {
        return switch (d) {
            case Dim.Var(String w, _) -> w.equals(v);
            case Dim.Concat c -> c.parts().stream().anyMatch(p -> mentions(p, v));
            case Dim.Affine a -> mentions(a.over(), v) || a.kernel().map(k -> mentions(k, v)).orElse(false);
            default -> false;
        };
    }

    private static List<ShapeExtent> row(SymbolicShape s, Kind k) {
        return switch (k) {
            case BATCH -> s.batch();
            case INPUT -> s.input();
            case OUTPUT -> s.output();
        };
    }
}
