package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import onnx.Onnx.ModelProto;
import org.shapeforge.codegen.cuda.CudaRefusal;
import org.shapeforge.codegen.run.CCompiler;

/**
 * A whole model through {@link CudaTarget} (issue 29). On a GPU every kernel runs there and the
 * model is run a second time through generated C, each output compared with C's (the same
 * {@link GraphRun#TOLERANCE}); without one every kernel is compiled only and the values are C's.
 */
public final class CudaModelRun {
    private CudaModelRun() {}

    /**
     * One model's CUDA run.
     *
     * @param result the outputs (the GPU's where it ran, C's when compile-only) and the first non-finite node
     * @param kernels one outcome per kernel, in run order
     * @param device the GPU's name, empty when compile-only
     * @param notRun why the kernels were compiled only, empty on a GPU
     * @param againstC each output of the GPU run compared with generated C's (empty when compile-only)
     * @param compilations how many kernel sources nvcc compiled (the others came from the cache)
     */
    public record Report(GraphRun.Result result, List<CudaOutcome> kernels, Optional<String> device, Optional<String> notRun,
                         List<GraphRun.Output> againstC, long compilations) {
        public Report {
            kernels = List.copyOf(kernels);
            againstC = List.copyOf(againstC);
        }

        /** How many kernels ended as {@code kind}. */
        public long count(Class<? extends CudaOutcome> kind) {
            return kernels.stream().filter(kind::isInstance).count();
        }

        /** The refused kernels by reason. */
        public Map<CudaRefusal.Reason, Long> refusals() {
            Map<CudaRefusal.Reason, Long> out = new EnumMap<>(CudaRefusal.Reason.class);
            for (CudaOutcome o : kernels)
                if (o instanceof CudaOutcome.Refused(String op, CudaRefusal r)) out.merge(r.reason(), 1L, Long::sum);
            return out;
        }

        /** Every kernel emitted and compiled (and run, on a GPU): none refused or rejected. */
        public boolean allCompiled() {
            return count(CudaOutcome.Refused.class) == 0 && count(CudaOutcome.Rejected.class) == 0;
        }

        /** On a GPU: every output within tolerance of generated C's. Vacuously true when compile-only. */
        public boolean agreesWithC() {
            return againstC.stream().allMatch(GraphRun.Output::passed);
        }
    }

    /** Runs {@code m} on {@code given} through {@code target} (and, where it has a GPU, through C too), every allocation at most {@code budget} bytes. */
    public static Report execute(ModelProto m, Map<String, Value> given, CudaTarget target, CCompiler cc, long budget) {
        long before = target.compilations();
        int from = target.outcomes().size();
        GraphRun.Result r = GraphRun.execute(m, given, new Kernels(target, budget));
        List<CudaOutcome> mine = target.outcomes().subList(from, target.outcomes().size());
        List<GraphRun.Output> againstC = new ArrayList<>();
        if (target.notRun().isEmpty()) {
            Map<String, Value> c = GraphRun.execute(m, given, new Kernels(cc, budget)).outputs();
            for (Map.Entry<String, Value> e : r.outputs().entrySet())
                againstC.add(GraphRun.compare(e.getKey(), e.getValue(), c.get(e.getKey())));
        }
        return new Report(r, mine, target.device(), target.notRun(), againstC, target.compilations() - before);
    }
}
