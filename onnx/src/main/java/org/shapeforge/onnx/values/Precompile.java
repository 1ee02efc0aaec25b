package org.shapeforge.onnx.values;

import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import onnx.Onnx.ModelProto;
import org.shapeforge.codegen.run.CCompiler;

/**
 * A model's kernels compiled before its first run, on every core at once (issue 40, "first answer
 * in seconds"). The run itself compiles each kernel when it reaches it, one gcc at a time: a
 * kernel's operation depends on the values before it only through the shapes and the small
 * integer tensors that steer later lowerings, so a dry run ({@link DryTarget}: those evaluated
 * exactly, large results stood in for by zeros) emits the same operations without running any,
 * while a pool of one worker per core runs gcc on them. The real run then finds them in the cache.
 * What the dry run cannot reach — a lowering that reads the numbers of a stood-in result (a NonZero,
 * a TopK on data) and so goes another way or fails — is compiled by the real run as before: the
 * dry run only ever saves time, and its results are never used. A warm cache is seen within the
 * first few kernels and the dry run stops ({@link DryTarget.Warm}).
 */
public final class Precompile {
    private Precompile() {}

    /**
     * Compiles {@code model}'s kernels at {@code inputs}' dims into {@code cc}'s cache with
     * {@code workers} gcc processes at a time; returns how many were compiled (0 when fewer than
     * two workers, or the cache held them).
     */
    public static int run(ModelProto model, Map<String, Value> inputs, CCompiler cc, long budget, int workers) {
        if (workers < 2) return 0;
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "shapeforge-precompile");
            t.setDaemon(true);
            return t;
        });
        DryTarget dry = new DryTarget(cc, pool);
        try {
            GraphRun.execute(model, inputs, new Kernels(dry, budget));
        } catch (RuntimeException e) {
            // a warm cache, or a lowering steered by stood-in data: the real run compiles what is left
        } finally {
            pool.shutdown();
        }
        for (Future<?> f : dry.pending()) {
            try {
                f.get();
            } catch (ExecutionException e) {
                // a kernel gcc refuses fails again, with its message, when the real run compiles it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return dry.submitted();
    }
}
