package org.shapeforge.solve;

import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.solve.rules.Engine;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.solver.Entailment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** Entailment read off σ⋆ (Cor. 5.7): a variable bound to a ground value by semantic steps only. */
final class Entail {
    private Entail() {}

    /** Entailed / NotEntailed when the binding decides {@code c}; null when it does not. */
    static Entailment forced(Engine en, Constraint c) {
        return switch (c) {
            case Constraint.DimEq(Dim.Var v, Dim val, var s) when val.isGround() -> dim(en, v, val);
            case Constraint.DimEq(Dim val, Dim.Var v, var s) when val.isGround() -> dim(en, v, val);
            case Constraint.RowEq(Row.Open o, Row val, var s) when o.lead().isEmpty() && o.trail().isEmpty() && val.isGround() ->
                    row(en, o, val);
            case Constraint.RowEq(Row val, Row.Open o, var s) when o.lead().isEmpty() && o.trail().isEmpty() && val.isGround() ->
                    row(en, o, val);
            default -> null;
        };
    }

    private static Entailment dim(Engine en, Dim.Var v, Dim val) {
        Trace t = new Trace(Why.NONE, false);
        Dim x = en.view().dim(v, t);
        if (!x.isGround() || t.why().policy()) return null;
        return x.equals(val) ? new Entailment.Entailed(v.name() + " is bound to " + Printer.print(x) + " by semantic steps only") : null;
    }

    private static Entailment row(Engine en, Row.Open o, Row val) {
        Trace t = new Trace(Why.NONE, false);
        Row x = en.view().row(o, t);
        if (!x.isGround() || t.why().policy()) return null;
        return x.flat().equals(val.flat()) ? new Entailment.Entailed("<" + o.var() + "> has forced flat content " + Printer.print(Row.literal(x.flat()))) : null;
    }
}
