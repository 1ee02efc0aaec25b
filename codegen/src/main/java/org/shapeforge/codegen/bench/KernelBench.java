package org.shapeforge.codegen.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.Buffers;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.codegen.run.OpenMp;

/**
 * {@code bench program}: the steady-state time of each operation's generated C kernel of a lowered
 * program (a transformer block's projections, attention contractions, softmax and layer norms),
 * on seeded random buffers, one kernel after the other in program order. A contraction
 * ({@link Contraction#of}: the tiled GEMM kernel) counts {@code 2·points} flops (a multiply and an
 * add per point of its product space); any other operation (the generic nest) counts one flop per
 * point, so its figure reads as points per second. The values are not compared here ({@code run}
 * does that against the reference); this is where the kernels' speed is measured.
 */
public final class KernelBench {
    private KernelBench() {}

    /** Which C path an operation takes: the contraction kernel or the generic loop nest. */
    public enum Path {
        GEMM, NEST;

        /** The path {@code op} takes in the C emitter. */
        public static Path of(Operation op) {
            return Contraction.of(op).isPresent() ? GEMM : NEST;
        }
    }

    /** One operation's figure: its label, the path it took, and the timing ({@link Measurement#problem} is the label). */
    public record Row(String operation, Path path, List<Integer> dims, Measurement timing) {
        public Row {
            dims = List.copyOf(dims);
        }
    }

    /**
     * Times every operation of {@code ir} (label → loop IR, program order): {@code reps} timed runs
     * after about 100 ms of warm-up each, OpenMP at {@code threads}.
     */
    public static List<Row> run(Map<String, Operation> ir, int reps, int threads, CCompiler cc) {
        if (reps < 1) throw new IllegalArgumentException("reps must be at least 1, got " + reps);
        List<Row> out = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(11);
        OpenMp.threads(threads); // the process's libgomp, whether or not a kernel links it
        for (var e : ir.entrySet()) {
            Operation op = e.getValue();
            CKernel k = CKernel.compile(op, cc);
            Path path = Path.of(op);
            double flops = (path == Path.GEMM ? 2.0 : 1.0) * op.space().points();
            try (Arena arena = Arena.ofConfined()) {
                Map<String, MemorySegment> bufs = new HashMap<>();
                for (TensorDecl t : op.tensors())
                    bufs.put(t.name(), Buffers.upload(t, HostTensor.random(t.dims(), rnd), 0, arena));
                MemorySegment args = k.arguments(bufs, arena);
                double[] t = Timing.time(() -> k.invoke(args), reps, 100);
                out.add(new Row(e.getKey(), path, op.tensor(op.lhs().tensor()).dims(), Measurement.of(path.name().toLowerCase(),
                        e.getKey(), flops, t, reps)));
            }
        }
        return out;
    }
}
