package org.shapeforge.onnx;

import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import org.shapeforge.lang.InputFile;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.term.Dim;

/**
 * Reading ONNX files with the classes protoc generates from {@code onnx.proto}: a
 * {@code ModelProto}, or a {@code TensorProto} (the conformance tests' {@code input_k.pb} /
 * {@code output_k.pb}). A file that does not parse, or parses to a model without a graph, is an
 * {@link ImportError} ({@code onnx}), never a stack trace.
 */
public final class Model {
    private Model() {}

    public static ModelProto load(Path file) {
        return parse(file.toString(), bytes(file));
    }

    /** The model in {@code bytes} ({@code file} names it in errors): what {@link #load} reads. */
    public static ModelProto parse(String file, byte[] bytes) {
        ModelProto m;
        try {
            m = ModelProto.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new ImportError("onnx", file, "not an ONNX model: the protobuf does not parse (" + e.getMessage() + ")");
        }
        if (!m.hasGraph() || m.getIrVersion() <= 0)
            throw new ImportError("onnx", file, "not an ONNX model: " + (m.hasGraph() ? "no ir_version" : "no graph")
                    + " (is this a .onnx file?)");
        return m;
    }

    public static TensorProto tensor(Path file) {
        try {
            return TensorProto.parseFrom(bytes(file));
        } catch (InvalidProtocolBufferException e) {
            throw new ImportError("onnx", file.toString(), "not a TensorProto (" + e.getMessage() + ")");
        }
    }

    /**
     * The file's bytes through the one bounded reader ({@link InputFile}: a missing, unreadable or
     * endless file is an {@code io} error): a regular file up to protobuf's own limit unless a
     * bound is configured (an exported resnet50 is ~100 MB); anything else (a device such as
     * {@code /dev/zero}, a FIFO) up to the default bound, so an endless stream stays small.
     */
    private static byte[] bytes(Path file) {
        try {
            return InputFile.bytes(file, Files.isRegularFile(file) ? InputFile.maxBytes(InputFile.PROTOBUF_MAX_BYTES)
                    : InputFile.maxBytes());
        } catch (ShapeError e) {
            throw new ImportError("io", file.toString(), e.getMessage().substring(e.getMessage().startsWith(file + ": ")
                    ? (file + ": ").length() : 0));
        }
    }

    /** An initializer (or Constant value): its ground shape and, for integer types, its contents. */
    static Tensor initializer(String name, TensorProto t) {
        List<Dim> dims = new ArrayList<>();
        for (long d : t.getDimsList()) dims.add(Emitter.size(d));
        return new Tensor(name, dims, TensorData.ints(t), Optional.empty(), TensorData.floats(t));
    }
}
