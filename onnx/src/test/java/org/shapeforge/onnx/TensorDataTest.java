package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Test;

/** Integer contents of initializers, malformed dims included (OnnxImportFuzzTest's first finding). */
class TensorDataTest {

    private static TensorProto int64s(List<Long> dims, long... values) {
        var b = TensorProto.newBuilder().setDataType(TensorProto.DataType.INT64.getNumber()).addAllDims(dims);
        for (long v : values) b.addInt64Data(v);
        return b.build();
    }

    @Test
    void wellFormedContentsAreRead() {
        assertArrayEquals(new long[] {4, -1, 7}, TensorData.ints(int64s(List.of(3L), 4, -1, 7)).orElseThrow());
        assertEquals(0, TensorData.ints(int64s(List.of(2L, 0L))).orElseThrow().length);
    }

    @Test
    void dimsOverflowingAnIntAreNoContentsNotAnException() {
        // was ArithmeticException (Math.toIntExact / multiplyExact) escaping Importer.translate
        assertTrue(TensorData.ints(int64s(List.of(1L << 40), 1)).isEmpty());
        assertTrue(TensorData.ints(int64s(List.of(1L << 16, 1L << 16), 1)).isEmpty());
        assertEquals(-1, TensorData.elements(int64s(List.of(65536L, 65536L))));
    }

    @Test
    void negativeDimsAreNoContents() {
        assertTrue(TensorData.ints(int64s(List.of(-2L), 1, 2)).isEmpty());
        assertTrue(TensorData.ints(int64s(List.of(-1L, -1L), 1)).isEmpty());
    }

    @Test
    void aLargeDeclaredCountWithoutTheDataAllocatesNothing() {
        // 2^30 elements declared, one present: rejected before a 8 GiB long[] is allocated
        assertTrue(TensorData.ints(int64s(List.of(1L << 30), 1)).isEmpty());
    }
}
