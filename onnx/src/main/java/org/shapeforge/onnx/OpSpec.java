package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.onnx.values.Lowering;

/**
 * One registered ONNX op ({@link OpRegistry}): its key, its shape logic (what import emits for it)
 * and its value lowering (how {@code run} computes it through generated C), or the stated reason
 * it has none. Every registered op has a shape logic; a lowering never stands without one. The op
 * families declare their specs beside their shape logic ({@code SPECS} of {@link Elementwise},
 * {@link Windows}, …), so an op's two halves are written on one line.
 */
public record OpSpec(OpKey key, ShapeLogic shape, Lowering lowering) {
    public OpSpec {
        if (key == null || shape == null || lowering == null) throw new IllegalArgumentException("an op spec needs a key, a shape logic and a lowering");
    }

    /** Default-domain {@code ops}, each shaped by {@code logic} and lowered by {@code lowering}. */
    static List<OpSpec> each(OpLogic logic, Lowering lowering, String... ops) {
        return in(OpKey.DEFAULT, logic, lowering, ops);
    }

    /** {@code domain}'s {@code ops}, each shaped by {@code logic} and lowered by {@code lowering}. */
    static List<OpSpec> in(String domain, OpLogic logic, Lowering lowering, String... ops) {
        List<OpSpec> out = new ArrayList<>();
        for (String op : ops) out.add(new OpSpec(new OpKey(domain, op), new ShapeLogic.Local(logic), lowering));
        return List.copyOf(out);
    }

    /** The concatenation of a family's spec groups. */
    @SafeVarargs
    static List<OpSpec> family(List<OpSpec>... groups) {
        List<OpSpec> out = new ArrayList<>();
        for (List<OpSpec> g : groups) out.addAll(g);
        return List.copyOf(out);
    }
}
