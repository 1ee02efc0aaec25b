package org.shapeforge.onnx;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The op registry: every ONNX op shapeforge knows, keyed by (domain, op type), each with its shape
 * logic and its value lowering or the reason it has none ({@link OpSpec}). Import ({@link Importer})
 * and the values path ({@code values.GraphRun}, {@code values.NodeLowering}) both look ops up here,
 * so an op is known to both or to neither. The specs come from the op families, one file each,
 * which declare them beside their shape logic; a new family is one line in {@link #FAMILIES}. An op
 * not registered is an "unsupported op" error naming the node — never a guessed shape.
 */
public final class OpRegistry {
    private OpRegistry() {}

    /** The op families' declarations, one line a family. */
    private static final List<List<OpSpec>> FAMILIES = List.of(Elementwise.SPECS, Linear.SPECS, Windows.SPECS, Misc.SPECS,
            Normalization.SPECS, Joining.SPECS, Reshaping.SPECS, ShapeOps.SPECS, Resizing.SPECS, Einsum.SPECS, Reductions.SPECS,
            Indexing.SPECS, Losses.SPECS, Tiling.SPECS, Quantized.SPECS, Scattering.SPECS, Recurrent.SPECS, Sampling.SPECS,
            Spectral.SPECS, Training.SPECS, ControlFlow.SPECS);

    private static final Map<OpKey, OpSpec> BY_KEY = index();

    private static Map<OpKey, OpSpec> index() {
        Map<OpKey, OpSpec> m = new TreeMap<>();
        for (List<OpSpec> family : FAMILIES)
            for (OpSpec s : family)
                if (m.put(s.key(), s) != null) throw new IllegalStateException("op " + s.key() + " is registered twice");
        return Collections.unmodifiableMap(m);
    }

    /** The spec of {@code domain}'s {@code opType} ({@code ""} and {@code "ai.onnx"} are the default domain). */
    public static Optional<OpSpec> lookup(String domain, String opType) {
        return Optional.ofNullable(BY_KEY.get(new OpKey(domain, opType)));
    }

    /** The spec of {@code key}'s op. */
    public static Optional<OpSpec> lookup(OpKey key) {
        return Optional.ofNullable(BY_KEY.get(key));
    }

    /** The families' declarations, one list a family, as {@link #FAMILIES} lists them (for the registry's checks). */
    static List<List<OpSpec>> families() {
        return FAMILIES;
    }

    /** Every registered op, sorted by key. */
    public static Collection<OpSpec> all() {
        return BY_KEY.values();
    }

    /**
     * The ops ONNX's conformance data (libonnx-testdata: node, simple, pytorch-converted,
     * pytorch-operator and real tests) exercises that are not registered, each with why: no shape
     * logic is guessed for them, and import refuses them as unsupported. Documentation kept beside
     * the registry (the registry's test checks that the conformance data has no op outside both).
     */
    public static final Map<OpKey, String> UNSUPPORTED = unsupported();

    private static Map<OpKey, String> unsupported() {
        Map<OpKey, String> m = new TreeMap<>();
        String seq = "a sequence-typed value: import shapes tensors, not sequences of tensors";
        for (String op : new String[] {"SequenceAt", "SequenceConstruct", "SequenceEmpty", "SequenceErase", "SequenceInsert",
                "SequenceLength", "ConcatFromSequence", "SplitToSequence"})
            m.put(OpKey.of(op), seq);
        m.put(OpKey.of("SequenceMap"), "a subgraph mapped over sequences: import shapes tensors, not sequences of tensors");
        String opt = "an optional-typed value: import shapes tensors, not optional values";
        for (String op : new String[] {"Optional", "OptionalGetElement", "OptionalHasElement"}) m.put(OpKey.of(op), opt);
        m.put(OpKey.of("Bernoulli"), "random sampling: its shape is its input's, but no shape logic is registered for random"
                + " ops (their values cannot be compared with a reference)");
        m.put(OpKey.of("RandomUniformLike"), "random sampling: its shape is its input's, but no shape logic is registered for"
                + " random ops (their values cannot be compared with a reference)");
        m.put(OpKey.of("StringNormalizer"), "string tensors: text processing is outside tensor shape analysis");
        m.put(OpKey.of("TfIdfVectorizer"), "n-gram counting over strings or integers: its output width comes from the pool"
                + " attributes; no shape logic is written");
        m.put(new OpKey("ai.onnx.preview.training", "Gradient"), "the gradients of a graph's outputs: each has the shape of the"
                + " input it differentiates, but no shape logic reads the differentiated graph");
        return Collections.unmodifiableMap(m);
    }
}
