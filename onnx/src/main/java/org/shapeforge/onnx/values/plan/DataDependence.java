package org.shapeforge.onnx.values.plan;

import java.util.Map;
import java.util.Optional;
import onnx.Onnx.NodeProto;

/**
 * The ops declared dependent on their data, whatever their lowering does: a node of one of these
 * ops on input-dependent data is interpreted at every run, with what depends on it
 * ({@link Unplannable.DataDependentOp}). Every other way a lowering computes from input-dependent
 * data is caught as it happens, by the read it must make ({@link Recorder#read}); this table states
 * the semantics so a lowering that computes such an op without reading in Java (a fixed point of
 * kernels, a fill) is still interpreted.
 */
final class DataDependence {
    private DataDependence() {}

    private static final Map<String, Unplannable.Dependence> OPS = Map.ofEntries(
            Map.entry("NonZero", Unplannable.Dependence.SHAPE_FROM_DATA),
            Map.entry("NonMaxSuppression", Unplannable.Dependence.SHAPE_FROM_DATA),
            Map.entry("Compress", Unplannable.Dependence.SHAPE_FROM_DATA),
            Map.entry("Unique", Unplannable.Dependence.SHAPE_FROM_DATA),
            Map.entry("RandomNormal", Unplannable.Dependence.RANDOM),
            Map.entry("RandomUniform", Unplannable.Dependence.RANDOM),
            Map.entry("RandomNormalLike", Unplannable.Dependence.RANDOM),
            Map.entry("RandomUniformLike", Unplannable.Dependence.RANDOM),
            Map.entry("Bernoulli", Unplannable.Dependence.RANDOM),
            Map.entry("Multinomial", Unplannable.Dependence.RANDOM));

    /** Why {@code n}'s op depends on its data, if it is declared so (default domain only). */
    static Optional<Unplannable.Dependence> of(NodeProto n) {
        if (!n.getDomain().isEmpty() && !n.getDomain().equals("ai.onnx")) return Optional.empty();
        return Optional.ofNullable(OPS.get(n.getOpType()));
    }

    /**
     * Ops whose outputs depend only on their inputs' dims: reads of the input's numbers under them
     * (a lowering taking {@code data().length}) steer nothing a replay at the same dims could miss.
     */
    static boolean shapeOnly(NodeProto n) {
        return (n.getDomain().isEmpty() || n.getDomain().equals("ai.onnx")) && (n.getOpType().equals("Shape") || n.getOpType().equals("Size"));
    }
}
