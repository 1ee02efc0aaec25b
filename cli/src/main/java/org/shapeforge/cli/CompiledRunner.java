package org.shapeforge.cli;

import java.util.Map;
import java.util.OptionalInt;
import onnx.Onnx.ModelProto;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.onnx.values.plan.CompiledModel;

/**
 * {@link ModelRunner} by a compiled model ({@link CompiledModel}, issue 29): preparing records one
 * interpreted run (fusion included) and plans its replay — kernels compiled once, constants
 * uploaded once, native buffers allocated once; the steady-state run writes the inputs, invokes
 * the kernels in order and reads the outputs. Where some nodes depend on data-dependent values (a
 * NonZero, an If on data, a read of the data in Java) those nodes alone are interpreted at every run
 * and the rest replayed (a partial model, TopK and the gathers of that remainder computed on the
 * host); a model with nothing to replay before them, or whose segments cannot be cut, is
 * interpreted whole — {@link CompiledModel#mode} and {@link CompiledModel#interpreted} say which. The
 * kernel count is the kernels invoked per run, both segments together. The fused-group count is
 * the recorded run's. Closing the prepared model frees the compiled model's native buffers; its
 * kernels' libraries are unloaded once nothing reaches them.
 */
final class CompiledRunner implements ModelRunner {
    private final CCompiler cc;

    CompiledRunner(CCompiler cc) {
        this.cc = cc;
    }

    CompiledRunner() {
        this(CCompiler.system());
    }

    @Override
    public Prepared prepare(ModelProto model, Map<String, Value> inputs, int threads) {
        Kernels kernels = new Kernels(cc).threads(threads);
        int before = kernels.fusedGroups();
        CompiledModel compiled = CompiledModel.compile(model, inputs, kernels).threads(threads);
        OptionalInt groups = OptionalInt.of(kernels.fusedGroups() - before);
        return new Prepared() {
            @Override
            public Outcome run(Map<String, Value> in) {
                return new Outcome(compiled.run(in), compiled.kernels(), groups);
            }

            @Override
            public void close() {
                compiled.close();
            }
        };
    }

    @Override
    public long compilations() {
        return cc.compilations();
    }
}
