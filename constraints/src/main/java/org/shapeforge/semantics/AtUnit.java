package org.shapeforge.semantics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.lang.Declaration;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;

/**
 * Symbolic sizes read at the unit — written once (issue 28) for the three readers that need a
 * ground model where the solver keeps {@code dynamic} dimensions symbolic and out of its model
 * (docs/dynamic.md): the native soundness guard ({@code solve.Report}), the oracle's checked
 * evaluation ({@code oracle.Checked}) and the closed shapes of a program
 * ({@code program.Inference}). Reading a dynamic dim at 1 is consistent with every constraint
 * the solver left symbolic only where 1 is in its domain; each caller says why that holds there.
 */
public final class AtUnit {
    private AtUnit() {}

    /**
     * {@code x} with its variables at the unit, folded to the atom it denotes. Throws
     * {@link IllegalStateException} where no atom results, {@link Sizes.BasisConflict} or
     * {@link ArithmeticException} as {@link Sizes#ground} does.
     */
    public static Dim ground(Dim x) {
        return Sizes.ground(x, name -> Dim.unit()).orElseThrow(() -> new IllegalStateException("cannot ground " + x));
    }

    /**
     * {@code m} with every {@code dynamic} dimension of {@code declarations} that it leaves out
     * added at the unit, after {@code m}'s own, in declaration order; {@code m} itself when none is missing.
     */
    public static Assignment withDynamicDims(List<Declaration> declarations, Assignment m) {
        Map<String, Dim> dims = null;
        for (Declaration d : declarations)
            if (d.kind() == Declaration.Provenance.DYNAMIC)
                for (Declaration.VarRef v : d.vars())
                    if (!v.row() && !m.dims().containsKey(v.name()) && (dims == null || !dims.containsKey(v.name()))) {
                        if (dims == null) dims = new LinkedHashMap<>(m.dims());
                        dims.put(v.name(), Dim.unit());
                    }
        return dims == null ? m : new Assignment(dims, m.rows());
    }
}
