package org.shapeforge.program;

import java.util.List;
import java.util.Locale;

/**
 * Generated {@code .shp} programs of {@code L} layers for the whole-pipeline benchmarks (issue 18):
 * a transformer encoder (each layer the block of {@code examples/transformer-block.shp}, as
 * {@code scripts/gen-transformer-program.py} writes it), a residual CNN of padded convolutions
 * (the {@code o=+k} spec of {@code examples/cnn.shp}) and an MLP ({@code examples/mlp.shp}).
 * Parameters of every layer are fresh; every program is well-shaped. Deterministic.
 */
public enum ModelPrograms {
    TRANSFORMER, CNN, MLP;

    /** The lower-case names the CLI takes. */
    public static final List<String> NAMES = List.of("transformer", "cnn", "mlp");

    /** The model named {@code name} (lower case). */
    public static ModelPrograms of(String name) {
        return switch (name) {
            case "transformer" -> TRANSFORMER;
            case "cnn" -> CNN;
            case "mlp" -> MLP;
            default -> throw new IllegalArgumentException("unknown model '" + name + "' (known: " + String.join(", ", NAMES) + ")");
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The program text of {@code layers} layers ({@code layers >= 1}). */
    public String program(int layers) {
        if (layers < 1) throw new IllegalArgumentException("layers must be >= 1, got " + layers);
        StringBuilder sb = new StringBuilder("# generated: " + layers + " " + label() + " layers\n");
        switch (this) {
            case TRANSFORMER -> {
                sb.append("x0 = data(b=[8, 128], o=[512])\nscale = scalar\n");
                for (int l = 0; l < layers; l++) transformerLayer(sb, "x" + l, "x" + (l + 1), "l" + l);
            }
            case CNN -> {
                sb.append("x0 = data(b=[16], o=[32, 32, 16])\n");
                for (int l = 0; l < layers; l++) {
                    String p = "l" + l;
                    sb.append(p).append("_k = param(i=[3, 3, 16], o=[16])\n");
                    sb.append(p).append("_c = relu(einsum(x").append(l).append(", ").append(p)
                            .append("_k, \"b|h=+kh,w=+kw,c; kh,kw,c->f => b|h,w,f\"))\n");
                    sb.append("x").append(l + 1).append(" = x").append(l).append(" + ").append(p).append("_c\n");
                }
            }
            case MLP -> {
                sb.append("x0 = data(b=[32], o=[256])\n");
                for (int l = 0; l < layers; l++) {
                    String p = "l" + l;
                    sb.append(p).append("_w = param(o=[256])\n").append(p).append("_b = param(o=[256])\n");
                    sb.append("x").append(l + 1).append(" = relu(").append(p).append("_w * x").append(l)
                            .append(" + ").append(p).append("_b)\n");
                }
            }
        }
        return sb.toString();
    }

    private static void transformerLayer(StringBuilder sb, String x, String y, String p) {
        for (String w : List.of("q", "k", "v")) {
            line(sb, p + "_w" + w + " = param(i=[512], o=[8, 64])");
            line(sb, p + "_" + w + " = " + p + "_w" + w + " * " + x);
        }
        line(sb, p + "_s = einsum(" + p + "_q, " + p + "_k, \"b,s|->h,d; b,t|->h,d => b,s|->h,t\")");
        line(sb, p + "_a = softmax(" + p + "_s *. scale, \"b,s|->h,t => b,s|->h\")");
        line(sb, p + "_c = einsum(" + p + "_a, " + p + "_v, \"b,s|->h,t; b,t|->h,d => b,s|->h,d\")");
        line(sb, p + "_wo = param(o=[512])");
        line(sb, p + "_r1 = " + x + " + " + p + "_wo * " + p + "_c");
        line(sb, p + "_m1 = " + p + "_r1 - permute(" + p + "_r1, \"...|->d => ...|->\")");
        line(sb, p + "_g1 = param(o=[512])");
        line(sb, p + "_n1 = " + p + "_m1 / sqrt(permute(" + p + "_m1 *. " + p + "_m1, \"...|->d => ...|->\")) *. " + p + "_g1");
        line(sb, p + "_w1 = param(o=[2048])");
        line(sb, p + "_w2 = param(o=[512])");
        line(sb, y + " = " + p + "_n1 + " + p + "_w2 * relu(" + p + "_w1 * " + p + "_n1)");
    }

    private static void line(StringBuilder sb, String s) {
        sb.append(s).append('\n');
    }
}
