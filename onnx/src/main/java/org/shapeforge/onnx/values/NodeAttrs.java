package org.shapeforge.onnx.values;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.NodeProto;

/** A node's attributes by name; a missing attribute reads as the given default. */
record NodeAttrs(Map<String, AttributeProto> byName) {

    static NodeAttrs of(NodeProto n) {
        Map<String, AttributeProto> m = new HashMap<>();
        for (AttributeProto a : n.getAttributeList()) m.put(a.getName(), a);
        return new NodeAttrs(Map.copyOf(m));
    }

    boolean has(String name) {
        return byName.containsKey(name);
    }

    long i(String name, long dflt) {
        AttributeProto a = byName.get(name);
        return a == null ? dflt : a.getI();
    }

    double f(String name, double dflt) {
        AttributeProto a = byName.get(name);
        return a == null ? dflt : a.getF();
    }

    String s(String name, String dflt) {
        AttributeProto a = byName.get(name);
        return a == null ? dflt : a.getS().toStringUtf8();
    }

    /** The ints of an attribute, or null when absent. */
    long[] ints(String name) {
        AttributeProto a = byName.get(name);
        if (a == null) return null;
        List<Long> l = a.getIntsList();
        long[] out = new long[l.size()];
        for (int k = 0; k < out.length; k++) out[k] = l.get(k);
        return out;
    }

    AttributeProto get(String name) {
        return byName.get(name);
    }
}
