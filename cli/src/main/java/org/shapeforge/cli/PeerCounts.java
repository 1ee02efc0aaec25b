package org.shapeforge.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import org.shapeforge.onnx.Gap;
import org.shapeforge.onnx.InferredDim;

/**
 * One model's values against the two peers, at the test point: how many values each of ours, ONNX
 * Runtime's symbolic inference and {@code onnx.shape_inference} gives a full shape — every dim a
 * number there: a number, or a symbolic dim (ours: a {@code SymSize}; ORT: a sympy expression;
 * ONNX: an input's {@code dim_param}) evaluated at the test case's sizes, never a made-up name
 * ({@code unk__3}) or an unknown — and the values where two full shapes differ.
 *
 * @param values the model's values (graph inputs and node outputs, initializers aside)
 * @param ort ORT's count, or why it has none
 * @param ortNotOurs values ORT shapes fully and we do not
 * @param truth against the ground truth (ONNX Runtime running the model at the test point), where it ran
 * @param examples the first disagreements, in graph order (a full shape of ours that the run contradicts first)
 */
record PeerCounts(int values, int oursFull, Column ort, int onnxFull, int ortNotOurs, int disagree, Optional<Truth> truth,
        List<String> examples) {
    /**
     * The full shapes each gives, checked against the shapes of the run: {@code checked} values the
     * run shaped, of which each column's full shapes that differ.
     */
    record Truth(int checked, int oursWrong, int ortWrong, int onnxWrong) {}

    PeerCounts {
        examples = List.copyOf(examples);
    }

    /** ORT's column: a count, or why there is none (the helper skipped, or ORT failed on this model). */
    sealed interface Column {
        record Counted(int full) implements Column {}

        record Missing(String why) implements Column {}
    }

    static PeerCounts of(ModelProto m, Map<String, List<InferredDim>> ours, List<Gap> gaps, ReferenceShapes ref, OrtShapes ort, String model) {
        Map<String, Long> test = ref.sizes().getOrDefault("test", Map.of());
        Map<String, Long> oursAt = new HashMap<>(test); // our computed sizes at the test point, by their computation
        for (Gap g : gaps)
            if (g.computed().isPresent()) g.computed().get().at(test).ifPresent(v -> oursAt.put(g.extent(), v));
        OrtShapes.Answer answer = ort instanceof OrtShapes.Measured(String v, Map<String, OrtShapes.Answer> per, var r) ? per.get(model) : null;
        Optional<OrtShapes.Answer.Shaped> theirs = answer instanceof OrtShapes.Answer.Shaped s ? Optional.of(s) : Optional.empty();
        Map<String, List<Long>> ran = ort instanceof OrtShapes.Measured me ? me.ran().get(model) : null;
        int checked = 0, oursWrong = 0, ortWrong = 0, onnxWrong = 0;
        int oursFull = 0, ortFull = 0, onnxFull = 0, ortNotOurs = 0, disagree = 0;
        List<String> examples = new ArrayList<>();
        for (String v : values(m)) {
            Optional<List<Long>> a = full(ours.get(v), d -> d.at(oursAt));
            Optional<List<Long>> b = theirs.flatMap(s -> full(s.atTest().get(v), d -> d));
            Optional<List<Long>> c = full(ref.values().get(v), d -> onnx(d, test));
            oursFull += a.isPresent() ? 1 : 0;
            ortFull += b.isPresent() ? 1 : 0;
            onnxFull += c.isPresent() ? 1 : 0;
            if (b.isPresent() && a.isEmpty()) ortNotOurs++;
            List<Long> truth = ran == null ? null : ran.get(v);
            if (truth != null) {
                checked++;
                if (a.isPresent() && !a.get().equals(truth)) {
                    oursWrong++;
                    if (examples.size() < ModelCorpus.EXAMPLES) examples.add(v + ": ours " + shown(a) + ", the run " + truth + " at the test point");
                }
                if (b.isPresent() && !b.get().equals(truth)) ortWrong++;
                if (c.isPresent() && !c.get().equals(truth)) onnxWrong++;
            }
            Set<List<Long>> distinct = new LinkedHashSet<>();
            for (Optional<List<Long>> x : List.of(a, b, c)) x.ifPresent(distinct::add);
            if (distinct.size() > 1) {
                disagree++;
                if (examples.size() < ModelCorpus.EXAMPLES)
                    examples.add(v + ": ours " + shown(a) + ", ORT " + shown(b) + ", onnx " + shown(c) + " at the test point");
            }
        }
        Column column = switch (ort) {
            case OrtShapes.Skipped(String why) -> new Column.Missing("skipped: " + why);
            case OrtShapes.Measured me -> switch (answer) {
                case null -> new Column.Missing("no answer for " + model);
                case OrtShapes.Answer.Failed(String error) -> new Column.Missing("failed: " + error);
                case OrtShapes.Answer.Shaped s -> new Column.Counted(ortFull);
            };
        };
        Optional<Truth> truth = ran == null ? Optional.empty() : Optional.of(new Truth(checked, oursWrong, ortWrong, onnxWrong));
        return new PeerCounts(values(m).size(), oursFull, column, onnxFull, ortNotOurs, disagree, truth, examples);
    }

    /** Graph inputs and node outputs, initializers aside, in graph order. */
    static Set<String> values(ModelProto m) {
        Set<String> inits = new LinkedHashSet<>();
        for (TensorProto t : m.getGraph().getInitializerList()) inits.add(t.getName());
        Set<String> names = new LinkedHashSet<>();
        m.getGraph().getInputList().forEach(v -> names.add(v.getName()));
        m.getGraph().getNodeList().forEach(nd -> names.addAll(nd.getOutputList()));
        names.remove("");
        names.removeAll(inits);
        return names;
    }

    private static OptionalLong onnx(ReferenceShapes.Dim d, Map<String, Long> test) {
        return switch (d) {
            case ReferenceShapes.Dim.Known(long n) -> OptionalLong.of(n);
            case ReferenceShapes.Dim.Param(String name) -> test.containsKey(name) ? OptionalLong.of(test.get(name)) : OptionalLong.empty();
            case ReferenceShapes.Dim.Unknown() -> OptionalLong.empty();
        };
    }

    /** Every dim's number, when each has one; empty for no shape or a dim without. */
    private static <D> Optional<List<Long>> full(List<D> dims, Function<D, OptionalLong> at) {
        if (dims == null) return Optional.empty();
        List<Long> out = new ArrayList<>();
        for (D d : dims) {
            OptionalLong n = at.apply(d);
            if (n.isEmpty()) return Optional.empty();
            out.add(n.getAsLong());
        }
        return Optional.of(List.copyOf(out));
    }

    private static String shown(Optional<List<Long>> s) {
        return s.map(List::toString).orElse("-");
    }
}
