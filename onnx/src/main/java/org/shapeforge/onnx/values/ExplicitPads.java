package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.project.AxisRef;
import org.shapeforge.project.Index;
import org.shapeforge.project.Padding;
import org.shapeforge.project.Projections;
import org.shapeforge.project.TensorAxis;

/**
 * ONNX's explicit pads as Prop. 8.1 margins. Projections' padded mode splits a kernel's extent
 * symmetrically (docs/projections.md, "Affine axes"); ONNX states each side's pad, possibly
 * uneven, with a floor that may leave the last rows unread. So a padded ONNX window is built in
 * valid mode over the extent it reads ({@code stride·(o−1) + dilation·(k−1) + 1}, from the
 * axis's begin pad on), and this pass re-addresses it to the unpadded tensor in logical
 * coordinates, as padded mode's indices are: the index minus the begin pad, the axis its own size
 * {@code n}, margins {@code begin} on the left and on the right what the last window reaches past
 * {@code n}. The operation's bounded addressing (Thm. 7.8, with margins) is re-checked when the
 * loop IR is built.
 */
final class ExplicitPads {
    private ExplicitPads() {}

    /** Operand {@code operand}'s axis {@code axis} is addressed {@code begin} cells before its start and has {@code size} cells. */
    record Pad(int operand, int axis, int begin, int size) {
        Pad {
            if (begin < 0 || size < 1) throw new IllegalArgumentException("pad " + begin + " of an axis of size " + size);
        }
    }

    /** {@code p} with each of {@code pads} applied to its operand's index map, axis size and margins. */
    static Projections apply(Projections p, List<Pad> pads) {
        if (pads.isEmpty()) return p;
        List<List<Index>> rhs = new ArrayList<>();
        List<List<TensorAxis>> axes = new ArrayList<>();
        for (int j = 0; j < p.rhs().size(); j++) {
            rhs.add(new ArrayList<>(p.rhs().get(j)));
            axes.add(new ArrayList<>(p.rhsAxes().get(j)));
        }
        Map<AxisRef, Padding> padding = new LinkedHashMap<>(p.padding());
        for (Pad pad : pads) {
            TensorAxis extent = axes.get(pad.operand()).get(pad.axis());
            Index shifted = shift(rhs.get(pad.operand()).get(pad.axis()), pad.begin());
            rhs.get(pad.operand()).set(pad.axis(), shifted);
            axes.get(pad.operand()).set(pad.axis(), new TensorAxis(extent.ref(), pad.size()));
            Padding margins = new Padding(pad.begin(), Math.max(0, extent.size() - pad.begin() - pad.size()));
            padding.merge(extent.ref(), margins, Padding::max);
        }
        return new Projections(p.operation(), p.product(), p.lhs(), rhs, p.lhsAxes(), axes, p.reductions(), p.injective(),
                p.surjective(), p.accumulate(), p.initialize(), padding);
    }

    /** {@code ix − begin}; an unshifted index stays as it is. */
    private static Index shift(Index ix, int begin) {
        if (begin == 0) return ix;
        return switch (ix) {
            case Index.Iter(var s) -> Index.affine(List.of(new Index.Term(1, s)), -begin);
            case Index.Fixed(var c) -> new Index.Affine(List.of(), c - begin);
            case Index.Affine(var terms, var offset) -> new Index.Affine(terms, offset - begin);
            case Index.External e -> throw new IllegalArgumentException("a padded axis indexed by the runtime index " + e.render());
            case Index.Concat c -> throw new IllegalArgumentException("a padded axis indexed by the concatenation " + c.render());
        };
    }
}
