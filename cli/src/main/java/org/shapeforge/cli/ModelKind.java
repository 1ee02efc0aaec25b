package org.shapeforge.cli;

import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.ModelProto;

/**
 * What kind of network a model is, read from its ops (not its name), for {@code bench models}'
 * summary: the target "geomean ≤ 3× torch" is over the convolutional networks. Counted over the
 * main graph and its subgraphs: a model with a recurrent op (LSTM, GRU, RNN) is
 * {@link #RECURRENT}; else one whose Conv nodes outnumber its other contractions (MatMul, Gemm,
 * Einsum, ConvTranspose counted as other) is {@link #CONVOLUTIONAL} — a vision transformer's single
 * patch-embedding Conv does not make it one; else one with a Softmax beside its MatMuls is
 * {@link #ATTENTION}; else {@link #OTHER}.
 */
enum ModelKind {
    CONVOLUTIONAL, ATTENTION, RECURRENT, OTHER;

    static ModelKind of(ModelProto m) {
        int[] c = new int[4]; // conv, other contractions, recurrent, softmax
        count(m.getGraph(), c);
        if (c[2] > 0) return RECURRENT;
        if (c[0] > c[1]) return CONVOLUTIONAL;
        if (c[1] > 0 && c[3] > 0) return ATTENTION;
        return OTHER;
    }

    private static void count(GraphProto g, int[] c) {
        for (NodeProto n : g.getNodeList()) {
            switch (n.getOpType()) {
                case "Conv" -> c[0]++;
                case "MatMul", "Gemm", "Einsum", "ConvTranspose", "MatMulInteger", "QLinearMatMul" -> c[1]++;
                case "LSTM", "GRU", "RNN" -> c[2]++;
                case "Softmax" -> c[3]++;
                default -> { }
            }
            for (var a : n.getAttributeList()) {
                if (a.hasG()) count(a.getG(), c);
                for (GraphProto sub : a.getGraphsList()) count(sub, c);
            }
        }
    }

    /** The lower-case name used in the JSON and the tables. */
    String label() {
        return name().toLowerCase();
    }
}
