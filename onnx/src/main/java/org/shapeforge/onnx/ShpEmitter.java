package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;

/**
 * {@code import --emit shp}: the graph as a {@code .shp} program (spec/programs.md) where the
 * program language expresses it. A {@code .shp} tensor has three rows stored
 * {@code batch @ output @ input}; an ONNX tensor's flat axes are split into those rows: MatMul/Gemm
 * operands and results as {@code batch… | m -> k} (MatMul is Compose: {@code A.i = B.o}), a
 * 2-D Transpose swaps input and output, an elementwise operand takes the suffix of its result's
 * split (NumPy broadcasting aligns at the right; each row broadcasts on the left), everything
 * else all-output. Graph inputs and initializers are {@code data(...)} with closed rows (a
 * {@code dim_param} is a {@code dynamic} dimension; a size-1 axis is written {@code 1}, a
 * default-basis atom of size 1). Not expressible, refused naming the node: rank-0 tensors,
 * other ops (Conv, Reshape, Slice, … have no {@code .shp} statement), a size-1 axis that ONNX
 * broadcasts (in {@code .shp} a written 1 is an atom that does not broadcast), 1-D MatMul operands,
 * Gemm with transposes or scaling, and a tensor two consumers need split differently.
 */
public final class ShpEmitter {
    private ShpEmitter() {}

    /** Rows of one tensor: how many leading axes are batch, then output, then input. */
    private record Split(int batch, int output, int input) {
        int rank() {
            return batch + output + input;
        }

        /** The split of a right-aligned operand of rank r under this result split. */
        Split suffix(int r) {
            int i = Math.min(input, r), o = Math.min(output, r - i);
            return new Split(r - i - o, o, i);
        }
    }

    private static final Map<String, String> UNARY = Map.of("Relu", "relu", "Sigmoid", "sigmoid", "Tanh", "tanh", "Exp", "exp",
            "Log", "log", "Abs", "abs", "Neg", "neg", "Sqrt", "sqrt", "Identity", "id", "Reciprocal", "recip");
    private static final Map<String, String> BINARY = Map.of("Add", "+", "Sub", "-", "Mul", "*.", "Div", "/", "Max", "max", "Min", "min");

    /** The program; {@code inferred}: every value's inferred dims ({@link ImportResult#values()}). */
    public static String emit(ModelProto m, Map<String, List<InferredDim>> inferred, String file) {
        Map<String, List<InferredDim>> typed = new HashMap<>(inferred);
        for (TensorProto t : m.getGraph().getInitializerList())
            typed.putIfAbsent(t.getName(), t.getDimsList().stream().<InferredDim>map(InferredDim.Known::new).toList());
        Map<String, List<String>> shapes = new HashMap<>(); // as the program prints them
        typed.forEach((name, ds) -> shapes.put(name, ds.stream().map(InferredDim::printed).toList()));
        List<NodeProto> nodes = m.getGraph().getNodeList();
        Map<String, Split> split = new HashMap<>();
        // result splits forward, operand splits from their consumers; a conflict is refused
        for (int idx = 0; idx < nodes.size(); idx++) {
            NodeProto n = nodes.get(idx);
            NodeOrigin at = TorchSource.origin(idx, n);
            String op = n.getOpType();
            int rOut = rank(shapes, n.getOutput(0), file, at);
            if (op.equals("MatMul") || op.equals("Gemm")) {
                if (op.equals("Gemm") && (attrI(n, "transA") != 0 || attrI(n, "transB") != 0 || attrF(n, "alpha") != 1 || attrF(n, "beta") != 1))
                    throw refuse(file, at, "Gemm with transA/transB/alpha/beta has no .shp statement (only c = a * b + bias)");
                for (int k = 0; k < 2; k++) {
                    int r = rank(shapes, n.getInput(k), file, at);
                    if (r < 2) throw refuse(file, at, "a 1-D MatMul operand has no .shp form (Compose needs output and input rows)");
                    need(split, n.getInput(k), new Split(r - 2, 1, 1), file, at);
                }
                Split out = new Split(rOut - 2, 1, 1);
                need(split, n.getOutput(0), out, file, at);
                if (op.equals("Gemm") && n.getInputCount() > 2 && !n.getInput(2).isEmpty())
                    operand(split, shapes, n.getInput(2), out, n.getOutput(0), file, at);
            } else if (op.equals("Transpose")) {
                if (rOut != 2) throw refuse(file, at, "only a 2-D Transpose has a .shp statement (transpose swaps input and output)");
                need(split, n.getInput(0), new Split(0, 1, 1), file, at);
                need(split, n.getOutput(0), new Split(0, 1, 1), file, at);
            } else if (UNARY.containsKey(op) || BINARY.containsKey(op) && n.getInputCount() == 2) {
                Split out = split.get(n.getOutput(0));
                if (out == null) {
                    for (String in : n.getInputList()) {
                        Split s = split.get(in);
                        if (s != null && s.rank() == rOut) out = s;
                    }
                }
                if (out == null) out = new Split(0, rOut, 0);
                need(split, n.getOutput(0), out, file, at);
                for (String in : n.getInputList()) operand(split, shapes, in, out, n.getOutput(0), file, at);
            } else {
                throw refuse(file, at, "no .shp statement for " + op + " (the program language has elementwise ops, MatMul/Gemm as"
                        + " Compose and 2-D Transpose); use --emit shc for the constraints");
            }
        }
        return print(m, typed, shapes, split, file);
    }

    private static void operand(Map<String, Split> split, Map<String, List<String>> shapes, String in, Split out, String result,
            String file, NodeOrigin at) {
        List<String> dims = shapes.get(in), res = shapes.get(result);
        for (int a = 0; a < dims.size(); a++)
            if (dims.get(a).equals("1") && !res.get(a + res.size() - dims.size()).equals("1"))
                throw refuse(file, at, "'" + in + "' axis " + a + " of size 1 is broadcast by ONNX; a written 1 in .shp does not broadcast");
        need(split, in, out.suffix(dims.size()), file, at);
    }

    private static void need(Map<String, Split> split, String value, Split s, String file, NodeOrigin at) {
        if (s.rank() == 0)
            throw refuse(file, at, "'" + value + "' has rank 0, which has no .shp form (a scalar has one unit axis)");
        Split old = split.putIfAbsent(value, s);
        if (old != null && !old.equals(s))
            throw refuse(file, at, "'" + value + "' is needed with rows " + show(s) + " here and " + show(old) + " elsewhere");
    }

    private static String show(Split s) {
        return "batch " + s.batch() + ", output " + s.output() + ", input " + s.input();
    }

    private static int rank(Map<String, List<String>> shapes, String v, String file, NodeOrigin at) {
        List<String> d = shapes.get(v);
        if (d == null) throw refuse(file, at, "no inferred shape for '" + v + "'");
        return d.size();
    }

    private static ImportError refuse(String file, NodeOrigin at, String why) {
        return ImportError.at("unsupported", file, at, "--emit shp: " + why);
    }

    private static long attrI(NodeProto n, String name) {
        return n.getAttributeList().stream().filter(a -> a.getName().equals(name)).mapToLong(a -> a.getI()).findFirst().orElse(0);
    }

    private static double attrF(NodeProto n, String name) {
        return n.getAttributeList().stream().filter(a -> a.getName().equals(name)).mapToDouble(a -> a.getF()).findFirst().orElse(1);
    }

    private static String print(ModelProto m, Map<String, List<InferredDim>> typed, Map<String, List<String>> shapes,
                                Map<String, Split> split, String file) {
        Map<String, String> ids = new HashMap<>();
        Set<String> used = new HashSet<>();
        StringBuilder sb = new StringBuilder("# generated by `shapeforge import --emit shp` from " + Names.oneLine(file) + "\n");
        Set<String> dynamic = new LinkedHashSet<>();
        List<String> sources = new ArrayList<>();
        for (var v : m.getGraph().getInputList()) sources.add(v.getName());
        for (TensorProto t : m.getGraph().getInitializerList()) if (!sources.contains(t.getName())) sources.add(t.getName());
        for (String s : sources)
            if (split.containsKey(s))
                for (InferredDim d : typed.get(s)) if (!(d instanceof InferredDim.Known)) dynamic.add(d.printed());
        for (String d : dynamic) sb.append("dynamic ").append(d).append('\n');
        for (String s : sources) {
            Split sp = split.get(s);
            if (sp == null) continue;
            List<String> d = shapes.get(s);
            sb.append(id(s, ids, used)).append(" = data(" + rows(d, sp) + ")")
                    .append("   # ").append(Names.quoted(s)).append(' ').append(d).append('\n');
        }
        for (NodeProto n : m.getGraph().getNodeList()) {
            String op = n.getOpType(), y = id(n.getOutput(0), ids, used);
            String rhs;
            if (op.equals("MatMul")) rhs = ids.get(n.getInput(0)) + " * " + ids.get(n.getInput(1));
            else if (op.equals("Gemm")) rhs = ids.get(n.getInput(0)) + " * " + ids.get(n.getInput(1))
                    + (n.getInputCount() > 2 && !n.getInput(2).isEmpty() ? " + " + ids.get(n.getInput(2)) : "");
            else if (op.equals("Transpose")) rhs = "transpose(" + ids.get(n.getInput(0)) + ")";
            else if (UNARY.containsKey(op)) rhs = UNARY.get(op) + "(" + ids.get(n.getInput(0)) + ")";
            else {
                String b = BINARY.get(op), l = ids.get(n.getInput(0)), r = ids.get(n.getInput(1));
                rhs = b.matches("[a-z]+") ? b + "(" + l + ", " + r + ")" : l + " " + b + " " + r;
            }
            sb.append(y).append(" = ").append(rhs).append("   # node ").append(Names.quoted(n.getName())).append(" (")
                    .append(Names.oneLine(op)).append(") → ").append(Names.quoted(n.getOutput(0))).append(' ')
                    .append(shapes.get(n.getOutput(0))).append('\n');
        }
        return sb.toString();
    }

    private static String rows(List<String> d, Split s) {
        List<String> parts = new ArrayList<>();
        if (s.batch() > 0) parts.add("b=" + d.subList(0, s.batch()));
        if (s.input() > 0) parts.add("i=" + d.subList(s.batch() + s.output(), d.size()));
        if (s.output() > 0) parts.add("o=" + d.subList(s.batch(), s.batch() + s.output()));
        return String.join(", ", parts);
    }

    /** A program identifier for an ONNX value name: letters, digits and _, starting with a lower-case letter, unique. */
    private static String id(String name, Map<String, String> ids, Set<String> used) {
        String have = ids.get(name);
        if (have != null) return have;
        String s = name.replaceAll("[^A-Za-z0-9_]", "_");
        if (s.isEmpty() || !Character.isLowerCase(s.charAt(0))) s = "v_" + s;
        String base = s;
        for (int k = 2; !used.add(s); k++) s = base + "_" + k;
        ids.put(name, s);
        return s;
    }
}
