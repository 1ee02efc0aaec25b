package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.onnx.Attrs;

/**
 * If, Loop and Scan (opset ≥ 9) on concrete inputs: the subgraphs run through generated C like
 * the model ({@link GraphRun#runGraph}, the enclosing values visible), and the control — which
 * branch, how many iterations — is decided by the values the kernels computed (a condition is read
 * back, as a Reshape target is read when the code is generated). Loop and Scan unroll: Loop runs
 * its body while {@code i < M} and the condition holds, the loop-carried values threaded through,
 * each scan output stacked along a new axis 0; Scan slices its scan inputs along their axes
 * (forward or reverse) and stacks its scan outputs along theirs. A loop without a trip count stops
 * at {@link #MAX_ITERATIONS}; zero iterations (an empty scan output) are not expressible. The
 * subgraphs' nodes are computed where the enclosing node is ({@link Placement}).
 */
final class ControlFlow {
    private ControlFlow() {}

    /** A guard against a loop whose condition never turns false. */
    static final int MAX_ITERATIONS = 100_000;

    static List<Value> apply(Kernels k, NodeProto n, List<Value> in, Map<String, Value> scope, long opset, Placement placement) {
        Attrs at = Attrs.of(n);
        return switch (n.getOpType()) {
            case "If" -> {
                GraphProto branch = graph(at, in.getFirst().data()[0] != 0 ? "then_branch" : "else_branch");
                yield new ArrayList<>(GraphRun.runGraph(branch, scope, Map.of(), k, opset, placement).values());
            }
            case "Loop" -> loop(k, n, at, in, scope, opset, placement);
            default -> scan(k, n, at, in, scope, opset, placement);
        };
    }

    private static GraphProto graph(Attrs at, String name) {
        AttributeProto a = at.get(name);
        if (a == null || !a.hasG()) throw new IllegalArgumentException("missing subgraph attribute '" + name + "'");
        return a.getG();
    }

    private static Value scalar(double v, int type) {
        return new Value(List.of(), new double[] {v}, type);
    }

    private static String name(NodeProto n) {
        return (n.getName().isEmpty() ? n.getOpType() : n.getName()).replaceAll("[^A-Za-z0-9_]", "_");
    }

    private static List<Value> loop(Kernels k, NodeProto n, Attrs at, List<Value> in, Map<String, Value> scope, long opset,
            Placement placement) {
        GraphProto body = graph(at, "body");
        long max = in.get(0) == null ? MAX_ITERATIONS : (long) in.get(0).data()[0];
        boolean cond = in.size() < 2 || in.get(1) == null || in.get(1).data()[0] != 0;
        List<Value> carried = new ArrayList<>(in.subList(2, in.size()));
        int nCarried = carried.size(), nScan = body.getOutputCount() - 1 - nCarried;
        List<List<Value>> scans = new ArrayList<>();
        for (int s = 0; s < nScan; s++) scans.add(new ArrayList<>());
        long i = 0;
        for (; i < max && cond; i++) {
            if (i >= MAX_ITERATIONS) throw new NotExpressible("Loop: more than " + MAX_ITERATIONS + " iterations");
            Map<String, Value> bound = new LinkedHashMap<>();
            bound.put(body.getInput(0).getName(), scalar(i, DataType.INT64_VALUE));
            if (!body.getInput(1).getName().isEmpty()) bound.put(body.getInput(1).getName(), scalar(1, DataType.BOOL_VALUE));
            for (int c = 0; c < nCarried; c++) bound.put(body.getInput(2 + c).getName(), carried.get(c));
            List<Value> outs = new ArrayList<>(GraphRun.runGraph(body, scope, bound, k, opset, placement).values());
            cond = outs.getFirst().data()[0] != 0;
            for (int c = 0; c < nCarried; c++) carried.set(c, outs.get(1 + c));
            for (int s = 0; s < nScan; s++) scans.get(s).add(outs.get(1 + nCarried + s));
        }
        List<Value> result = new ArrayList<>(carried);
        for (int s = 0; s < nScan; s++) result.add(stack(k, name(n) + "_scan" + s, scans.get(s), 0, false));
        return result;
    }

    private static List<Value> scan(Kernels k, NodeProto n, Attrs at, List<Value> in, Map<String, Value> scope, long opset,
            Placement placement) {
        if (opset < 9) throw new NotExpressible("Scan before opset 9 (a batch axis and sequence lengths) is not lowered");
        GraphProto body = graph(at, "body");
        int m = (int) at.i("num_scan_inputs", 0), nState = in.size() - m, nScan = body.getOutputCount() - nState;
        long[] inAxes = at.ints("scan_input_axes").orElse(new long[m]), inDirs = at.ints("scan_input_directions").orElse(new long[m]);
        long[] outAxes = at.ints("scan_output_axes").orElse(new long[nScan]), outDirs = at.ints("scan_output_directions").orElse(new long[nScan]);
        List<Value> state = new ArrayList<>(in.subList(0, nState));
        int steps = -1;
        for (int j = 0; j < m; j++) {
            Value x = in.get(nState + j);
            int len = x.dims().get((int) Math.floorMod(inAxes[j], x.rank()));
            if (steps >= 0 && len != steps) throw new IllegalArgumentException("Scan: scan inputs of lengths " + steps + " and " + len);
            steps = len;
        }
        if (steps <= 0) throw new NotExpressible("Scan: no iteration (an empty scan output)");
        List<List<Value>> outs = new ArrayList<>();
        for (int s = 0; s < nScan; s++) outs.add(new ArrayList<>());
        for (int t = 0; t < steps; t++) {
            Map<String, Value> bound = new LinkedHashMap<>();
            for (int c = 0; c < nState; c++) bound.put(body.getInput(c).getName(), state.get(c));
            for (int j = 0; j < m; j++) {
                Value x = in.get(nState + j);
                int axis = (int) Math.floorMod(inAxes[j], x.rank()), at2 = inDirs[j] != 0 ? steps - 1 - t : t;
                int[] start = new int[x.rank()], step = new int[x.rank()], len = new int[x.rank()];
                for (int a = 0; a < x.rank(); a++) { step[a] = 1; len[a] = x.dims().get(a); }
                start[axis] = at2;
                len[axis] = 1;
                List<Integer> dims = new ArrayList<>(x.dims());
                dims.remove(axis);
                bound.put(body.getInput(nState + j).getName(), Shaping.slice(k, name(n) + "_in" + j + "_" + t, x, start, step, len).view(dims));
            }
            List<Value> o = new ArrayList<>(GraphRun.runGraph(body, scope, bound, k, opset, placement).values());
            for (int c = 0; c < nState; c++) state.set(c, o.get(c));
            for (int s = 0; s < nScan; s++) outs.get(s).add(o.get(nState + s));
        }
        List<Value> result = new ArrayList<>(state);
        for (int s = 0; s < nScan; s++) {
            Value first = outs.get(s).getFirst();
            result.add(stack(k, name(n) + "_out" + s, outs.get(s), (int) Math.floorMod(outAxes[s], first.rank() + 1), outDirs[s] != 0));
        }
        return result;
    }

    /** The values stacked along a new axis {@code axis} (in reverse order when {@code reverse}). */
    private static Value stack(Kernels k, String name, List<Value> parts, int axis, boolean reverse) {
        if (parts.isEmpty()) throw new NotExpressible("no iteration ran: an empty scan output");
        List<Value> views = new ArrayList<>();
        for (Value v : parts) {
            List<Integer> dims = new ArrayList<>(v.dims());
            dims.add(axis, 1);
            views.add(v.view(dims));
        }
        if (reverse) Collections.reverse(views);
        return views.size() == 1 ? Pointwise.copy(k, name, views.getFirst()) : Shaping.concat(k, name, views, axis);
    }
}
