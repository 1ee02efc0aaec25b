package org.shapeforge.onnx.values;

import java.util.List;

/**
 * The lowering of each op family of this package, as the op registry's family declarations
 * ({@code org.shapeforge.onnx.OpRegistry}) name them: each constant calls into the one class that
 * lowers the family (and documents its ONNX semantics). Which ops lower through which family is
 * the registry's to say, op by op, beside each op's shape logic; a family class dispatches on the
 * op type it is given. A new family is one class here and one line below.
 */
public final class Lowerings {
    private Lowerings() {}

    private static Lowering lowered(Lowering.Fn fn) {
        return new Lowering.Lowered(fn);
    }

    /** Arithmetic, the one-operation unary functions, Sum/Mean, Cast, Clip, Dropout ({@link ElementwiseLowering}). */
    public static final Lowering ELEMENTWISE = lowered(ElementwiseLowering::lower);
    /** MatMul, Gemm, Einsum and the quantized contractions ({@link ContractionLowering}). */
    public static final Lowering CONTRACTIONS = lowered(ContractionLowering::lower);
    /** Conv, ConvTranspose and the pools ({@link WindowLowering}). */
    public static final Lowering WINDOWS = lowered(WindowLowering::lower);
    /** ReduceX, Softmax, the normalizations ({@link ReductionLowering}). */
    public static final Lowering REDUCTIONS = lowered(ReductionLowering::lower);
    /** Data movement, Shape/Size/ConstantOfShape and Constant ({@link Shapes}). */
    public static final Lowering SHAPES = lowered(Shapes::lower);
    /** The parametrised activations ({@link Activations}). */
    public static final Lowering ACTIVATIONS = lowered(c -> List.of(Activations.apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.opset())));
    /** Comparisons, logic, IsNaN/IsInf, BitShift ({@link Predicates}). */
    public static final Lowering PREDICATES = lowered(c -> List.of(Predicates.apply(c.k(), c.name(), c.op(), c.at(), c.in())));
    /** ArgMax/ArgMin, Hardmax, CumSum, Trilu, GatherElements ({@link Positional}). */
    public static final Lowering POSITIONAL = lowered(c -> List.of(Positional.apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.opset())));
    /** The losses ({@link LossValues}). */
    public static final Lowering LOSSES = lowered(c -> LossValues.apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.outputs()));
    /** Tile, DepthToSpace/SpaceToDepth, Compress ({@link Layouts}). */
    public static final Lowering LAYOUTS = lowered(c -> List.of(Layouts.apply(c.k(), c.name(), c.op(), c.at(), c.in())));
    /** Range, EyeLike, OneHot ({@link Generators}). */
    public static final Lowering GENERATORS = lowered(c -> List.of(Generators.apply(c.k(), c.name(), c.op(), c.at(), c.in())));
    /** Det ({@link Determinant}). */
    public static final Lowering DETERMINANT = lowered(c -> List.of(Determinant.det(c.k(), c.name(), c.in().get(0))));
    /** Resize, Upsample ({@link Interpolation}). */
    public static final Lowering INTERPOLATION = lowered(c -> List.of(Interpolation.apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.opset())));
    /** Windows functions, (de)quantization, LRN, GlobalMaxPool ({@link Signals}). */
    public static final Lowering SIGNALS = lowered(c -> Signals.applyAll(c.k(), c.name(), c.op(), c.at(), c.in()));
    /** TopK, gathers and scatters, NonZero, MaxUnpool, ReverseSequence ({@link Selection}; on the host: {@link HostSelection}). */
    public static final Lowering SELECTION = lowered(Selection::lower);
    /** RNN, GRU, LSTM ({@link Recurrent}). */
    public static final Lowering RECURRENT = lowered(c -> Recurrent.apply(c.k(), c.name(), c.op(), c.at(), c.in()));
    /** DFT, STFT ({@link Spectral}). */
    public static final Lowering SPECTRAL = lowered(c -> List.of(c.op().equals("DFT") ? Spectral.dft(c.k(), c.name(), c.at(), c.in(), c.opset())
            : Spectral.stft(c.k(), c.name(), c.at(), c.in())));
    /** NonMaxSuppression: the greedy pass as a fixed point of one kernel ({@link Suppression}). */
    public static final Lowering SUPPRESSION = lowered(c -> List.of(Suppression.apply(c.k(), c.name(), c.at(), c.in())));
    /** GridSample ({@link GridSampling}). */
    public static final Lowering GRID_SAMPLING = lowered(c -> List.of(GridSampling.apply(c.k(), c.name(), c.at(), c.in().get(0), c.in().get(1))));
    /** {@code ai.onnx.preview.training}'s Adagrad, Momentum, Adam ({@link Optimizers}). */
    public static final Lowering OPTIMIZERS = lowered(c -> Optimizers.apply(c.k(), c.name(), c.op(), c.at(), c.in()));
    /** If, Loop, Scan: their subgraphs run with the enclosing values in scope ({@link ControlFlow}). */
    public static final Lowering CONTROL_FLOW = lowered(c -> ControlFlow.apply(c.k(), c.node(), c.in(), c.scope(), c.opset(), c.placement()));
}
