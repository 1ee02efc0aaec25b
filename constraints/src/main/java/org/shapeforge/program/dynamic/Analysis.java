package org.shapeforge.program.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.TreeSet;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.OpKind;
import org.shapeforge.program.Stmt;

/**
 * The BladeDISC-style report of seed 002 ({@code shapeforge analyze}): the equal-dim classes, the
 * distribution facts, per class its range, divisibility and likely values, per pointwise operand
 * whether its broadcast is provably a no-op — its symbolic shape equals the result's axis for axis
 * (all exact), so no runtime {@code dynamic_broadcast_in_dim} is needed for any size of the dynamic
 * dims — and the shape-compatible op groups with their collapsing index computations ({@link Fusion}).
 */
public record Analysis(DimClasses classes, List<String> facts, List<DimFacts> dims, List<Broadcast> broadcasts,
        Fusion fusion) {
    public Analysis {
        facts = List.copyOf(facts);
        dims = List.copyOf(dims);
        broadcasts = List.copyOf(broadcasts);
    }

    /**
     * What the facts say about one class of equal dims (seed 002's SymbolDim: range list, likely
     * values): the intersection of its members' ranges, their divisibility facts, their likely values.
     */
    public record DimFacts(String dims, OptionalLong lo, OptionalLong hi, List<String> divisibility,
            List<Long> likely) {
        public DimFacts {
            divisibility = List.copyOf(divisibility);
            likely = List.copyOf(likely);
        }

        /** {@code batch: in 1..64, likely {8, 32}}. */
        public String printed() {
            List<String> parts = new ArrayList<>();
            if (lo.isPresent()) parts.add("in " + lo.getAsLong() + ".." + hi.getAsLong());
            parts.addAll(divisibility);
            if (!likely.isEmpty()) parts.add("likely " + likely.toString().replace('[', '{').replace(']', '}'));
            return dims + ": " + (parts.isEmpty() ? "no facts" : String.join(", ", parts));
        }
    }

    /** One pointwise operand: where, which operand, both shapes, and whether the broadcast is a no-op. */
    public record Broadcast(String where, String result, String operand, String resultShape, String operandShape,
            boolean noOp) {}

    public static Analysis of(Inference inf, List<Stmt.Fact> facts) {
        List<Broadcast> bs = new ArrayList<>();
        var read = SymbolicShapes.reader(inf).orElseThrow();
        for (Generated.OpNode op : inf.generated().operations()) {
            if (op.kind() != OpKind.POINTWISE) continue;
            SymbolicShape r = read.apply(op.lhs());
            for (int i = 0; i < op.operands().size(); i++) {
                SymbolicShape a = read.apply(op.operands().get(i));
                String name = i < op.operandNames().size() ? op.operandNames().get(i) : "#" + (i + 1);
                bs.add(new Broadcast(op.origin().describe(), op.result(), name, r.printed(), a.printed(),
                        Fusion.exactlyEqual(a, r)));
            }
        }
        DimClasses cl = SymbolicShapes.classes(inf);
        return new Analysis(cl, facts.stream().map(f -> Printer.print(f.constraint())).toList(),
                dimFacts(cl, facts), bs, Fusion.of(inf));
    }

    private static List<DimFacts> dimFacts(DimClasses cl, List<Stmt.Fact> facts) {
        List<DimFacts> out = new ArrayList<>();
        for (DimClasses.EqClass c : cl.classes()) {
            long lo = 1, hi = Long.MAX_VALUE;
            boolean ranged = false;
            List<String> div = new ArrayList<>();
            TreeSet<Long> likely = new TreeSet<>();
            for (Stmt.Fact f : facts) {
                if (!c.members().contains(f.dim())) continue;
                switch (f.constraint()) {
                    case Constraint.SizeIn in -> {
                        ranged = true;
                        lo = Math.max(lo, in.lo());
                        hi = Math.min(hi, in.hi());
                    }
                    case Constraint.Likely l -> likely.addAll(l.values());
                    default -> div.add(Printer.print(f.constraint()).replace("size(" + f.dim() + ")", f.dim()));
                }
            }
            if (c.value().isPresent()) {
                ranged = true;
                lo = Math.max(lo, c.value().getAsLong());
                hi = Math.min(hi, c.value().getAsLong());
            }
            out.add(new DimFacts(c.printed(), ranged ? OptionalLong.of(lo) : OptionalLong.empty(),
                    ranged ? OptionalLong.of(hi) : OptionalLong.empty(), div, List.copyOf(likely)));
        }
        return out;
    }
}
