package org.shapeforge.codegen.cuda;

import java.util.List;

/**
 * A generated CUDA translation unit and the launches that run the operation, in order (an
 * initialization kernel first where Prop. 7.6(iii) requires one). Every kernel takes the
 * operation's buffers as {@code float*} parameters in tensor declaration order.
 */
public record CudaProgram(String source, List<CudaLaunch> launches) {
    public CudaProgram {
        launches = List.copyOf(launches);
    }
}
