package org.shapeforge.codegen.symbolic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ScalarOp;
import org.shapeforge.program.dynamic.Fusion;
import org.shapeforge.program.dynamic.ShapeExtent;
import org.shapeforge.program.dynamic.SymbolicShape;
import org.shapeforge.program.dynamic.SymbolicShapes;

/**
 * One C kernel for a shape-compatible group of pointwise operations ({@link Fusion.Group}, issue 17)
 * whose sizes are kernel parameters: {@code void sf_group(const int64_t *sizes, float **args)} reads
 * the dynamic dims from {@code sizes} (in {@link #params()} order) and computes every extent from
 * them ({@code n*4}, {@code n+3}), so one compiled library serves every size instead of one
 * compilation per size (seed 004, "Symbolic Operation Configs": configs stay symbolic until
 * execution resolves them). The loop runs over the group's linear index; a read of the group's
 * symbolic shape uses it directly (the collapsed index computation of {@code analyze}); a broadcast
 * read decomposes it once into axis indices. Buffers are dense row-major {@code batch @ output @
 * input}, {@code float}; {@code args} holds the reads ({@link #inputs()}) then every member's
 * result ({@link #outputs()}).
 */
public final class GroupKernel {
    /** The C entry point. */
    public static final String ENTRY = "sf_group";

    private final String source;
    private final List<String> params, inputs, outputs;
    private final Map<String, SymbolicShape> shapes;

    private GroupKernel(String source, List<String> params, List<String> inputs, List<String> outputs,
            Map<String, SymbolicShape> shapes) {
        this.source = source;
        this.params = List.copyOf(params);
        this.inputs = List.copyOf(inputs);
        this.outputs = List.copyOf(outputs);
        this.shapes = Collections.unmodifiableMap(new LinkedHashMap<>(shapes));
    }

    public String source() {
        return source;
    }

    /** The dynamic dims, in the order of the {@code sizes} argument (sorted by name). */
    public List<String> params() {
        return params;
    }

    public List<String> inputs() {
        return inputs;
    }

    public List<String> outputs() {
        return outputs;
    }

    /** The symbolic shape of every input and output. */
    public Map<String, SymbolicShape> shapes() {
        return shapes;
    }

    /** The kernel of {@code g}, a group of {@code inf}'s program; an operation without C lowering is a {@link CodegenException}. */
    public static GroupKernel of(Inference inf, Fusion.Group g) {
        Map<String, Generated.OpNode> byResult = new LinkedHashMap<>();
        for (Generated.OpNode op : inf.generated().operations()) if (op.erasing()) byResult.put(op.result(), op);
        var read = SymbolicShapes.reader(inf).orElseThrow();
        SymbolicShape loop = null;
        Map<String, SymbolicShape> shapes = new LinkedHashMap<>();
        List<String> inputs = new ArrayList<>();
        for (String r : g.ops()) {
            Generated.OpNode op = byResult.get(r);
            SymbolicShape s = read.apply(op.lhs());
            if (loop == null) loop = s;
            shapes.put(r, s);
            for (int j = 0; j < op.operands().size(); j++) {
                String t = op.operandNames().get(j);
                if (g.ops().contains(t) || shapes.containsKey(t)) continue;
                shapes.put(t, read.apply(op.operands().get(j)));
                inputs.add(t);
            }
        }
        TreeSet<String> dims = new TreeSet<>();
        shapes.values().forEach(s -> axes(s).forEach(e -> {
            if (!(e instanceof ShapeExtent.Exact(var x)))
                throw new CodegenException("the group " + g.ops() + " has a non-exact extent " + e.printed()
                        + "; a kernel size is exact (seed 004)");
            SizeExprC.dims(x, dims);
        }));
        List<String> params = List.copyOf(dims);
        StringBuilder c = new StringBuilder();
        c.append("#include <stdint.h>\n#include <math.h>\n");
        c.append(SymSizeC.HELPERS);
        c.append("/* fused: ").append(String.join(", ", g.ops())).append(" over ").append(loop.printed()).append(" */\n");
        c.append("void ").append(ENTRY).append("(const int64_t *sizes, float **args) {\n");
        for (int k = 0; k < params.size(); k++) c.append("  const int64_t sz_").append(params.get(k)).append(" = sizes[").append(k).append("];\n");
        List<ShapeExtent> la = axes(loop);
        for (int k = 0; k < la.size(); k++) c.append("  const int64_t e").append(k).append(" = ").append(extent(la.get(k), params)).append(";\n");
        c.append("  const int64_t total = ");
        for (int k = 0; k < la.size(); k++) c.append("e").append(k).append(" * ");
        c.append("INT64_C(1);\n");
        int arg = 0;
        Map<String, String> value = new LinkedHashMap<>();
        for (String t : inputs) {
            c.append("  const float *restrict in").append(arg).append(" = args[").append(arg).append("];   /* ").append(t).append(' ')
                    .append(shapes.get(t).printed()).append(" */\n");
            value.put(t, "in" + arg++);
        }
        for (int k = 0; k < g.ops().size(); k++)
            c.append("  float *restrict out").append(k).append(" = args[").append(arg++).append("];   /* ").append(g.ops().get(k)).append(" */\n");
        c.append("  #pragma omp parallel for schedule(static)\n  for (int64_t i = 0; i < total; i++) {\n");
        boolean decompose = inputs.stream().anyMatch(t -> !shapes.get(t).equals(loopShape(shapes, g)));
        if (decompose && !la.isEmpty()) {
            c.append("    int64_t rem = i;\n");
            for (int k = la.size() - 1; k > 0; k--) c.append("    const int64_t ax").append(k).append(" = rem % e").append(k).append("; rem /= e").append(k).append(";\n");
            c.append("    const int64_t ax0 = rem;\n");
        }
        Map<String, String> local = new LinkedHashMap<>();
        for (String t : inputs) {
            String v = "v_" + local.size();
            c.append("    const float ").append(v).append(" = ").append(value.get(t)).append('[')
                    .append(offset(shapes.get(t), loop, params, t)).append("];\n");
            local.put(t, v);
        }
        for (int k = 0; k < g.ops().size(); k++) {
            Generated.OpNode op = byResult.get(g.ops().get(k));
            List<String> args = op.operandNames().stream().map(local::get).toList();
            String v = "t_" + k;
            c.append("    const float ").append(v).append(" = ").append(scalar(op, args)).append(";\n");
            c.append("    out").append(k).append("[i] = ").append(v).append(";\n");
            local.put(op.result(), v);
        }
        c.append("  }\n}\n");
        return new GroupKernel(c.toString(), params, inputs, g.ops(), shapes);
    }

    private static SymbolicShape loopShape(Map<String, SymbolicShape> shapes, Fusion.Group g) {
        return shapes.get(g.ops().getFirst());
    }

    /** Axes in storage order: batch, output, input. */
    static List<ShapeExtent> axes(SymbolicShape s) {
        List<ShapeExtent> out = new ArrayList<>(s.batch());
        out.addAll(s.output());
        out.addAll(s.input());
        return out;
    }

    private static String extent(ShapeExtent e, List<String> params) {
        return SizeExprC.of(((ShapeExtent.Exact) e).expr(), params);
    }

    /**
     * The read's offset from the loop's axis indices: each row aligned at the right (broadcasting);
     * an axis equal to the loop's takes its index, a constant-1 axis index 0. The group's own shape
     * is the linear index {@code i} (the collapsed computation).
     */
    private static String offset(SymbolicShape read, SymbolicShape loop, List<String> params, String name) {
        if (read.equals(loop)) return "i";
        List<List<ShapeExtent>> rr = List.of(read.batch(), read.output(), read.input());
        List<List<ShapeExtent>> lr = List.of(loop.batch(), loop.output(), loop.input());
        String off = null;
        int base = 0;
        for (int k = 0; k < 3; k++) {
            List<ShapeExtent> a = rr.get(k), l = lr.get(k);
            if (a.size() > l.size())
                throw new CodegenException(name + " " + read.printed() + " has more axes than the loop " + loop.printed());
            for (int j = 0; j < a.size(); j++) {
                int lj = base + j + (l.size() - a.size());
                String idx;
                if (a.get(j).equals(l.get(j + (l.size() - a.size())))) idx = "ax" + lj;
                else if (a.get(j).equals(ShapeExtent.exact(1))) idx = "INT64_C(0)";
                else throw new CodegenException(name + " " + read.printed() + " is not shape-compatible with the loop "
                        + loop.printed());
                off = off == null ? idx : "(" + off + ") * " + extent(a.get(j), params) + " + " + idx;
            }
            base += l.size();
        }
        return off == null ? "INT64_C(0)" : off;
    }

    private static String scalar(Generated.OpNode op, List<String> a) {
        ScalarOp s = op.scalarOp();
        return switch (a.size()) {
            case 1 -> switch (s) {
                case ScalarOp.Builtin.RELU -> "fmaxf(" + a.get(0) + ", 0.0f)";
                case ScalarOp.Builtin.SQRT, ScalarOp.Builtin.EXP, ScalarOp.Builtin.LOG, ScalarOp.Builtin.TANH ->
                        s.token() + "f(" + a.get(0) + ")";
                case ScalarOp.Builtin.ABS -> "fabsf(" + a.get(0) + ")";
                case ScalarOp.Builtin.NEG -> "(-" + a.get(0) + ")";
                case ScalarOp.Builtin.SIGMOID -> "(1.0f / (1.0f + expf(-" + a.get(0) + ")))";
                default -> throw unsupported(op);
            };
            case 2 -> switch (s) {
                case ScalarOp.Builtin.ADD -> "(" + a.get(0) + " + " + a.get(1) + ")";
                case ScalarOp.Builtin.SUB -> "(" + a.get(0) + " - " + a.get(1) + ")";
                case ScalarOp.Builtin.MUL -> "(" + a.get(0) + " * " + a.get(1) + ")";
                case ScalarOp.Builtin.DIV -> "(" + a.get(0) + " / " + a.get(1) + ")";
                case ScalarOp.Builtin.MAX -> "fmaxf(" + a.get(0) + ", " + a.get(1) + ")";
                case ScalarOp.Builtin.MIN -> "fminf(" + a.get(0) + ", " + a.get(1) + ")";
                default -> throw unsupported(op);
            };
            case 3 -> {
                if (s != ScalarOp.Builtin.WHERE) throw unsupported(op);
                yield "(" + a.get(0) + " != 0.0f ? " + a.get(1) + " : " + a.get(2) + ")";
            }
            default -> throw unsupported(op);
        };
    }

    private static CodegenException unsupported(Generated.OpNode op) {
        return new CodegenException(op.origin().describe() + ": '" + op.scalarOp().token() + "' has no elementwise C lowering in a"
                + " fused group (a normalisation or a scan is not elementwise)");
    }
}
