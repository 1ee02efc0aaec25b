package org.shapeforge.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.ValueInfoProto;

/**
 * {@code run model.onnx --inputs DIR} on a mutated model, for {@link HostileCases}: the inputs are
 * written from the seed's declared shapes (so the mutation, not the data, is hostile), the model is
 * edited as {@link Mutations} does, and the run has a small memory bound and a timeout.
 */
final class OnnxRunCases {
    private OnnxRunCases() {}

    static List<String> make(int i, Path dir, Random rng, List<String> what) throws IOException {
        ModelProto seed = ImportMutationTest.SEEDS.get(rng.nextInt(ImportMutationTest.SEEDS.size()));
        what.add(seed.getGraph().getName());
        Path data = Files.createDirectories(dir.resolve("c" + i + "-data"));
        Set<String> inits = new HashSet<>();
        seed.getGraph().getInitializerList().forEach(t -> inits.add(t.getName()));
        int k = 0;
        for (ValueInfoProto v : seed.getGraph().getInputList()) {
            if (inits.contains(v.getName())) continue;
            Files.write(data.resolve("input_" + k++ + ".pb"), input(v).toByteArray());
        }
        ModelProto.Builder m = seed.toBuilder();
        for (int e = 0, n = 1 + rng.nextInt(2); e < n; e++) what.add(Mutations.apply(m.getGraphBuilder(), rng));
        Path f = dir.resolve("c" + i + ".onnx");
        Files.write(f, m.build().toByteArray());
        return List.of("run", f.toString(), "--inputs", data.toString(), "--max-memory", "256M", "--timeout-ms", "5000", "--json");
    }

    /** A FLOAT tensor of the declared dims (a symbolic or absent dim: 1), values 0.01·(k mod 17). */
    private static TensorProto input(ValueInfoProto v) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(v.getName()).setDataType(TensorProto.DataType.FLOAT_VALUE);
        long n = 1;
        for (var d : v.getType().getTensorType().getShape().getDimList()) {
            long s = d.hasDimValue() && d.getDimValue() > 0 ? d.getDimValue() : 1;
            t.addDims(s);
            n *= s;
        }
        ByteBuffer b = ByteBuffer.allocate((int) n * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int j = 0; j < n; j++) b.putFloat(0.01f * (j % 17));
        return t.setRawData(com.google.protobuf.ByteString.copyFrom(b.array())).build();
    }
}
