package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import org.shapeforge.onnx.values.Lowerings;
import org.shapeforge.term.Dim;

/**
 * If, Loop and Scan (opset ≥ 9): their subgraphs are imported into the same constraints, the
 * enclosing values visible ({@link Importer#subgraph}).
 * <ul>
 *   <li><b>If</b>: with the condition known at import (a constant, or an input bound), the taken
 *       branch's outputs; otherwise both branches are imported (each must be consistent) and
 *       every output axis is an unknown extent — ONNX lets the branches' shapes differ, so nothing
 *       more is implied — the branches' ranks must agree.</li>
 *   <li><b>Loop</b>: the body is imported once, its loop-carried inputs bound to the initial values;
 *       each carried output must keep its input's shape (an equality; a loop whose carried shapes
 *       grow is refused by the solver, naming the body's node), and the final values have those
 *       shapes. Each scan output stacks the body's per-iteration value along a new axis 0 whose
 *       length is the trip count M when M is known and the body's condition is known true, else an
 *       unknown extent.</li>
 *   <li><b>Scan</b>: the body is bound to the states and to one slice of every scan input (the
 *       scan axis removed); states keep their shapes; scan outputs stack along their
 *       {@code scan_output_axes} with the scan inputs' common length.</li>
 * </ul>
 */
final class ControlFlow {
    private ControlFlow() {}

    /** If, Loop and Scan: shaped here with the enclosing values in scope, run by {@code values.ControlFlow}. */
    static final List<OpSpec> SPECS = Stream.of("If", "Loop", "Scan")
            .map(op -> new OpSpec(OpKey.of(op), new ShapeLogic.Scoped(ControlFlow::apply), Lowerings.CONTROL_FLOW)).toList();

    private static GraphProto graph(Node n, String name) {
        AttributeProto a = n.attrs().get(name);
        if (a == null || !a.hasG()) throw n.error("the subgraph attribute '" + name + "' is missing");
        return a.getG();
    }

    private static Tensor scalar(String name) {
        return Tensor.of(name, List.of());
    }

    /** A known boolean/integer scalar, or null. */
    private static Long known(Tensor t) {
        return t != null && t.ints().isPresent() && t.ints().get().length == 1 ? t.ints().get()[0] : null;
    }

    static List<Tensor> apply(Node n, Emitter e, Map<String, Tensor> scope) {
        return switch (n.op()) {
            case "If" -> ifNode(n, e, scope);
            case "Loop" -> loop(n, e, scope);
            default -> scan(n, e, scope);
        };
    }

    private static List<Tensor> ifNode(Node n, Emitter e, Map<String, Tensor> scope) {
        Long cond = known(n.input(0));
        if (cond != null)
            return Importer.subgraph(graph(n, cond != 0 ? "then_branch" : "else_branch"), scope, List.of(), n.index(), e, n.file(), n.opset());
        List<Tensor> then = Importer.subgraph(graph(n, "then_branch"), scope, List.of(), n.index(), e, n.file(), n.opset());
        List<Tensor> other = Importer.subgraph(graph(n, "else_branch"), scope, List.of(), n.index(), e, n.file(), n.opset());
        if (then.size() != other.size()) throw n.error("the branches produce " + then.size() + " and " + other.size() + " outputs");
        List<Tensor> outs = new ArrayList<>();
        for (int k = 0; k < then.size(); k++) {
            if (then.get(k).rank() != other.get(k).rank())
                throw n.error("output " + k + " has rank " + then.get(k).rank() + " in one branch and " + other.get(k).rank()
                        + " in the other (a rank known only when run is not supported)");
            List<Dim> y = new ArrayList<>();
            for (int a = 0; a < then.get(k).rank(); a++) y.add(ShapeOps.unknownExtent(e, "if", Gap.Kind.UNKNOWN, Optional.empty(),
                    "the If's condition is not known at import time and its branches may differ"));
            outs.add(n.result(k, y));
        }
        return outs;
    }

    private static List<Tensor> loop(Node n, Emitter e, Map<String, Tensor> scope) {
        GraphProto body = graph(n, "body");
        int carried = n.inputs().size() - 2;
        List<Tensor> bound = new ArrayList<>(List.of(scalar("iteration_num"), n.optInput(1).orElse(Tensor.of("cond", List.of()))));
        for (int c = 0; c < carried; c++) bound.add(n.input(2 + c));
        List<Tensor> outs = Importer.subgraph(body, scope, bound, n.index(), e, n.file(), n.opset());
        if (outs.size() < 1 + carried) throw n.error("the body has " + outs.size() + " outputs for " + carried + " loop-carried values");
        List<Tensor> result = new ArrayList<>();
        for (int c = 0; c < carried; c++) {
            Tensor in = n.input(2 + c), out = outs.get(1 + c);
            if (in.rank() != out.rank()) throw n.error("loop-carried value " + c + " changes rank in the body (" + in.rank() + " → " + out.rank() + ")");
            e.eqAll(out.dims(), in.dims(), n.origin("loop-carried value " + c + " keeps its shape across iterations"));
            result.add(n.result(c, in.dims()));
        }
        Long m = n.optInput(0).map(ControlFlow::known).orElse(null);
        Long condOut = known(outs.getFirst());
        boolean alwaysTrue = condOut != null && condOut != 0 && (n.optInput(1).isEmpty() || (known(n.input(1)) != null && known(n.input(1)) != 0));
        Dim iterations = outs.size() == 1 + carried ? null // one trip count, shared by every scan output
                : m != null && alwaysTrue ? Emitter.size(m) : ShapeOps.unknownExtent(e, "iterations", Gap.Kind.UNKNOWN, Optional.empty(),
                        "the Loop's iteration count is known only at run time");
        for (int s = 1 + carried; s < outs.size(); s++) {
            List<Dim> y = new ArrayList<>(List.of(iterations));
            y.addAll(outs.get(s).dims());
            result.add(n.result(s - 1, y)); // Loop's outputs: the carried values, then the scan outputs
        }
        return result;
    }

    private static List<Tensor> scan(Node n, Emitter e, Map<String, Tensor> scope) {
        if (n.opset() < 9) throw ImportError.at("unsupported", n.file(), n.origin(""), "Scan before opset 9 (a batch axis and sequence lengths) is not supported");
        GraphProto body = graph(n, "body");
        int m = (int) n.attrs().i("num_scan_inputs", 0), states = n.inputs().size() - m;
        if (m < 1 || states < 0) throw n.error("num_scan_inputs is " + m + " for " + n.inputs().size() + " inputs");
        long[] inAxes = n.attrs().ints("scan_input_axes").orElse(new long[m]);
        if (inAxes.length < m) throw n.error("scan_input_axes has " + inAxes.length + " entries for " + m + " scan inputs");
        List<Tensor> bound = new ArrayList<>();
        for (int c = 0; c < states; c++) bound.add(n.input(c));
        Dim length = null;
        for (int j = 0; j < m; j++) {
            Tensor x = n.input(states + j);
            int axis = n.axis(inAxes[j], x.rank());
            if (length == null) length = x.dim(axis);
            else e.eq(x.dim(axis), length, n.origin("scan input " + j + "'s scanned axis against the first's"));
            List<Dim> slice = new ArrayList<>(x.dims());
            slice.remove(axis);
            bound.add(Tensor.of(x.name() + "_slice", slice));
        }
        List<Tensor> outs = Importer.subgraph(body, scope, bound, n.index(), e, n.file(), n.opset());
        if (outs.size() < states) throw n.error("the body has " + outs.size() + " outputs for " + states + " states");
        List<Tensor> result = new ArrayList<>();
        for (int c = 0; c < states; c++) {
            e.eqAll(outs.get(c).dims(), n.input(c).dims(), n.origin("state " + c + " keeps its shape across iterations"));
            result.add(n.result(c, n.input(c).dims()));
        }
        long[] outAxes = n.attrs().ints("scan_output_axes").orElse(new long[outs.size() - states]);
        if (outAxes.length < outs.size() - states) throw n.error("scan_output_axes has " + outAxes.length + " entries for " + (outs.size() - states) + " scan outputs");
        for (int s = states; s < outs.size(); s++) {
            List<Dim> y = new ArrayList<>(outs.get(s).dims());
            int axis = (int) Math.floorMod(outAxes[s - states], y.size() + 1);
            y.add(axis, length == null ? ShapeOps.unknownExtent(e, "steps") : length);
            result.add(n.result(s, y));
        }
        return result;
    }
}
