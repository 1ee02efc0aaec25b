package org.shapeforge.onnx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;
import onnx.Onnx.TensorProto;

/**
 * Reads the integer contents of a {@code TensorProto} (initializers, {@code Constant} values):
 * INT64, INT32, INT16/INT8/UINT8 and BOOL, from the typed fields or from {@code raw_data}
 * (little-endian, as onnx.proto specifies). Other element types have no integer contents here.
 */
final class TensorData {
    private TensorData() {}

    static Optional<long[]> ints(TensorProto t) {
        long count = elements(t);
        TensorProto.DataType type = TensorProto.DataType.forNumber(t.getDataType());
        if (type == null || count < 0) return Optional.empty();
        ByteBuffer raw = t.getRawData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        boolean hasRaw = t.hasRawData();
        // the data present bounds count (checked before allocating): an absurd dims list is no contents
        int n = (int) count;
        long[] out;
        switch (type) {
            case INT64 -> {
                if (!hasRaw && t.getInt64DataCount() != count) return Optional.empty();
                if (hasRaw && raw.remaining() != 8L * count) return Optional.empty();
                out = new long[n];
                for (int i = 0; i < n; i++) out[i] = hasRaw ? raw.getLong() : t.getInt64Data(i);
            }
            case INT32, INT16, INT8, UINT8, UINT16, BOOL -> {
                int width = switch (type) {
                    case INT32 -> 4;
                    case INT16, UINT16 -> 2;
                    default -> 1;
                };
                if (!hasRaw && t.getInt32DataCount() != count) return Optional.empty();
                if (hasRaw && raw.remaining() != (long) width * count) return Optional.empty();
                out = new long[n];
                for (int i = 0; i < n; i++) {
                    if (!hasRaw) out[i] = t.getInt32Data(i);
                    else out[i] = switch (width) {
                        case 4 -> raw.getInt();
                        case 2 -> type == TensorProto.DataType.UINT16 ? Short.toUnsignedInt(raw.getShort()) : raw.getShort();
                        default -> type == TensorProto.DataType.INT8 ? raw.get() : Byte.toUnsignedInt(raw.get());
                    };
                }
            }
            default -> {
                return Optional.empty();
            }
        }
        return Optional.of(out);
    }

    /** Float contents are read for tensors of at most this many elements (scales, not weights). */
    static final int MAX_FLOATS = 64;

    /**
     * The contents of a small FLOAT or DOUBLE tensor (Resize's and Upsample's scales), from the typed
     * fields or {@code raw_data}; empty for other types and for tensors of more than
     * {@value #MAX_FLOATS} elements (weights keep only their shape).
     */
    static Optional<double[]> floats(TensorProto t) {
        long count = elements(t);
        TensorProto.DataType type = TensorProto.DataType.forNumber(t.getDataType());
        if (type == null || count < 0 || count > MAX_FLOATS) return Optional.empty();
        ByteBuffer raw = t.getRawData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        boolean hasRaw = t.hasRawData();
        int n = (int) count;
        double[] out = new double[n];
        switch (type) {
            case FLOAT -> {
                if (hasRaw ? raw.remaining() != 4L * n : t.getFloatDataCount() != n) return Optional.empty();
                for (int i = 0; i < n; i++) out[i] = hasRaw ? raw.getFloat() : t.getFloatData(i);
            }
            case DOUBLE -> {
                if (hasRaw ? raw.remaining() != 8L * n : t.getDoubleDataCount() != n) return Optional.empty();
                for (int i = 0; i < n; i++) out[i] = hasRaw ? raw.getDouble() : t.getDoubleData(i);
            }
            default -> {
                return Optional.empty();
            }
        }
        return Optional.of(out);
    }

    /**
     * The number of elements the dims declare, or -1 when a dim is negative or the product exceeds
     * an {@code int} (malformed or far too large to hold integer contents; found by
     * {@code OnnxImportFuzzTest}: an {@code ArithmeticException} escaped the importer).
     */
    static long elements(TensorProto t) {
        long n = 1;
        for (long d : t.getDimsList()) {
            if (d < 0) return -1;
            if (d != 0 && n > Integer.MAX_VALUE / d) return -1;
            n *= d;
        }
        return n;
    }
}
