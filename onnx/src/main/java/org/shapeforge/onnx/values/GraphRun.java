package org.shapeforge.onnx.values;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.ValueInfoProto;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.values.fusion.FusionPlan;

/**
 * A model run through generated C, node by node in graph order (ONNX requires a topological
 * order) except where its {@link FusionPlan} runs a group of nodes as one kernel at the group's
 * root (issue 29: {@link FusedGroups}): initializers and {@code Constant}s are data, every computing node is lowered to loop-IR
 * operations ({@link NodeLowering}), compiled and run; If, Loop and Scan run their subgraphs the
 * same way, steered by the concrete values of their conditions ({@link ControlFlow}). Expected outputs, when given, are compared
 * with {@link Errors}' normwise relative error {@code max|got − want| / max|want|} (positions where
 * both are NaN agree) within {@link Tolerance} of the expected element type — integers exactly. Guards ({@link #execute}): every op is checked for a lowering before anything
 * is compiled; the first node that turns finite inputs into NaN or ±∞ is recorded ({@link NonFinite});
 * the {@link Kernels}' memory budget refuses a tensor before it is allocated ({@link OverBudget}).
 */
public final class GraphRun {
    private GraphRun() {}

    /** The comparison tolerance of FLOAT and DOUBLE outputs in the values campaign and {@code run model.onnx} (issue 16; other types: {@link Tolerance}). */
    public static final double TOLERANCE = 1e-4;

    /**
     * One graph output: its computed value and, when expected values were given, the comparison
     * within {@code tolerance}, set by the expected element type ({@link Tolerance}: integers and
     * BOOL exactly).
     */
    public record Output(String name, Value value, List<Integer> expectedDims, double maxAbs, double maxRel, double tolerance,
                         boolean compared) {
        public boolean passed() {
            return !compared || expectedDims.equals(value.dims()) && maxRel <= tolerance;
        }
    }

    /** The graph inputs that are not initializers, in graph order (what {@code input_k.pb} binds). */
    public static List<String> inputs(ModelProto m) {
        Set<String> inits = new HashSet<>();
        for (TensorProto t : m.getGraph().getInitializerList()) inits.add(t.getName());
        return m.getGraph().getInputList().stream().map(ValueInfoProto::getName).filter(n -> !inits.contains(n)).toList();
    }

    /** Ops of the graph (and of its subgraphs) that have no lowering, in graph order (empty: the model can run). */
    public static List<String> unlowered(ModelProto m) {
        List<String> out = new ArrayList<>();
        unlowered(m.getGraph(), out, new ArrayList<>());
        return out;
    }

    private static void unlowered(GraphProto g, List<String> ops, List<NodeProto> nodes) {
        for (NodeProto n : g.getNodeList()) {
            if (!NodeLowering.lowered(n.getDomain(), n.getOpType())) {
                nodes.add(n);
                if (!ops.contains(n.getOpType())) ops.add(n.getOpType());
            }
            for (var a : n.getAttributeList()) if (a.hasG()) unlowered(a.getG(), ops, nodes);
        }
    }

    /**
     * A model's run: its graph outputs in order, and the first node that computed NaN or ±∞ from
     * finite inputs, if any ({@link NonFinite}).
     */
    public record Result(Map<String, Value> outputs, Optional<NonFinite> firstNonFinite) {}

    /** Runs {@code m} on {@code given} (graph input name → value); returns every graph output. */
    public static Map<String, Value> run(ModelProto m, Map<String, Value> given, Kernels k) {
        return execute(m, given, k).outputs();
    }

    /**
     * Runs {@code m} on {@code given}, watching for the first node that turns finite inputs into NaN
     * or ±∞. Every node's op is checked for a lowering before anything is compiled: a model with an
     * op that cannot run is refused at once, naming its first such node ({@link NotExpressible}).
     */
    public static Result execute(ModelProto m, Map<String, Value> given, Kernels k) {
        return execute(m, given, k, Value::read);
    }

    /**
     * {@link #execute(ModelProto, Map, Kernels)} with the model graph's initializers read by
     * {@code initializers} (a compiled model reads them once and hands out the same values on every run).
     */
    public static Result execute(ModelProto m, Map<String, Value> given, Kernels k, Function<TensorProto, Value> initializers) {
        long opset = m.getOpsetImportList().stream().filter(o -> o.getDomain().isEmpty() || o.getDomain().equals("ai.onnx"))
                .mapToLong(o -> o.getVersion()).max().orElse(1);
        List<NodeProto> refused = new ArrayList<>();
        unlowered(m.getGraph(), new ArrayList<>(), refused);
        if (!refused.isEmpty()) {
            List<String> ops = refused.stream().map(NodeProto::getOpType).distinct().toList();
            throw new NotExpressible("node " + describe(refused.getFirst()) + ": no lowering to generated C for "
                    + (ops.size() == 1 ? "op " + ops.getFirst() : "ops " + String.join(", ", ops) + " (" + refused.size() + " nodes)")
                    + "; refused before compiling anything");
        }
        for (String in : inputs(m))
            if (!given.containsKey(in) && m.getGraph().getInitializerList().stream().noneMatch(t -> t.getName().equals(in)))
                throw new IllegalArgumentException("graph input '" + in + "' has no value (check --inputs)");
        NonFinite[] first = new NonFinite[1];
        Map<String, Value> out = runGraph(m.getGraph(), Map.of(), given, Set.of(), i -> true, k, opset, nf -> {
            if (first[0] == null) first[0] = nf;
        }, k.listener(), initializers, Placement.KERNEL);
        return new Result(out, Optional.ofNullable(first[0]));
    }

    /**
     * Runs graph {@code g} — a model's, or a subgraph of If, Loop or Scan — with the enclosing
     * scope's values visible ({@code outer}; ONNX subgraphs may read them) and its own inputs bound
     * ({@code bound}), its nodes computed where {@code placement} says (the enclosing node's); returns
     * its outputs in order.
     */
    static Map<String, Value> runGraph(GraphProto g, Map<String, Value> outer, Map<String, Value> bound, Kernels k, long opset,
            Placement placement) {
        return runGraph(g, outer, bound, Set.of(), i -> true, k, opset, nf -> { }, null, Value::read, placement);
    }

    /**
     * Runs the model graph's nodes of index in {@code runs} only (a fusion group when its root is),
     * from {@code values}: the graph inputs and every value those nodes read that the others
     * compute, by name, of which those in {@code constants} are constants of the graph (as the
     * lowerings are told). The graph outputs in order; initializers read by {@code initializers}.
     * What a compiled model ({@code values.plan}) runs after replaying the other nodes' kernels;
     * unlike {@link #execute}, nothing is checked first and no non-finite value is watched for, and
     * the data-dependent selections (in subgraphs too) are computed on the host ({@link Placement#HOST}):
     * nothing after them is recorded or replayed.
     */
    public static Map<String, Value> resume(ModelProto m, Map<String, Value> values, Set<String> constants,
            IntPredicate runs, Kernels k, Function<TensorProto, Value> initializers) {
        long opset = m.getOpsetImportList().stream().filter(o -> o.getDomain().isEmpty() || o.getDomain().equals("ai.onnx"))
                .mapToLong(o -> o.getVersion()).max().orElse(1);
        return runGraph(m.getGraph(), Map.of(), values, constants, runs, k, opset, nf -> { }, null, initializers, Placement.HOST);
    }

    /**
     * {@link #runGraph} telling {@code watch} of every node that computed NaN or ±∞ from finite inputs, in graph order,
     * and {@code listener} (null: none) of each node's lowering; {@code initializers} reads the graph's initializers.
     * Only the nodes of index in {@code runs} run (a fusion group when its root does); of {@code bound}, those named
     * in {@code constants} are constants; each node computed where {@code placement} says.
     */
    private static Map<String, Value> runGraph(GraphProto g, Map<String, Value> outer, Map<String, Value> bound,
                                               Set<String> constants, IntPredicate runs, Kernels k,
                                               long opset, Consumer<NonFinite> watch, RunListener listener,
                                               Function<TensorProto, Value> initializers, Placement placement) {
        Map<String, Value> values = new LinkedHashMap<>(outer);
        Set<String> known = new HashSet<>(); // the graph's constants: initializers, Constants and what is computed from them alone
        for (TensorProto t : g.getInitializerList()) {
            values.put(t.getName(), initializers.apply(t));
            known.add(t.getName());
        }
        values.putAll(bound);
        known.removeAll(bound.keySet());
        known.addAll(constants);
        FusionPlan plan = FusionPlan.of(g); // issue 29: pointwise trees run as one kernel each
        Set<Integer> deferred = plan.deferred();
        Map<Integer, FusionPlan.Group> roots = plan.byRoot();
        List<NodeProto> nodes = g.getNodeList();
        for (int i = 0; i < nodes.size(); i++) {
            if (deferred.contains(i) || !runs.test(i)) continue;
            FusionPlan.Group group = roots.get(i);
            if (group != null) fused(nodes, group, values, known, k, opset, watch, listener, placement);
            else step(nodes.get(i), values, known, k, opset, watch, listener, placement);
        }
        Map<String, Value> out = new LinkedHashMap<>();
        for (ValueInfoProto o : g.getOutputList()) {
            Value v = values.get(o.getName());
            if (v == null) throw new IllegalArgumentException("graph output '" + o.getName() + "' is not computed");
            out.put(o.getName(), v);
        }
        return out;
    }

    /**
     * Runs a fusion group as one kernel ({@link FusedGroups}) where its values allow: the members
     * as the producer's epilogue, else (the producer run on its own) as one pointwise kernel, else
     * node by node. A fused result holding NaN or ±∞ from finite inputs is recomputed node by node,
     * so that the non-finite watch names the node that made it.
     */
    private static void fused(List<NodeProto> nodes, FusionPlan.Group group, Map<String, Value> values, Set<String> known,
            Kernels k, long opset, Consumer<NonFinite> watch, RunListener listener, Placement placement) {
        NodeProto root = nodes.get(group.root().index());
        List<Value> ins = outside(nodes, group, values); // what the group reads from outside: its lowering's inputs, the watch's
        Optional<Value> v = Optional.empty();
        if (group.producer().isPresent()) {
            NodeProto p = nodes.get(group.producer().get().index());
            FusedGroups.Attached a = lowered(p, ins, listener,
                    () -> FusedGroups.attached(k, nodes, group, values, known::contains, opset));
            v = a.root();
            if (v.isEmpty()) put(values, p.getOutput(0), a.producer(), false, listener);
        }
        if (v.isEmpty() && group.members().size() >= 2)
            v = lowered(root, ins, listener, () -> FusedGroups.run(k, nodes, group, values, known::contains, opset));
        if (v.isEmpty()) {
            for (FusionPlan.Member m : group.members()) step(nodes.get(m.index()), values, known, k, opset, watch, listener, placement);
            return;
        }
        if (NonFinite.count(v.get().data()) > 0 && ins.stream().allMatch(x -> x == null || NonFinite.count(x.data()) == 0)) {
            // NaN or ±∞ from finite inputs: replay the group node by node, so the watch names the node that made it
            List<NodeProto> run = new ArrayList<>();
            group.producer().ifPresent(p -> run.add(nodes.get(p.index())));
            for (FusionPlan.Member m : group.members()) run.add(nodes.get(m.index()));
            for (NodeProto n : run) step(n, values, known, k, opset, watch, listener, placement);
            return;
        }
        put(values, root.getOutput(0), v.get(), false, listener);
    }

    /** {@code v} becomes the value of {@code name}, told to {@code listener} (null: none). */
    private static void put(Map<String, Value> values, String name, Value v, boolean constant, RunListener listener) {
        values.put(name, v);
        if (listener != null) listener.produced(name, v, constant);
    }

    /** Runs one node where {@code placement} says, its outputs added to {@code values} (and to {@code known} when they are constants). */
    private static void step(NodeProto n, Map<String, Value> values, Set<String> known, Kernels k, long opset,
            Consumer<NonFinite> watch, RunListener listener, Placement placement) {
        List<Value> ins = new ArrayList<>();
        for (String s : n.getInputList()) {
            if (s.isEmpty()) { ins.add(null); continue; }
            Value v = values.get(s);
            if (v == null) throw new IllegalArgumentException("node " + describe(n) + ": input '" + s + "' has no value");
            ins.add(v);
        }
        List<Value> outs = lowered(n, ins, listener,
                () -> NodeLowering.apply(k, n, ins, i -> i < n.getInputCount() && known.contains(n.getInput(i)), values, opset, placement));
        boolean constant = constant(n, known);
        watch(n, ins, outs, constant, watch);
        for (int j = 0; j < n.getOutputCount() && j < outs.size(); j++)
            if (!n.getOutput(j).isEmpty()) {
                put(values, n.getOutput(j), outs.get(j), constant, listener);
                if (constant) known.add(n.getOutput(j));
            }
    }

    /** {@code run}'s failures as errors naming node {@code n}. */
    /**
     * {@link #guarded}, with {@code listener} (null: none) told that {@code n} is lowered on {@code ins}
     * and of every read of a value's numbers meanwhile ({@link Reads}).
     */
    private static <T> T lowered(NodeProto n, List<Value> ins, RunListener listener, Supplier<T> run) {
        if (listener == null) return guarded(n, run);
        listener.enter(n, ins);
        Reads.begin(listener);
        try {
            return guarded(n, run);
        } finally {
            Reads.end();
            listener.exit(n);
        }
    }

    /** The values a fused group reads from outside it (its producer's inputs included), in node order. */
    private static List<Value> outside(List<NodeProto> nodes, FusionPlan.Group group, Map<String, Value> values) {
        Set<String> inside = new HashSet<>();
        for (FusionPlan.Member m : group.members()) inside.add(m.output());
        group.producer().ifPresent(p -> inside.add(p.output()));
        List<NodeProto> run = new ArrayList<>();
        group.producer().ifPresent(p -> run.add(nodes.get(p.index())));
        for (FusionPlan.Member m : group.members()) run.add(nodes.get(m.index()));
        List<Value> ins = new ArrayList<>();
        for (NodeProto n : run) for (String s : n.getInputList()) if (!s.isEmpty() && !inside.contains(s)) ins.add(values.get(s));
        return ins;
    }

    private static <T> T guarded(NodeProto n, Supplier<T> run) {
        try {
            return run.get();
        } catch (NotExpressible e) {
            throw new NotExpressible("node " + describe(n) + ": " + e.getMessage());
        } catch (OverBudget e) {
            throw e.at("node " + describe(n));
        } catch (ArithmeticException | NegativeArraySizeException e) { // a size read from the data overflowed a lowering's int arithmetic
            throw new IllegalArgumentException("node " + describe(n) + ": its sizes overflow the arithmetic of code generation ("
                    + e.getMessage() + "): too large to run", e);
        } catch (OutOfMemoryError e) { // a tensor no budget check sized: still the node's fault, not a crash
            throw new IllegalArgumentException("node " + describe(n) + ": out of memory computing it (" + e.getMessage()
                    + "); the JVM's heap is " + OverBudget.bytes(Runtime.getRuntime().maxMemory()), e);
        } catch (IndexOutOfBoundsException | NullPointerException e) {
            // a lowering read an input, output or attribute the node does not have: a malformed node
            throw new IllegalArgumentException("node " + describe(n) + ": has " + n.getInputCount() + " input(s) and "
                    + n.getAttributeCount() + " attribute(s), too few for its operator (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Tells {@code watch} of each output of {@code n} holding NaN or ±∞ when every input was finite
     * — unless the output is a constant of the model (a −∞ mask is meant) or a fill value its
     * attribute chose ({@code ConstantOfShape}).
     */
    private static void watch(NodeProto n, List<Value> ins, List<Value> outs, boolean constant, Consumer<NonFinite> watch) {
        if (constant || n.getOpType().equals("ConstantOfShape")) return;
        if (!ins.stream().allMatch(v -> v == null || NonFinite.count(v.data()) == 0)) return;
        for (int j = 0; j < n.getOutputCount() && j < outs.size(); j++) {
            long bad = NonFinite.count(outs.get(j).data());
            if (bad == 0) continue;
            double first = Arrays.stream(outs.get(j).data()).filter(d -> !Double.isFinite(d)).findFirst().orElseThrow();
            watch.accept(new NonFinite(n.getName().isEmpty() ? "(unnamed)" : n.getName(), n.getOpType(), n.getOutput(j), bad,
                    outs.get(j).size(), first));
        }
    }

    /** Ops whose outputs are not determined by their inputs (random draws). */
    private static final Set<String> RANDOM = Set.of("RandomNormal", "RandomUniform", "RandomNormalLike", "RandomUniformLike",
            "Bernoulli", "Multinomial");

    /** Whether {@code n}'s outputs are constants of the graph: a {@code Constant}, or a deterministic op of constants alone. */
    private static boolean constant(NodeProto n, Set<String> known) {
        if (n.getOpType().equals("Constant")) return true;
        if (n.getInputCount() == 0 || RANDOM.contains(n.getOpType())
                || NodeLowering.lowering(n.getDomain(), n.getOpType()) == Lowerings.CONTROL_FLOW) return false; // subgraphs may read more
        return n.getInputList().stream().allMatch(s -> s.isEmpty() || known.contains(s));
    }

    static String describe(NodeProto n) {
        return "'" + (n.getName().isEmpty() ? "(unnamed)" : n.getName()) + "' (" + n.getOpType() + ")";
    }

    /** Reads {@code input_k.pb} of a test-data folder bound to the model's inputs in order. */
    public static Map<String, Value> readInputs(ModelProto m, Path dir) {
        List<String> names = inputs(m);
        for (ValueInfoProto v : m.getGraph().getInputList())
            if (names.contains(v.getName()) && v.hasType() && !v.getType().hasTensorType())
                throw new NotExpressible("graph input '" + v.getName() + "' is not a tensor (a " + v.getType().getValueCase()
                        .name().toLowerCase().replace("_type", "") + "): only tensors run through generated C");
        Map<String, Value> out = new LinkedHashMap<>();
        for (int k = 0; k < names.size(); k++) {
            Path p = dir.resolve("input_" + k + ".pb");
            if (Files.exists(p)) out.put(names.get(k), Value.read(Model.tensor(p)).as(declaredType(m, names.get(k))));
        }
        return out;
    }

    /** The element type a graph input declares (0 when it declares none). */
    static int declaredType(ModelProto m, String input) {
        for (ValueInfoProto v : m.getGraph().getInputList())
            if (v.getName().equals(input) && v.getType().hasTensorType()) return v.getType().getTensorType().getElemType();
        return 0;
    }

    /** The outputs compared with {@code output_k.pb} of {@code dir} where present. */
    public static List<Output> compare(ModelProto m, Map<String, Value> got, Path dir) {
        List<Output> out = new ArrayList<>();
        int k = 0;
        for (Map.Entry<String, Value> e : got.entrySet()) {
            Path p = dir == null ? null : dir.resolve("output_" + k++ + ".pb");
            if (p == null || !Files.exists(p)) {
                out.add(new Output(e.getKey(), e.getValue(), e.getValue().dims(), 0, 0, TOLERANCE, false));
                continue;
            }
            // FLOAT16 and BFLOAT16 expected outputs may be stored as UINT16 bit patterns, as inputs are (readInputs)
            Value want = Value.read(Model.tensor(p)).as(declaredOutputType(m, e.getKey()));
            out.add(compare(e.getKey(), e.getValue(), want));
        }
        return out;
    }

    /** The element type graph output {@code output} declares (0 when it declares none). */
    static int declaredOutputType(ModelProto m, String output) {
        for (ValueInfoProto v : m.getGraph().getOutputList())
            if (v.getName().equals(output) && v.getType().hasTensorType()) return v.getType().getTensorType().getElemType();
        return 0;
    }

    /** {@code got} against {@code want} within {@link Tolerance#of} {@code want}'s element type. */
    static Output compare(String name, Value got, Value want) {
        double tolerance = Tolerance.of(want.type());
        if (!got.dims().equals(want.dims()))
            return new Output(name, got, want.dims(), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, tolerance, true);
        double[] g = got.data().clone(), w = want.data().clone();
        for (int i = 0; i < g.length; i++) if (Double.isNaN(g[i]) && Double.isNaN(w[i])) g[i] = w[i] = 0;
        Errors err = Errors.compare(new HostTensor(got.dims(), g),
                new HostTensor(want.dims(), w));
        return new Output(name, got, want.dims(), err.maxAbs(), err.maxRel(), tolerance, true);
    }
}
