package org.shapeforge.codegen.program;

import java.util.Optional;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.program.ScalarOp;
import org.shapeforge.project.Operation;

/**
 * How a reduction folds the points of a cell (Def. 7.5), and what a padded tensor's margins hold
 * so that a window reaching into them adds nothing: a sum from 0 (every {@code .shp} reduction,
 * a convolution, an average pool's sum), or a max from −∞ (a softmax's max-reduction, a max pool).
 */
public enum Fold {
    SUM(BinOp.ADD, 0.0),
    MAX(BinOp.MAX, Double.NEGATIVE_INFINITY);

    /** The accumulator of the loop IR's update. */
    public final BinOp op;
    /** The margins' pad value: the fold's neutral element. */
    public final double pad;

    Fold(BinOp op, double pad) {
        this.op = op;
        this.pad = pad;
    }

    /** The fold a program operation names: max for a softmax's max-reduction ({@code Softmax}), else a sum. */
    public static Fold of(Operation op) {
        return op.scalarOp().equals(Optional.of(ScalarOp.Builtin.SOFTMAX_MAX)) ? MAX : SUM;
    }
}
