package org.shapeforge.onnx;

import java.util.List;
import onnx.Onnx.TensorProto;

/**
 * The numbers of an ONNX file checked before they become terms (issue 32, found by mutation): a
 * {@code dim_value} or initializer dim is at least 0, and a tensor has at most
 * {@value #MAX_ELEMENTS} elements (the product computed with checked arithmetic, so an overflowing
 * {@code long} is caught too); an initializer's {@code raw_data} (or typed field) holds exactly its
 * element count. Each violation is an {@link ImportError} ({@code onnx}, exit 2) naming the value
 * or node, never an internal error.
 */
final class WellFormed {
    private WellFormed() {}

    /** 2^40 elements (4 TiB of floats): no real model's tensor comes near; past it a dim is an error. */
    static final long MAX_ELEMENTS = 1L << 40;

    /** Checks one declared dim ({@code dim_value}) of {@code where}'s axis {@code axis}. */
    static long dim(long d, int axis, String file, NodeOrigin where) {
        if (d < 0)
            throw ImportError.at("onnx", file, where, "dim_value " + d + " on axis " + axis + " is negative (a size is 0 or more)");
        if (d > MAX_ELEMENTS)
            throw ImportError.at("onnx", file, where, "dim_value " + d + " on axis " + axis + " is absurd (more than 2^40 elements)");
        return d;
    }

    /** Checks every dim of a shape and its element count. */
    static void shape(List<Long> dims, String file, NodeOrigin where) {
        long n = 1;
        for (int a = 0; a < dims.size(); a++) {
            long d = dim(dims.get(a), a, file, where);
            try {
                n = Math.multiplyExact(n, d);
            } catch (ArithmeticException overflow) {
                n = Long.MAX_VALUE;
            }
        }
        if (n > MAX_ELEMENTS)
            throw ImportError.at("onnx", file, where, "the shape " + dims + " has " + (n == Long.MAX_VALUE ? "more than 2^63" : n)
                    + " elements, more than 2^40: the dims are absurd");
    }

    /** Checks a tensor's dims and that its stored data matches them (external data is not read, not checked). */
    static TensorProto tensor(TensorProto t, String file, NodeOrigin where) {
        shape(t.getDimsList(), file, where);
        if (t.getDataLocation() == TensorProto.DataLocation.EXTERNAL) return t;
        long n = 1;
        for (long d : t.getDimsList()) n *= d;
        TensorProto.DataType type = TensorProto.DataType.forNumber(t.getDataType());
        int width = width(type);
        if (t.hasRawData()) {
            if (width > 0 && t.getRawData().size() != n * width)
                throw ImportError.at("onnx", file, where, "raw_data holds " + t.getRawData().size() + " bytes, but dims "
                        + t.getDimsList() + " of " + type + " need " + n * width);
            return t;
        }
        long stored = t.getFloatDataCount() + t.getInt32DataCount() + t.getInt64DataCount() + t.getDoubleDataCount()
                + t.getUint64DataCount() + t.getStringDataCount();
        boolean complex = type == TensorProto.DataType.COMPLEX64 || type == TensorProto.DataType.COMPLEX128;
        if (stored > 0 && stored != (complex ? 2 * n : n))
            throw ImportError.at("onnx", file, where, "it stores " + stored + " elements, but dims " + t.getDimsList() + " need " + n);
        return t;
    }

    /** Bytes per element in {@code raw_data}; 0 where not fixed (strings, unknown types). */
    private static int width(TensorProto.DataType type) {
        if (type == null) return 0;
        return switch (type) {
            case FLOAT, INT32, UINT32 -> 4;
            case DOUBLE, INT64, UINT64, COMPLEX64 -> 8;
            case COMPLEX128 -> 16;
            case INT16, UINT16, FLOAT16, BFLOAT16 -> 2;
            case INT8, UINT8, BOOL -> 1;
            default -> 0;
        };
    }
}
