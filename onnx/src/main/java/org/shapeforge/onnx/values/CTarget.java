package org.shapeforge.onnx.values;

import java.util.Map;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Generated C: {@link CKernel} emits it, {@code cc} compiles it with gcc (cached by source hash),
 * and the FFM runner calls it in-process. The default target, and the host side of
 * {@link CudaTarget} where no GPU is present.
 */
public record CTarget(CCompiler cc) implements KernelTarget {
    @Override
    public HostTensor run(Operation op, Map<String, HostTensor> inputs) {
        return CKernel.compile(op, cc).run(inputs, Double.NaN);
    }
}
