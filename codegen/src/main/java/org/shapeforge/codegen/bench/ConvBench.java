package org.shapeforge.codegen.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.Buffers;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * {@code bench conv}: a 2-D convolution through the generic C nest (no im2col, no contraction
 * kernel): {@code batch × cin → cout} channels over {@code size × size}, 3×3 kernel, padded
 * (margins in the input buffer) or valid, stride 1. Flops: {@code 2·batch·cout·out²·cin·9}.
 */
public final class ConvBench {
    private ConvBench() {}

    public record Shape(int batch, int cin, int cout, int size, int kernel, int stride, boolean padded) {
        String describe() {
            return batch + "x" + cin + "x" + size + "x" + size + " * " + cout + "x" + cin + "x" + kernel + "x" + kernel
                    + (padded ? " padded" : " valid") + " stride " + stride;
        }
    }

    public static Measurement run(Shape s, int reps, CCompiler cc) {
        Ops.Window w = new Ops.Window(s.kernel(), s.stride(), 1, s.padded());
        Operation op = Ops.conv(s.batch(), s.cin(), s.cout(), List.of(s.size(), s.size()), List.of(w, w));
        CKernel k = CKernel.compile(op, cc);
        TensorDecl y = op.tensor("y");
        double flops = 2.0 * y.size() * s.cin() * s.kernel() * s.kernel();
        SplittableRandom rnd = new SplittableRandom(7);
        try (Arena arena = Arena.ofConfined()) {
            Map<String, MemorySegment> bufs = new HashMap<>();
            for (TensorDecl t : op.tensors())
                bufs.put(t.name(), Buffers.upload(t, t.name().equals("y") ? null : HostTensor.random(t.dims(), rnd), 0, arena));
            MemorySegment args = k.arguments(bufs, arena);
            int r = reps > 0 ? reps : 7;
            double[] t = Timing.time(() -> k.invoke(args), r, 300);
            return Measurement.of("generated C", s.describe(), flops, t, r);
        }
    }
}
