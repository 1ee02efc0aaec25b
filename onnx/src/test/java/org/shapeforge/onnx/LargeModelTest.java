package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;

import com.google.protobuf.ByteString;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.lang.InputFile;

/**
 * An ONNX model is read up to protobuf's own limit, not the text inputs' default bound: a real
 * exported network (resnet50, ~100 MB of weights) was refused as "larger than 64 MiB".
 */
class LargeModelTest {
    @TempDir
    Path dir;

    @Test
    void aModelAboveTheTextBoundIsRead() throws Exception {
        int n = (InputFile.DEFAULT_MAX_MIB << 20) / 4 + 1024; // floats: just above the text bound
        TensorProto w = TensorProto.newBuilder().setName("w").setDataType(TensorProto.DataType.FLOAT_VALUE).addDims(n)
                .setRawData(ByteString.copyFrom(new byte[n * 4])).build();
        var m = model(List.of(input("x", n)), List.of(w), List.of(node("a", "Add", List.of("x", "w"), List.of("y"))), "y");
        Path f = dir.resolve("big.onnx");
        Files.write(f, m.toByteArray());
        var loaded = Model.load(f);
        assertEquals(n * 4L, loaded.getGraph().getInitializer(0).getRawData().size());
    }
}
