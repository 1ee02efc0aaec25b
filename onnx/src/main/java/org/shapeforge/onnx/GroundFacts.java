package org.shapeforge.onnx;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.term.Assignment;

/**
 * Constraints that mention no variable and hold: {@code size(4) >= 2} from a Gather of a
 * shape tensor by a constant index, an equality of two literal sizes. Such a constraint adds
 * nothing to a store it is added to (it is true whatever the variables are), so a presolve of the
 * constraints before it still describes the constraints after it ({@link Emitter}'s presolve is
 * reused, issue 32: ssdlite read the same head's shape three times, a full solve each time, with
 * only such checks between). Judged by the trusted evaluator under the empty assignment; any row
 * constraint, any variable, or a constraint that fails or is undefined makes the answer false (the
 * caller then solves: a false one is a failure the solver must report).
 */
final class GroundFacts {
    private GroundFacts() {}

    /** Whether every constraint of {@code cs} is variable-free and holds. */
    static boolean holdAll(List<Constraint> cs) {
        for (Constraint c : cs) if (!holds(c)) return false;
        return true;
    }

    private static boolean holds(Constraint c) {
        if (!(c instanceof Constraint.SizeRel || c instanceof Constraint.SizeIn || c instanceof Constraint.DimEq || c instanceof Constraint.DimLe))
            return false;
        Set<String> vs = new HashSet<>();
        SizeVars.allVars(c, vs);
        return vs.isEmpty() && Evaluator.judge(c, Assignment.empty(), Semantics.FLAT).truth() == Truth.HOLDS;
    }
}
