package org.shapeforge.onnx;

import onnx.Onnx.NodeProto;

/**
 * An ONNX op's identity in the op registry ({@link OpRegistry}): its domain and op type. The
 * default domain is written {@code ""}; {@code "ai.onnx"}, its other spelling, is the same key.
 */
public record OpKey(String domain, String opType) implements Comparable<OpKey> {
    /** The default ONNX domain. */
    public static final String DEFAULT = "";

    public OpKey {
        if (domain == null || opType == null || opType.isBlank()) throw new IllegalArgumentException("an op key needs a domain and an op type");
        if (domain.equals("ai.onnx")) domain = DEFAULT;
    }

    /** An op of the default domain. */
    public static OpKey of(String opType) {
        return new OpKey(DEFAULT, opType);
    }

    /** The key of {@code node}'s op. */
    public static OpKey of(NodeProto node) {
        return new OpKey(node.getDomain(), node.getOpType());
    }

    @Override
    public int compareTo(OpKey o) {
        int c = domain.compareTo(o.domain);
        return c != 0 ? c : opType.compareTo(o.opType);
    }

    /** {@code Conv}, or {@code ai.onnx.preview.training.Adam} outside the default domain. */
    @Override
    public String toString() {
        return domain.isEmpty() ? opType : domain + "." + opType;
    }
}
