package org.shapeforge.program.dynamic;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Stmt;

/**
 * The BladeDISC-style report of seed 002 ({@code shapeforge analyze}): the equal-dim classes, the
 * distribution facts per dynamic dim, and per pointwise operand whether its broadcast is provably a
 * no-op — its symbolic shape equals the result's axis for axis, so no runtime
 * {@code dynamic_broadcast_in_dim} is needed for any size of the dynamic dims.
 */
public record Analysis(DimClasses classes, List<String> facts, List<Broadcast> broadcasts) {
    public Analysis {
        facts = List.copyOf(facts);
        broadcasts = List.copyOf(broadcasts);
    }

    /** One pointwise operand: where, which operand, both shapes, and whether the broadcast is a no-op. */
    public record Broadcast(String where, String result, String operand, String resultShape, String operandShape,
            boolean noOp) {}

    public static Analysis of(Inference inf, List<Stmt.Fact> facts) {
        List<Broadcast> bs = new ArrayList<>();
        for (Generated.OpNode op : inf.generated().operations()) {
            if (!"POINTWISE".equals(op.kind())) continue;
            SymbolicShape r = SymbolicShapes.of(inf, op.lhs()).orElseThrow();
            for (int i = 0; i < op.operands().size(); i++) {
                SymbolicShape a = SymbolicShapes.of(inf, op.operands().get(i)).orElseThrow();
                String name = i < op.operandNames().size() ? op.operandNames().get(i) : "#" + (i + 1);
                bs.add(new Broadcast(op.origin().describe(), op.result(), name, r.printed(), a.printed(), a.equals(r)));
            }
        }
        return new Analysis(SymbolicShapes.classes(inf),
                facts.stream().map(f -> org.shapeforge.lang.Printer.print(f.constraint())).toList(), bs);
    }
}
