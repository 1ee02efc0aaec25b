package org.shapeforge.proofs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.program.OpKind;
import org.shapeforge.project.Index;
import org.shapeforge.project.Operation;
import org.shapeforge.project.TensorOccurrence;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Small generated operations with their closed models, built as the front end will build them
 * (tensor {@code t} has rows {@code <t_b>, <t_i>, <t_o>}; batch and input empty), for the
 * properties of §7. A {@link Case} is an operation plus a model that satisfies its constraints.
 */
final class ProjOps {
    private ProjOps() {}

    record Case(Operation op, Assignment model, String description) {
        @Override
        public String toString() {
            return description;
        }
    }

    static final List<String> LABELS = List.of("i", "j", "k", "l");
    static final List<String> TENSORS = List.of("y", "a", "b", "c");

    static TensorOccurrence occ(String t) {
        return new TensorOccurrence(t, Row.var(t + "_b"), Row.var(t + "_i"), Row.var(t + "_o"));
    }

    static Dim size(long n) {
        return Sizes.ofSize(n, Dim.DEFAULT_BASIS);
    }

    static Row lit(List<Long> sizes) {
        return Row.literal(sizes.stream().map(ProjOps::size).toList());
    }

    /** An einsum: each tensor's output row is a list of labels (repeats allowed: diagonals); optionally one operand axis is a fixed index. */
    record Einsum(List<List<String>> operands, List<String> lhs, Map<String, Long> sizes, Optional<Long> pinAt, int pinOperand) {

        Case build() {
            return build(Map.of());
        }

        /** {@code rename} renames labels (for the "only names differ" properties). */
        Case build(Map<String, String> rename) {
            List<Constraint> cs = new ArrayList<>();
            Map<String, Dim> dims = new LinkedHashMap<>();
            Map<String, Row> rows = new LinkedHashMap<>();
            List<TensorOccurrence> rhs = new ArrayList<>();
            Map<String, Index> pins = new LinkedHashMap<>();
            for (int t = 0; t <= operands.size(); t++) {
                String name = TENSORS.get(t);
                List<String> labels = new ArrayList<>(t == 0 ? lhs : operands.get(t - 1));
                if (t == pinOperand && pinAt.isPresent()) labels.add("f");
                List<Dim> spec = labels.stream().map(l -> (Dim) new Dim.Var(rename.getOrDefault(l, l))).toList();
                cs.add(new Constraint.RowEq(Row.var(name + "_b"), Row.empty(), Span.NONE));
                cs.add(new Constraint.RowEq(Row.var(name + "_i"), Row.empty(), Span.NONE));
                cs.add(new Constraint.RowEq(Row.var(name + "_o"), Row.literal(spec), Span.NONE));
                rows.put(name + "_b", Row.empty());
                rows.put(name + "_i", Row.empty());
                rows.put(name + "_o", lit(labels.stream().map(sizes::get).toList()));
                for (String l : labels) dims.put(rename.getOrDefault(l, l), size(sizes.get(l)));
                if (t > 0) rhs.add(occ(name));
            }
            pinAt.ifPresent(c -> pins.put(rename.getOrDefault("f", "f"), new Index.Fixed(c)));
            Operation op = Operation.of("y", OpKind.EINSUM, occ("y"), rhs, cs).withPins(pins);
            return new Case(op, new Assignment(dims, rows), "einsum " + operands + " => " + lhs + " sizes " + sizes
                    + pinAt.map(c -> " f pinned at " + c + " in operand " + pinOperand).orElse(""));
        }
    }

    static Arbitrary<List<String>> labelList(int max) {
        return Arbitraries.of(LABELS).list().ofMinSize(0).ofMaxSize(max);
    }

    static Arbitrary<Einsum> einsums() {
        Arbitrary<List<List<String>>> operands = labelList(3).list().ofMinSize(1).ofMaxSize(2);
        Arbitrary<Map<String, Long>> sizes = Arbitraries.longs().between(1, 3).list().ofSize(LABELS.size() + 1).map(ns -> {
            Map<String, Long> m = new LinkedHashMap<>();
            for (int i = 0; i < LABELS.size(); i++) m.put(LABELS.get(i), ns.get(i));
            m.put("f", 2 + ns.get(LABELS.size()) % 2);
            return m;
        });
        Arbitrary<Optional<Long>> pin = Arbitraries.of(Optional.<Long>empty(), Optional.of(0L), Optional.of(1L));
        return Combinators.combine(operands, labelList(3), sizes, pin, Arbitraries.integers().between(1, 2))
                .as((ops, lhs, sz, p, po) -> new Einsum(ops, lhs, sz, p, Math.min(po, ops.size())));
    }

    /** Pointwise broadcasting {@code y = f(a, b)}: operand rows align with the result's back, some axes broadcast (1∅). */
    record Pointwise(List<Long> result, List<List<Boolean>> broadcast, List<Integer> ranks) {
        Case build() {
            List<Constraint> cs = new ArrayList<>();
            Map<String, Row> rows = new LinkedHashMap<>();
            List<TensorOccurrence> rhs = new ArrayList<>();
            for (String k : List.of("_b", "_i")) rows.put("y" + k, Row.empty());
            rows.put("y_o", lit(result));
            for (int t = 0; t < ranks.size(); t++) {
                String name = TENSORS.get(t + 1);
                int r = Math.min(ranks.get(t), result.size());
                List<Long> mine = new ArrayList<>();
                for (int p = result.size() - r; p < result.size(); p++) mine.add(broadcast.get(t).get(p) ? 1L : result.get(p));
                rows.put(name + "_b", Row.empty());
                rows.put(name + "_i", Row.empty());
                rows.put(name + "_o", lit(mine));
                for (String k : List.of("_b", "_i", "_o"))
                    cs.add(new Constraint.RowLe(Row.var("y" + k), Row.var(name + k), Span.NONE));
                rhs.add(occ(name));
            }
            Operation op = Operation.of("y", OpKind.POINTWISE, occ("y"), rhs, cs);
            return new Case(op, new Assignment(Map.of(), rows), "pointwise " + result + " broadcast " + broadcast + " ranks " + ranks);
        }
    }

    static Arbitrary<Pointwise> pointwise() {
        Arbitrary<List<Long>> result = Arbitraries.longs().between(1, 3).list().ofMinSize(0).ofMaxSize(3);
        Arbitrary<List<List<Boolean>>> bc = Arbitraries.of(true, false).list().ofSize(3).list().ofSize(2);
        Arbitrary<List<Integer>> ranks = Arbitraries.integers().between(0, 3).list().ofMinSize(1).ofMaxSize(2);
        return Combinators.combine(result, bc, ranks).as(Pointwise::new);
    }

    /** A 1-d convolution {@code y[o] = Σ_k a[stride·o + dilation·k + offset] · w[k]}, valid or padded. */
    record Conv(int stride, int dilation, long kernel, long out, boolean padded, int offset) {
        Case build() {
            Dim.Affine term = new Dim.Affine(new Dim.Var("o"), stride, Optional.of(new Dim.Var("k")), dilation, padded, offset);
            long n = Sizes.affineInput(term, out, kernel);
            List<Constraint> cs = new ArrayList<>();
            Map<String, Row> rows = new LinkedHashMap<>();
            for (String t : List.of("y", "a", "w")) {
                cs.add(new Constraint.RowEq(Row.var(t + "_b"), Row.empty(), Span.NONE));
                cs.add(new Constraint.RowEq(Row.var(t + "_i"), Row.empty(), Span.NONE));
                rows.put(t + "_b", Row.empty());
                rows.put(t + "_i", Row.empty());
            }
            cs.add(new Constraint.RowEq(Row.var("a_o"), Row.literal(List.of(term)), Span.NONE));
            cs.add(new Constraint.RowEq(Row.var("w_o"), Row.literal(List.of(new Dim.Var("k"))), Span.NONE));
            cs.add(new Constraint.RowEq(Row.var("y_o"), Row.literal(List.of(new Dim.Var("o"))), Span.NONE));
            rows.put("a_o", lit(List.of(n)));
            rows.put("w_o", lit(List.of(kernel)));
            rows.put("y_o", lit(List.of(out)));
            Operation op = Operation.of("y", OpKind.EINSUM, occ("y"), List.of(occ("a"), occ("w")), cs);
            return new Case(op, new Assignment(Map.of("o", size(out), "k", size(kernel)), rows), toString());
        }
    }

    static Arbitrary<Conv> convs() {
        return Combinators.combine(Arbitraries.integers().between(1, 3), Arbitraries.integers().between(1, 3),
                        Arbitraries.longs().between(1, 4), Arbitraries.longs().between(1, 4), Arbitraries.of(true, false),
                        Arbitraries.integers().between(0, 2))
                .as((s, d, k, o, p, f) -> new Conv(s, d, k, o, p, p ? f % s : 0));
    }

    /** Concatenation {@code y = a ^ b (^ c)} along the output axis, with a shared leading axis {@code n}. */
    record Block(List<Long> parts, long lead) {
        Case build() {
            List<Constraint> cs = new ArrayList<>();
            Map<String, Row> rows = new LinkedHashMap<>();
            Map<String, Dim> dims = new LinkedHashMap<>();
            List<Dim> concat = new ArrayList<>();
            List<TensorOccurrence> rhs = new ArrayList<>();
            dims.put("n", size(lead));
            for (int t = 0; t <= parts.size(); t++) {
                String name = TENSORS.get(t);
                cs.add(new Constraint.RowEq(Row.var(name + "_b"), Row.empty(), Span.NONE));
                cs.add(new Constraint.RowEq(Row.var(name + "_i"), Row.empty(), Span.NONE));
                rows.put(name + "_b", Row.empty());
                rows.put(name + "_i", Row.empty());
                if (t == 0) continue;
                String label = LABELS.get(t - 1);
                dims.put(label, size(parts.get(t - 1)));
                concat.add(new Dim.Var(label));
                cs.add(new Constraint.RowEq(Row.var(name + "_o"), Row.literal(List.of(new Dim.Var("n"), new Dim.Var(label))), Span.NONE));
                rows.put(name + "_o", lit(List.of(lead, parts.get(t - 1))));
                rhs.add(occ(name));
            }
            cs.add(new Constraint.RowEq(Row.var("y_o"), Row.literal(List.of(new Dim.Var("n"), new Dim.Concat(concat))), Span.NONE));
            rows.put("y_o", lit(List.of(lead, parts.stream().mapToLong(Long::longValue).sum())));
            Operation op = Operation.of("y", OpKind.BLOCK, occ("y"), rhs, cs);
            return new Case(op, new Assignment(dims, rows), "block " + parts + " lead " + lead);
        }
    }

    static Arbitrary<Block> blocks() {
        return Combinators.combine(Arbitraries.longs().between(1, 3).list().ofMinSize(2).ofMaxSize(3), Arbitraries.longs().between(1, 3))
                .as(Block::new);
    }
}
