package org.shapeforge.cli;

import java.util.Map;
import java.util.OptionalInt;
import onnx.Onnx.ModelProto;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;

/**
 * {@link ModelRunner} by today's interpreter: every run is {@link GraphRun#execute} — each node
 * lowered to loop IR, its C found in the compiler's cache (by source hash) and called through FFM —
 * with one {@link Kernels} kept across runs. Preparing sets the kernels' OpenMP threads
 * ({@link Kernels#threads}) and runs the model once, so that every kernel is compiled before the
 * steady-state runs. No fusion: no fused-group count is reported.
 */
final class GraphRunRunner implements ModelRunner {
    private final CCompiler cc;

    GraphRunRunner(CCompiler cc) {
        this.cc = cc;
    }

    GraphRunRunner() {
        this(CCompiler.system());
    }

    @Override
    public Prepared prepare(ModelProto model, Map<String, Value> inputs, int threads) {
        Kernels kernels = new Kernels(cc).threads(threads);
        Prepared p = in -> {
            int before = kernels.runs();
            GraphRun.Result r = GraphRun.execute(model, in, kernels);
            return new Outcome(r.outputs(), kernels.runs() - before, OptionalInt.empty());
        };
        p.run(inputs);
        return p;
    }

    @Override
    public long compilations() {
        return cc.compilations();
    }
}
