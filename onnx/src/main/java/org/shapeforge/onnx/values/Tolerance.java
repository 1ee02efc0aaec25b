package org.shapeforge.onnx.values;

import onnx.Onnx.TensorProto.DataType;

/**
 * How closely a computed ONNX output must reproduce the expected one, by the expected tensor's
 * element type — the normwise relative error {@code max|got − want| / max|want|} ({@link GraphRun})
 * it may reach:
 * <ul>
 *   <li>integer types and BOOL: 0 — exact. An index, a count or a mask off by one is wrong
 *       whatever its magnitude; a float tolerance would pass 100,001 for 100,000.</li>
 *   <li>FLOAT and DOUBLE: {@link GraphRun#TOLERANCE} (1e-4): kernels compute in float (unit
 *       roundoff 2^−24 ≈ 6e−8), and a reduction over n terms may lose up to n·2^−24 of its scale;
 *       1e-4 covers the corpus's reductions (at most a few thousand terms) with room.</li>
 *   <li>FLOAT16: 2^−10, one float16 unit in the last place at the largest magnitude. The expected
 *       values are rounded to float16 by the generator, ours are computed in float and rounded once:
 *       the two may land on neighbouring float16 values.</li>
 *   <li>BFLOAT16: 2^−7, one bfloat16 unit in the last place, for the same reason; and Cast up to
 *       opset 18 leaves the rounding of FLOAT → BFLOAT16 open (onnx/onnx#3876): ONNX 1.12's
 *       generator truncates, its later reference and PyTorch round to nearest even (ours) — the
 *       two differ by at most one unit in the last place.</li>
 * </ul>
 * A threshold here follows from the type's format, never from a measurement.
 */
public final class Tolerance {
    private Tolerance() {}

    /** The largest normwise relative error an output of ONNX element type {@code type} may have (0: exact). */
    public static double of(int type) {
        DataType t = DataType.forNumber(type);
        if (t == null) return GraphRun.TOLERANCE;
        return switch (t) {
            case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64, BOOL -> 0;
            case FLOAT16 -> 0x1p-10;
            case BFLOAT16 -> 0x1p-7;
            default -> GraphRun.TOLERANCE;
        };
    }
}
