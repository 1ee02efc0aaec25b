package org.shapeforge.onnx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.NodeProto;

/** Typed access to a node's attributes; a missing attribute reads as the op's default. */
record Attrs(Map<String, AttributeProto> byName) {

    static Attrs of(NodeProto n) {
        Map<String, AttributeProto> m = new HashMap<>();
        for (AttributeProto a : n.getAttributeList()) m.put(a.getName(), a);
        return new Attrs(Map.copyOf(m));
    }

    boolean has(String name) {
        return byName.containsKey(name);
    }

    long i(String name, long dflt) {
        AttributeProto a = byName.get(name);
        return a == null ? dflt : a.getI();
    }

    float f(String name, float dflt) {
        AttributeProto a = byName.get(name);
        return a == null ? dflt : a.getF();
    }

    String s(String name, String dflt) {
        AttributeProto a = byName.get(name);
        return a == null ? dflt : a.getS().toStringUtf8();
    }

    Optional<long[]> ints(String name) {
        AttributeProto a = byName.get(name);
        if (a == null) return Optional.empty();
        List<Long> l = a.getIntsList();
        long[] out = new long[l.size()];
        for (int k = 0; k < out.length; k++) out[k] = l.get(k);
        return Optional.of(out);
    }

    Optional<onnx.Onnx.TensorProto> tensor(String name) {
        AttributeProto a = byName.get(name);
        return a == null || !a.hasT() ? Optional.empty() : Optional.of(a.getT());
    }
}
