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
        int n = 1;
        for (long d : t.getDimsList()) n = Math.multiplyExact(n, Math.toIntExact(d));
        TensorProto.DataType type = TensorProto.DataType.forNumber(t.getDataType());
        if (type == null) return Optional.empty();
        ByteBuffer raw = t.getRawData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        boolean hasRaw = t.hasRawData();
        long[] out = new long[n];
        switch (type) {
            case INT64 -> {
                if (!hasRaw && t.getInt64DataCount() != n) return Optional.empty();
                if (hasRaw && raw.remaining() != 8L * n) return Optional.empty();
                for (int i = 0; i < n; i++) out[i] = hasRaw ? raw.getLong() : t.getInt64Data(i);
            }
            case INT32, INT16, INT8, UINT8, UINT16, BOOL -> {
                int width = switch (type) {
                    case INT32 -> 4;
                    case INT16, UINT16 -> 2;
                    default -> 1;
                };
                if (!hasRaw && t.getInt32DataCount() != n) return Optional.empty();
                if (hasRaw && raw.remaining() != (long) width * n) return Optional.empty();
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
}
