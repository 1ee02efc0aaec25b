package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.GeneratedOps;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.testenv.Requires;

/**
 * Kernel compilation and the kernel cache used from eight threads at once, each with its own
 * {@link CCompiler} on one cache directory (as every {@code CCompiler.system()} caller shares
 * {@code ~/.cache/shapeforge/kernels}): every thread's results equal a sequential run's bit for
 * bit, each source is compiled once in all, and the cache holds exactly one library and one source
 * per kernel, the source byte-identical to what was generated, with no temporary file left over.
 */
class ConcurrentKernelCacheTest {
    static final int THREADS = 8;
    static final int KERNELS = 3;

    @TempDir
    Path sequentialCache;

    @TempDir
    Path sharedCache;

    @Test
    void eightThreadsCompileEachKernelOnceAndComputeWhatASequentialRunComputes() throws Exception {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        SplittableRandom rnd = new SplittableRandom(38);
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < KERNELS; i++) ops.add(GeneratedOps.generate(rnd, i));
        List<Map<String, HostTensor>> inputs = ops.stream().map(op -> inputs(op, new SplittableRandom(op.name().hashCode()))).toList();

        CCompiler alone = new CCompiler("gcc", sequentialCache);
        List<double[]> expected = new ArrayList<>();
        for (int k = 0; k < KERNELS; k++) expected.add(CKernel.compile(ops.get(k), alone).run(inputs.get(k), Harness.GARBAGE).data());

        List<CCompiler> compilers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) compilers.add(new CCompiler("gcc", sharedCache));
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<double[]>>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(THREADS)) {
            for (int t = 0; t < THREADS; t++) {
                CCompiler cc = compilers.get(t);
                int first = t % KERNELS;
                results.add(pool.submit(() -> {
                    start.await();
                    List<double[]> got = new ArrayList<>(Collections.nCopies(KERNELS, new double[0]));
                    for (int i = 0; i < KERNELS; i++) {
                        int k = (first + i) % KERNELS; // threads start on different kernels and meet on each
                        got.set(k, CKernel.compile(ops.get(k), cc).run(inputs.get(k), Harness.GARBAGE).data());
                    }
                    return got;
                }));
            }
            start.countDown();
            for (int t = 0; t < THREADS; t++) {
                List<double[]> got = results.get(t).get();
                for (int k = 0; k < KERNELS; k++)
                    assertArrayEquals(expected.get(k), got.get(k), "thread " + t + ", kernel " + ops.get(k).name());
            }
        }
        long compiled = compilers.stream().mapToLong(CCompiler::compilations).sum();
        assertEquals(KERNELS, compiled, "each kernel is compiled once, however many threads ask for it");
        assertEquals(cacheEntries(KERNELS + 1), files(sharedCache), "one library and one source per kernel and the runtime's, nothing left over");
        for (Operation op : ops) {
            String source = new CEmitter(op).source();
            Path lib = compilers.getFirst().compile(source);
            Path src = lib.resolveSibling(lib.getFileName().toString().replace(".so", ".c"));
            assertEquals(source, Files.readString(src, StandardCharsets.UTF_8), "the cached source of " + op.name());
        }
    }

    private static Map<String, HostTensor> inputs(Operation op, SplittableRandom rnd) {
        Map<String, HostTensor> in = new LinkedHashMap<>();
        for (TensorDecl t : op.tensors()) if (!t.name().equals(op.lhs().tensor())) in.put(t.name(), HostTensor.random(t.dims(), rnd));
        return in;
    }

    private static List<String> cacheEntries(int kernels) {
        List<String> out = new ArrayList<>(Collections.nCopies(kernels, ".c"));
        out.addAll(Collections.nCopies(kernels, ".so"));
        return out;
    }

    /** The cache's file kinds (extension after the hash), sorted: a kernel's pair is {@code .c, .so}. */
    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).map(n -> n.substring(n.indexOf('.')))
                    .sorted().toList();
        }
    }
}
