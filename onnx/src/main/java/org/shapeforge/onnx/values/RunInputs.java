package org.shapeforge.onnx.values;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorProto.DataType;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.ValueInfoProto;
import org.shapeforge.onnx.Model;

/**
 * The inputs of {@code run model.onnx --inputs DIR}, checked against the model before anything
 * runs: {@code input_k.pb} binds the k-th graph input that is not an initializer
 * ({@link GraphRun#inputs}); a file past the last input, a tensor whose (non-empty) name is not that
 * input's, a missing input, or a shape that contradicts the declared one (a rank, a
 * {@code dim_value}, or one {@code dim_param} given two sizes), or an element type other than the
 * declared one ({@link #elemType}: ONNX converts none) is a {@link Bad} naming the file and
 * the input — bad input, never a run on the wrong data.
 */
public final class RunInputs {
    private RunInputs() {}

    /** An input folder that does not fit the model; the message names the file and the graph input. */
    public static final class Bad extends IllegalArgumentException {
        private final Path file;

        Bad(Path file, String message) {
            super(file + ": " + message);
            this.file = file;
        }

        /** The offending file (or the folder, for a missing input). */
        public Path file() {
            return file;
        }
    }

    /** Reads and checks {@code dir}'s {@code input_k.pb} for {@code m}'s graph inputs. */
    public static Map<String, Value> read(ModelProto m, Path dir) {
        List<String> names = GraphRun.inputs(m);
        Path extra = dir.resolve("input_" + names.size() + ".pb");
        if (Files.exists(extra))
            throw new Bad(extra, "the model has " + names.size() + " graph input(s) " + names + ": no input " + names.size()
                    + " to bind (input_k.pb binds the k-th graph input, from 0)");
        for (int k = 0; k < names.size(); k++) {
            Path p = dir.resolve("input_" + k + ".pb");
            if (!Files.exists(p)) throw new Bad(dir, "graph input '" + names.get(k) + "' needs input_" + k + ".pb");
            TensorProto file = Model.tensor(p);
            String given = file.getName();
            if (!given.isEmpty() && !given.equals(names.get(k)))
                throw new Bad(p, "holds tensor '" + given + "', but input " + k + " of the model is '" + names.get(k) + "'"
                        + (names.contains(given) ? " ('" + given + "' is input " + names.indexOf(given) + ": files bind in graph order)"
                                : " ('" + given + "' is no graph input of the model; its inputs: " + names + ")"));
            elemType(file, GraphRun.declaredType(m, names.get(k)), names.get(k), p);
        }
        Map<String, Value> values = GraphRun.readInputs(m, dir);
        Map<String, Long> params = new HashMap<>();
        Map<String, String> paramFrom = new HashMap<>();
        for (ValueInfoProto v : m.getGraph().getInputList()) {
            Value x = values.get(v.getName());
            if (x == null || !v.getType().hasTensorType() || !v.getType().getTensorType().hasShape()) continue;
            Path p = dir.resolve("input_" + names.indexOf(v.getName()) + ".pb");
            List<TensorShapeProto.Dimension> dims = v.getType().getTensorType().getShape().getDimList();
            if (dims.size() != x.rank())
                throw new Bad(p, "graph input '" + v.getName() + "' declares rank " + dims.size() + " " + declared(dims) + ", the file has "
                        + x.dims());
            for (int a = 0; a < dims.size(); a++) {
                TensorShapeProto.Dimension d = dims.get(a);
                long size = x.dims().get(a);
                if (d.hasDimValue() && d.getDimValue() != size)
                    throw new Bad(p, "graph input '" + v.getName() + "' declares " + declared(dims) + ", the file has " + x.dims()
                            + ": axis " + a + " is " + d.getDimValue() + ", not " + size);
                if (d.hasDimParam() && !d.getDimParam().isEmpty()) {
                    Long seen = params.putIfAbsent(d.getDimParam(), size);
                    if (seen != null && seen != size)
                        throw new Bad(p, "dimension '" + d.getDimParam() + "' is " + seen + " in " + paramFrom.get(d.getDimParam())
                                + " and " + size + " at axis " + a + " of graph input '" + v.getName() + "'");
                    paramFrom.putIfAbsent(d.getDimParam(), "graph input '" + v.getName() + "'");
                }
            }
        }
        return new LinkedHashMap<>(values);
    }

    /**
     * The file's element type is the one graph input {@code name} declares ({@code declared}, 0: none):
     * ONNX converts no input's type (a runtime refuses a DOUBLE tensor for a FLOAT input; a model
     * that wants another type says so with a Cast), so neither does the run. The one difference
     * read alike is FLOAT16 or BFLOAT16 data stored as UINT16 bit patterns, as older ONNX test data
     * writes them ({@link Value#as}): the same bits, no conversion.
     */
    private static void elemType(TensorProto file, int declared, String name, Path p) {
        int got = file.getDataType();
        boolean bits = got == DataType.UINT16_VALUE && (declared == DataType.FLOAT16_VALUE || declared == DataType.BFLOAT16_VALUE);
        if (declared == 0 || got == declared || bits) return;
        throw new Bad(p, "graph input '" + name + "' is declared " + typeName(declared) + ", the file holds " + typeName(got)
                + ": input types are not converted (write the file as " + typeName(declared) + ", or Cast in the model)");
    }

    private static String typeName(int type) {
        DataType t = DataType.forNumber(type);
        return t == null ? "element type " + type : t.name();
    }

    private static String declared(List<TensorShapeProto.Dimension> dims) {
        return dims.stream().map(d -> d.hasDimValue() ? Long.toString(d.getDimValue()) : d.hasDimParam() ? d.getDimParam() : "?")
                .toList().toString();
    }
}
