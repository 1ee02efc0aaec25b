package org.shapeforge.onnx;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The op table: ONNX op type (default domain) → shape logic. An op not in the table is an
 * "unsupported op" error naming the node — never a guessed shape.
 */
public final class Ops {
    private Ops() {}

    private static final Map<String, OpLogic> TABLE = table();

    private static Map<String, OpLogic> table() {
        Map<String, OpLogic> m = new TreeMap<>();
        for (String op : new String[] {"Relu", "Sigmoid", "Tanh", "Exp", "Log", "Abs", "Neg", "Sqrt", "Erf", "Cast",
                "Identity", "Dropout", "Reciprocal", "Floor", "Ceil", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan",
                "Sinh", "Cosh", "Asinh", "Acosh", "Atanh", "Softplus", "Softsign", "LeakyRelu", "Elu", "Selu", "Celu",
                "HardSigmoid", "HardSwish", "ThresholdedRelu", "Not", "Sign", "Round", "IsNaN", "IsInf", "Shrink",
                "CastLike", "BitwiseNot", "LRN", "InstanceNormalization", "MeanVarianceNormalization",
                "LpNormalization", "Trilu", "CumSum", "Mish", "Gelu"})
            m.put(op, Elementwise::unary);
        for (String op : new String[] {"Softmax", "LogSoftmax", "Hardmax"}) m.put(op, Elementwise::softmax);
        for (String op : new String[] {"Add", "Sub", "Mul", "Div", "Pow", "Max", "Min", "Where", "Mod", "And", "Or",
                "Xor", "Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual", "Sum", "Mean", "BitShift",
                "BitwiseAnd", "BitwiseOr", "BitwiseXor"})
            m.put(op, Elementwise::broadcasting);
        m.put("PRelu", Elementwise::unidirectional);
        m.put("Clip", Elementwise::clip);
        m.put("MatMul", Linear::matmul);
        m.put("Gemm", Linear::gemm);
        m.put("Conv", Windows::conv);
        m.put("ConvTranspose", Windows::convTranspose);
        for (String op : new String[] {"MaxPool", "AveragePool", "LpPool"}) m.put(op, Windows::pool);
        for (String op : new String[] {"GlobalAveragePool", "GlobalMaxPool", "GlobalLpPool"}) m.put(op, Windows::global);
        m.put("BatchNormalization", Misc::batchNorm);
        m.put("LayerNormalization", Normalization::layerNorm);
        m.put("Constant", Misc::constant);
        m.put("Concat", Joining::concat);
        m.put("Split", Joining::split);
        m.put("Reshape", Reshaping::reshape);
        m.put("Flatten", Reshaping::flatten);
        m.put("Transpose", Reshaping::transpose);
        m.put("Squeeze", Reshaping::squeeze);
        m.put("Unsqueeze", Reshaping::unsqueeze);
        m.put("Expand", Reshaping::expand);
        m.put("Shape", ShapeOps::shape);
        m.put("Range", ShapeOps::range);
        m.put("NonZero", ShapeOps::nonZero);
        m.put("NonMaxSuppression", ShapeOps::nonMaxSuppression);
        m.put("Compress", ShapeOps::compress);
        m.put("OneHot", ShapeOps::oneHot);
        m.put("EyeLike", ShapeOps::eyeLike);
        m.put("Resize", Resizing::resize);
        m.put("Upsample", Resizing::resize);
        m.put("Size", ShapeOps::size);
        m.put("ConstantOfShape", ShapeOps::constantOfShape);
        m.put("Einsum", Einsum::einsum);
        for (String op : new String[] {"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1",
                "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"})
            m.put(op, Reductions::reduce);
        for (String op : new String[] {"ArgMax", "ArgMin"}) m.put(op, Reductions::arg);
        m.put("Gather", Indexing::gather);
        m.put("GatherElements", Indexing::gatherElements);
        m.put("NegativeLogLikelihoodLoss", Losses::loss);
        m.put("SoftmaxCrossEntropyLoss", Losses::loss);
        m.put("Tile", Tiling::tile);
        m.put("TopK", Tiling::topK);
        m.put("DepthToSpace", (n, e) -> Tiling.depthSpace(n, e, true));
        m.put("SpaceToDepth", (n, e) -> Tiling.depthSpace(n, e, false));
        for (String op : new String[] {"QuantizeLinear", "DequantizeLinear"}) m.put(op, Quantized::linear);
        m.put("DynamicQuantizeLinear", Quantized::dynamic);
        for (String op : new String[] {"MatMulInteger", "QLinearMatMul"}) m.put(op, Linear::matmulInteger);
        for (String op : new String[] {"ConvInteger", "QLinearConv"}) m.put(op, Windows::convInteger);
        m.put("Det", Linear::det);
        for (String op : new String[] {"ScatterElements", "Scatter"}) m.put(op, Scattering::scatterElements);
        m.put("ScatterND", Scattering::scatterNd);
        m.put("GatherND", Scattering::gatherNd);
        m.put("ReverseSequence", Scattering::reverseSequence);
        for (String op : new String[] {"RNN", "GRU", "LSTM"}) m.put(op, Recurrent::cell);
        m.put("GridSample", Sampling::gridSample);
        m.put("RoiAlign", Sampling::roiAlign);
        m.put("MaxUnpool", Sampling::maxUnpool);
        m.put("DFT", Spectral::dft);
        m.put("STFT", Spectral::stft);
        for (String op : new String[] {"HannWindow", "HammingWindow", "BlackmanWindow"}) m.put(op, Spectral::window);
        m.put("MelWeightMatrix", Spectral::melWeightMatrix);
        m.put("Unique", ShapeOps::unique);
        m.put("Slice", Indexing::slice);
        m.put("Pad", Indexing::pad);
        return Map.copyOf(m);
    }

    /** {@code ai.onnx.preview.training}'s optimizers. */
    private static final java.util.Set<String> TRAINING = java.util.Set.of("Adagrad", "Momentum", "Adam");

    static Optional<OpLogic> logic(String domain, String opType) {
        if (domain.equals("ai.onnx.preview.training") && TRAINING.contains(opType)) return Optional.of(Training::optimizer);
        if (!domain.isEmpty() && !domain.equals("ai.onnx")) return Optional.empty();
        return Optional.ofNullable(TABLE.get(opType));
    }

    /** Whether an op (default domain) has a shape logic here. */
    public static boolean supported(String opType) {
        return TABLE.containsKey(opType);
    }

    /** The supported op types, sorted. */
    public static java.util.SortedSet<String> supported() {
        return new java.util.TreeSet<>(TABLE.keySet());
    }
}
