package org.shapeforge.onnx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;

/**
 * Typed access to a node's attributes; a missing attribute reads as the op's default. Shared by
 * the shape importer and the value lowering ({@code onnx.values}).
 */
public record Attrs(Map<String, AttributeProto> byName) {

    public static Attrs of(NodeProto n) {
        Map<String, AttributeProto> m = new HashMap<>();
        for (AttributeProto a : n.getAttributeList()) m.put(a.getName(), a);
        return new Attrs(Map.copyOf(m));
    }

    public boolean has(String name) {
        return byName.containsKey(name);
    }

    public long i(String name, long dflt) {
        AttributeProto a = byName.get(name);
        return a == null ? dflt : a.getI();
    }

    public double f(String name, double dflt) {
        AttributeProto a = byName.get(name);
        return a == null ? dflt : a.getF();
    }

    /**
     * Shape's {@code start}/{@code end} (opset 15) over a rank-{@code rank} input as {@code [from, to)},
     * negative ones from the end, clamped as Python slices: one reading for the importer and the
     * values path.
     */
    public int[] shapeRange(int rank) {
        long s = i("start", 0), t = i("end", rank);
        return new int[] {(int) Math.clamp(s < 0 ? s + rank : s, 0, rank), (int) Math.clamp(t < 0 ? t + rank : t, 0, rank)};
    }

    public String s(String name, String dflt) {
        AttributeProto a = byName.get(name);
        return a == null ? dflt : a.getS().toStringUtf8();
    }

    public Optional<long[]> ints(String name) {
        AttributeProto a = byName.get(name);
        if (a == null) return Optional.empty();
        List<Long> l = a.getIntsList();
        long[] out = new long[l.size()];
        for (int k = 0; k < out.length; k++) out[k] = l.get(k);
        return Optional.of(out);
    }

    /** A FLOATS attribute, widened to double. */
    public Optional<double[]> floats(String name) {
        AttributeProto a = byName.get(name);
        if (a == null) return Optional.empty();
        double[] out = new double[a.getFloatsCount()];
        for (int k = 0; k < out.length; k++) out[k] = a.getFloats(k);
        return Optional.of(out);
    }

    public Optional<TensorProto> tensor(String name) {
        AttributeProto a = byName.get(name);
        return a == null || !a.hasT() ? Optional.empty() : Optional.of(a.getT());
    }

    /** The raw attribute, or null when absent. */
    public AttributeProto get(String name) {
        return byName.get(name);
    }
}
