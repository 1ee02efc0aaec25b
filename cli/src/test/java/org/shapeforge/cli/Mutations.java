package org.shapeforge.cli;

import com.google.protobuf.ByteString;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.ValueInfoProto;

/**
 * One random edit of an ONNX graph for {@link ImportMutationTest}, described in words: a dim set
 * absurd, raw data cut or grown, a value defined twice, a name made awkward (consistently renamed),
 * an attribute or an integer constant set huge or negative.
 */
final class Mutations {
    private Mutations() {}

    static long absurd(Random rng) {
        return rng.nextInt(4) == 0 ? 1 + rng.nextInt(9) : ImportMutationTest.ABSURD[rng.nextInt(ImportMutationTest.ABSURD.length)];
    }

    static String apply(GraphProto.Builder g, Random rng) {
        return switch (rng.nextInt(8)) {
            case 0 -> declaredDim(g, rng);
            case 1 -> {
                if (g.getInitializerCount() == 0) yield declaredDim(g, rng);
                TensorProto.Builder t = g.getInitializerBuilder(rng.nextInt(g.getInitializerCount()));
                if (t.getDimsCount() == 0) yield "nothing";
                int a = rng.nextInt(t.getDimsCount());
                long v = absurd(rng);
                t.setDims(a, v);
                yield "initializer '" + t.getName() + "' dim " + a + " = " + v;
            }
            case 2 -> {
                if (g.getInitializerCount() == 0) yield "nothing";
                TensorProto.Builder t = g.getInitializerBuilder(rng.nextInt(g.getInitializerCount()));
                ByteString raw = t.hasRawData() ? t.getRawData() : ByteString.copyFrom(new byte[8 * Math.max(1, t.getInt64DataCount())]);
                int cut = rng.nextInt(raw.size() + 1);
                t.clearInt64Data().clearFloatData();
                t.setRawData(rng.nextBoolean() ? raw.substring(0, cut) : raw.concat(ByteString.copyFrom(new byte[1 + rng.nextInt(9)])));
                yield "initializer '" + t.getName() + "' raw data resized";
            }
            case 3 -> {
                NodeProto.Builder n = g.getNodeBuilder(rng.nextInt(g.getNodeCount()));
                List<String> names = new ArrayList<>();
                g.getInputList().forEach(v -> names.add(v.getName()));
                g.getInitializerList().forEach(t -> names.add(t.getName()));
                g.getNodeList().forEach(p -> names.addAll(p.getOutputList()));
                String dup = names.get(rng.nextInt(names.size()));
                n.setOutput(0, dup);
                yield "node '" + n.getName() + "' output 0 renamed '" + dup + "' (defined twice)";
            }
            case 4 -> {
                List<String> names = new ArrayList<>();
                g.getInputList().forEach(v -> names.add(v.getName()));
                g.getNodeList().forEach(p -> names.addAll(p.getOutputList()));
                String from = names.get(rng.nextInt(names.size()));
                String to = ImportMutationTest.NAMES[rng.nextInt(ImportMutationTest.NAMES.length)] + from;
                rename(g, from, to);
                yield "value '" + from + "' renamed " + ImportMutationTest.repr(to);
            }
            case 5 -> {
                NodeProto.Builder n = g.getNodeBuilder(rng.nextInt(g.getNodeCount()));
                if (n.getAttributeCount() == 0) yield "nothing";
                AttributeProto.Builder a = n.getAttributeBuilder(rng.nextInt(n.getAttributeCount()));
                long v = absurd(rng);
                if (a.getType() == AttributeProto.AttributeType.INT) a.setI(v);
                else if (a.getIntsCount() > 0) a.setInts(rng.nextInt(a.getIntsCount()), v);
                yield "node '" + n.getName() + "' attribute " + a.getName() + " = " + v;
            }
            case 6 -> {
                NodeProto.Builder n = g.getNodeBuilder(rng.nextInt(g.getNodeCount()));
                String to = ImportMutationTest.NAMES[rng.nextInt(ImportMutationTest.NAMES.length)];
                n.setName(to);
                yield "node renamed " + ImportMutationTest.repr(to);
            }
            default -> {
                for (TensorProto.Builder t : g.getInitializerBuilderList())
                    if (t.getInt64DataCount() > 0) {
                        long v = absurd(rng);
                        t.setInt64Data(rng.nextInt(t.getInt64DataCount()), v);
                        yield "initializer '" + t.getName() + "' element = " + v;
                    }
                yield declaredDim(g, rng);
            }
        };
    }

    private static String declaredDim(GraphProto.Builder g, Random rng) {
        List<ValueInfoProto.Builder> vs = new ArrayList<>();
        vs.addAll(g.getInputBuilderList());
        vs.addAll(g.getOutputBuilderList());
        vs.addAll(g.getValueInfoBuilderList());
        ValueInfoProto.Builder v = vs.get(rng.nextInt(vs.size()));
        if (!v.getType().getTensorType().hasShape() || v.getType().getTensorType().getShape().getDimCount() == 0) return "nothing";
        TensorShapeProto.Builder s = v.getTypeBuilder().getTensorTypeBuilder().getShapeBuilder();
        int a = rng.nextInt(s.getDimCount());
        long d = absurd(rng);
        s.setDim(a, TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        return "value '" + v.getName() + "' dim " + a + " = " + d;
    }

    /** Renames value {@code from} everywhere it is named. */
    static void rename(GraphProto.Builder g, String from, String to) {
        for (ValueInfoProto.Builder v : g.getInputBuilderList()) if (v.getName().equals(from)) v.setName(to);
        for (ValueInfoProto.Builder v : g.getOutputBuilderList()) if (v.getName().equals(from)) v.setName(to);
        for (ValueInfoProto.Builder v : g.getValueInfoBuilderList()) if (v.getName().equals(from)) v.setName(to);
        for (TensorProto.Builder t : g.getInitializerBuilderList()) if (t.getName().equals(from)) t.setName(to);
        for (NodeProto.Builder n : g.getNodeBuilderList()) {
            for (int k = 0; k < n.getInputCount(); k++) if (n.getInput(k).equals(from)) n.setInput(k, to);
            for (int k = 0; k < n.getOutputCount(); k++) if (n.getOutput(k).equals(from)) n.setOutput(k, to);
        }
    }
}
