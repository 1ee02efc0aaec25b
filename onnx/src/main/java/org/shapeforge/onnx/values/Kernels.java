package org.shapeforge.onnx.values;

import java.util.Map;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Runs loop-IR operations through generated C: {@link CKernel} emits the C, {@link CCompiler}
 * compiles it with gcc (cached by source hash) and the FFM runner calls it. Counts the kernels run.
 */
public final class Kernels {
    private final CCompiler cc;
    private int runs;

    public Kernels(CCompiler cc) {
        this.cc = cc;
    }

    public static Kernels system() {
        return new Kernels(CCompiler.system());
    }

    HostTensor run(Operation op, Map<String, HostTensor> inputs) {
        runs++;
        return CKernel.compile(op, cc).run(inputs, Double.NaN);
    }

    /** The number of kernels run so far. */
    public int runs() {
        return runs;
    }
}
