package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.shapeforge.codegen.c.CEmitter;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.reference.LoopIrSemantics;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.HostTensor;

/**
 * The target of {@link Precompile}'s dry run: each operation's C handed to {@code pool} to be
 * compiled into the cache ({@code cc}), and a stand-in result returned at once so the lowering of
 * the next nodes goes on while gcc works — the exact one for a small operation (at most
 * {@link #EXACT_POINTS} points, evaluated by {@link LoopIrSemantics}: the shape arithmetic that
 * steers later lowerings is exact), zeros for a large one. A stand-in is never an answer: nothing
 * the dry run computes is kept but the compiled libraries. Past {@link #WARM_PROBE} operations all
 * found in the cache the run stops ({@link Warm}): the model's kernels are cached.
 */
final class DryTarget implements KernelTarget {
    /** The most points an operation may have to be evaluated exactly by the reference semantics. */
    static final long EXACT_POINTS = 1L << 14;

    /** After this many operations found in the cache, none compiled, the dry run stops. */
    static final int WARM_PROBE = 6;

    /** Thrown to stop the dry run: the first {@link #WARM_PROBE} kernels were all cached. */
    static final class Warm extends RuntimeException {
        Warm() {
            super("the kernel cache holds this model's kernels", null, false, false);
        }
    }

    private final CCompiler cc;
    private final ExecutorService pool;
    private final List<Future<?>> pending = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();
    private int cached, submitted;

    DryTarget(CCompiler cc, ExecutorService pool) {
        this.cc = cc;
        this.pool = pool;
    }

    CCompiler cc() {
        return cc;
    }

    /** The compilations handed to the pool so far. */
    List<Future<?>> pending() {
        return pending;
    }

    @Override
    public HostTensor run(Operation op, Map<String, HostTensor> inputs) {
        String source = new CEmitter(op).source();
        if (seen.add(source)) {
            if (cc.cached(source)) cached++;
            else {
                submitted++;
                pending.add(pool.submit(() -> cc.compile(source)));
            }
            if (submitted == 0 && cached >= WARM_PROBE) throw new Warm();
        }
        if (op.space().points() <= EXACT_POINTS) return LoopIrSemantics.run(op, inputs);
        TensorDecl lhs = op.tensor(op.lhs().tensor());
        return HostTensor.zeros(lhs.dims());
    }

    /** How many distinct kernels were handed to the compiler. */
    int submitted() {
        return submitted;
    }
}
