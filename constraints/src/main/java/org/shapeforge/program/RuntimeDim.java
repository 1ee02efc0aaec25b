package org.shapeforge.program;

import java.util.List;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.term.Dim;

/**
 * An axis whose size is computed at run time by an operation of a program with {@code dynamic}
 * dimensions (issue 17, docs/dynamic.md): its variable is declared {@code dynamic} (never closed)
 * and its extent is stated here, not by a size constraint the native solver would have to keep
 * open. {@code org.shapeforge.program.dynamic.SymbolicShapes} reads it; the consumer check
 * ({@code ExtentCheck}) refuses programs that constrain it further.
 */
public sealed interface RuntimeDim {
    /** The axis's variable. */
    String var();

    /** The result tensor. */
    String result();

    /**
     * {@code y = truncate(a, axis, s)} (DynamicTruncate, {@code seeds/004_…}): at most {@code source},
     * the operand's axis at the same place. Only an upper bound: reported as {@code UpperBound(source)}
     * and never upgraded (seed 004, "first implementation pass").
     *
     * @param kind the row of the axis
     * @param axis its position in that row, from the right ({@code -1} is the last axis)
     */
    record Truncated(String var, Dim.Var source, String result, String operand, String sizeTensor, Kind kind, int axis)
            implements RuntimeDim {
        /** {@code b-1}: the row letter and position from the right, as {@code truncate(a, "b-1", s)} takes it. */
        public String axisName() {
            return kind.letter + axis;
        }
    }

    /**
     * {@code y = flatten(a, K)}: a reshape whose merged axis is the product of the operand's last
     * {@code K} output axes ({@code factors}): {@code o=[n, 4]} becomes {@code o=[n*4]}.
     */
    record Flattened(String var, List<Dim.Var> factors, String result, String operand) implements RuntimeDim {
        public Flattened {
            factors = List.copyOf(factors);
        }
    }
}
