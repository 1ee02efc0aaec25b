package org.shapeforge.onnx.values;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.run.HostTensor;

/**
 * A concrete ONNX tensor on the heap: its dims, its values as doubles (row-major), and its ONNX
 * element type. Every numeric type the conformance tests use is read (FLOAT, DOUBLE, FLOAT16,
 * BFLOAT16, the integer types, BOOL as 0/1), from the typed fields or {@code raw_data}
 * (little-endian, onnx.proto). Generated kernels compute in float; integer values are exact in
 * float up to 2^24.
 */
public record Value(List<Integer> dims, double[] data, int type) {
    public Value {
        dims = List.copyOf(dims);
        long n = 1;
        for (int d : dims) n *= d;
        if (n != data.length) throw new IllegalArgumentException("dims " + dims + " hold " + n + " values, got " + data.length);
    }

    /** The values, row-major. A read while a node is lowered is told to the run's {@link RunListener}. */
    public double[] data() {
        Reads.note(data);
        return data;
    }

    /**
     * The values for a check that refuses bad input (an index out of range), not told to the run's
     * {@link RunListener}: nothing a lowering computes may depend on them, since a replay of the
     * recorded kernels runs without the check.
     */
    double[] dataToCheck() {
        return data;
    }

    public static Value of(HostTensor h, int type) {
        return new Value(h.dims(), h.data(), type);
    }

    public HostTensor host() {
        return new HostTensor(dims, data);
    }

    /** The position vector {@code 0, 1, …, n − 1} (INT64): what the position-dependent lowerings read along an axis. */
    public static Value iota(int n) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = i;
        return new Value(List.of(n), d, DataType.INT64_VALUE);
    }

        public int rank() {
        return dims.size();
    }

    public long size() {
        return data.length;
    }

    /** The same values under other dims of the same element count (row-major: no data moves). */
    public Value view(List<Integer> newDims) {
        return new Value(newDims, data, type);
    }

    public boolean isInteger() {
        DataType t = DataType.forNumber(type);
        return t != null && switch (t) {
            case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64, BOOL -> true;
            default -> false;
        };
    }

    /**
     * These values as the element type a graph input declares: ONNX's test data stores FLOAT16 and
     * BFLOAT16 inputs as UINT16 bit patterns (e.g. {@code test_cast_BFLOAT16_to_FLOAT}).
     */
    public Value as(int declared) {
        if (type != DataType.UINT16_VALUE) return this;
        Reads.note(data);
        double[] out = new double[data.length];
        if (declared == DataType.BFLOAT16_VALUE)
            for (int i = 0; i < out.length; i++) out[i] = Float.intBitsToFloat(((int) data[i]) << 16);
        else if (declared == DataType.FLOAT16_VALUE)
            for (int i = 0; i < out.length; i++) out[i] = Float.float16ToFloat((short) (int) data[i]);
        else return this;
        return new Value(dims, out, declared);
    }

    /** The values as longs (index, shape and axis inputs). */
    public long[] longs() {
        Reads.note(data);
        long[] out = new long[data.length];
        for (int i = 0; i < out.length; i++) out[i] = (long) data[i];
        return out;
    }

    /** Reads a TensorProto; a type with no numeric reading (STRING, complex, 4/8-bit floats) is {@link NotExpressible}. */
    public static Value read(TensorProto t) {
        List<Integer> dims = new ArrayList<>();
        long n = 1;
        for (long d : t.getDimsList()) {
            if (d < 0 || d > Integer.MAX_VALUE) throw new NotExpressible("tensor '" + t.getName() + "' has dims " + t.getDimsList());
            dims.add((int) d);
            n *= d;
        }
        if (n > (1 << 28)) throw new NotExpressible("tensor '" + t.getName() + "' is too large (" + n + " elements)");
        DataType type = DataType.forNumber(t.getDataType());
        if (type == null) throw new NotExpressible("tensor '" + t.getName() + "' has unknown element type " + t.getDataType());
        int count = (int) n;
        double[] out = new double[count];
        ByteBuffer raw = t.getRawData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        boolean hasRaw = t.hasRawData();
        int width = switch (type) {
            case DOUBLE, INT64, UINT64 -> 8;
            case FLOAT, INT32, UINT32 -> 4;
            case FLOAT16, BFLOAT16, INT16, UINT16 -> 2;
            case INT8, UINT8, BOOL -> 1;
            default -> throw new NotExpressible("element type " + type + " of tensor '" + t.getName() + "' has no numeric reading here");
        };
        if (hasRaw && raw.remaining() != (long) width * count)
            throw new NotExpressible("tensor '" + t.getName() + "': raw_data holds " + raw.remaining() + " bytes, dims need " + (long) width * count);
        int typed = switch (type) {
            case FLOAT -> t.getFloatDataCount();
            case DOUBLE -> t.getDoubleDataCount();
            case INT64 -> t.getInt64DataCount();
            case UINT32, UINT64 -> t.getUint64DataCount();
            default -> t.getInt32DataCount();
        };
        if (!hasRaw && typed != count)
            throw new NotExpressible("tensor '" + t.getName() + "' holds " + typed + " values, dims need " + count);
        for (int i = 0; i < count; i++) {
            out[i] = switch (type) {
                case FLOAT -> hasRaw ? raw.getFloat() : t.getFloatData(i);
                case DOUBLE -> hasRaw ? raw.getDouble() : t.getDoubleData(i);
                case INT64 -> hasRaw ? raw.getLong() : t.getInt64Data(i);
                case UINT64 -> hasRaw ? unsigned(raw.getLong()) : unsigned(t.getUint64Data(i));
                case UINT32 -> hasRaw ? Integer.toUnsignedLong(raw.getInt()) : t.getUint64Data(i);
                case INT32 -> hasRaw ? raw.getInt() : t.getInt32Data(i);
                case INT16 -> hasRaw ? raw.getShort() : t.getInt32Data(i);
                case UINT16 -> hasRaw ? Short.toUnsignedInt(raw.getShort()) : t.getInt32Data(i);
                case INT8 -> hasRaw ? raw.get() : t.getInt32Data(i);
                case UINT8, BOOL -> hasRaw ? Byte.toUnsignedInt(raw.get()) : t.getInt32Data(i);
                case FLOAT16 -> Float.float16ToFloat((short) (hasRaw ? raw.getShort() : t.getInt32Data(i)));
                case BFLOAT16 -> Float.intBitsToFloat((hasRaw ? Short.toUnsignedInt(raw.getShort()) : t.getInt32Data(i) & 0xffff) << 16);
                default -> throw new IllegalStateException();
            };
        }
        return new Value(dims, out, t.getDataType());
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : (v >>> 1) * 2.0 + (v & 1);
    }
}
