package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.program.ProgramRun;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.pipeline.Pipeline;
import org.shapeforge.pipeline.Sized;
import org.shapeforge.program.Program;
import org.shapeforge.program.ProgramParser;

/**
 * Issue 31, "Done when": {@code run} on examples/transformer-dynamic.shp at three bindings of
 * {@code batch} and {@code seq} compiles each kernel once — every operation's kernel takes the
 * dynamic dims as parameters, the first binding compiles them, the other two find every source in
 * the cache (the compiler's counter and the cache directory agree) — and each binding still passes
 * its comparison with the reference interpreter.
 */
class SymbolicRunTest {
    @TempDir
    Path cache;

    private static ProgramRun.Report runAt(Program p, CCompiler cc, String... binds) {
        Pipeline pipeline = ProgramCode.pipeline(false);
        Sized sized = pipeline.specialize(p, BindOptions.parse(List.of(binds)));
        return pipeline.run(pipeline.project(pipeline.infer(sized.program())), sized, Map.of(), 1, cc, (i, op) -> {});
    }

    private long libraries() throws Exception {
        try (Stream<Path> s = Files.list(cache)) {
            return s.filter(f -> f.getFileName().toString().endsWith(".so")).count();
        }
    }

    @Test
    void threeBindingsCompileEachKernelOnceAndEachPasses() throws Exception {
        RunCommandTest.needsGcc();
        Path file = Path.of("../examples/transformer-dynamic.shp");
        Program p = ProgramParser.parse(file.toString(), Files.readString(file));
        CCompiler cc = new CCompiler("gcc", cache);
        ProgramRun.Report first = runAt(p, cc, "batch=2", "seq=16");
        int ops = first.results().size();
        assertEquals(33, ops);
        for (ProgramRun.KernelUse k : first.kernels()) assertTrue(k.symbolic(), k.toString());
        assertTrue(first.passed(), first.results().toString());
        long compiled = cc.compilations();
        assertEquals(ops, compiled, "one compilation per operation at the first binding");
        assertEquals(compiled + 1, libraries(), "a library per kernel and the runtime library they link");
        for (String[] b : List.of(new String[] {"batch=3", "seq=24"}, new String[] {"batch=5", "seq=8"})) {
            ProgramRun.Report r = runAt(p, cc, b);
            assertTrue(r.passed(), List.of(b) + ": " + r.results());
            assertEquals(ops, r.results().size());
            assertEquals(compiled, cc.compilations(), List.of(b) + " compiled again");
            assertEquals(compiled + 1, libraries(), List.of(b) + " added a library to the cache");
        }
    }

    /**
     * {@code infer --emit c} on the dynamic transformer writes every kernel with the sizes as
     * parameters: the files at two bindings are the same bytes; a static program's kernels stay
     * specialised ("static").
     */
    @Test
    void emitCWritesTheSameSymbolicKernelsAtEveryBinding() throws Exception {
        Path a = cache.resolve("a"), b = cache.resolve("b");
        InferCommandTest.Run ra = InferCommandTest.run("infer", "../examples/transformer-dynamic.shp", "--emit", "c", "--out",
                a.toString(), "--bind", "batch=2", "--bind", "seq=16", "--json");
        assertEquals(0, ra.code(), ra.out());
        InferCommandTest.Run rb = InferCommandTest.run("infer", "../examples/transformer-dynamic.shp", "--emit", "c", "--out",
                b.toString(), "--bind", "batch=3", "--bind", "seq=24", "--json");
        assertEquals(0, rb.code(), rb.out());
        var kernels = InferCommandTest.json(ra.out()).get("kernels");
        assertEquals(33, kernels.size(), ra.out());
        for (var k : kernels) assertTrue(k.get("symbolic").asBoolean(), k.toString());
        for (var f : InferCommandTest.json(ra.out()).get("files")) {
            Path fa = Path.of(f.asText());
            String src = Files.readString(fa);
            assertTrue(src.contains("const int64_t *restrict sf_sizes"), fa.toString());
            assertEquals(src, Files.readString(b.resolve(fa.getFileName())), fa.getFileName() + " differs between bindings");
        }
        assertTrue(Files.readString(a.resolve("scores.c")).contains("sz_seq"));
        InferCommandTest.Run st = InferCommandTest.run("infer", "../examples/mlp.shp", "--emit", "c", "--out",
                cache.resolve("s").toString(), "--json");
        assertEquals(0, st.code(), st.out());
        for (var k : InferCommandTest.json(st.out()).get("kernels")) {
            assertFalse(k.get("symbolic").asBoolean(), k.toString());
            assertEquals("static", k.get("note").asText());
        }
        assertFalse(Files.readString(cache.resolve("s").resolve("y.c")).contains("sf_sizes"));
    }

    /**
     * At {@code n = 1} the compose's batch axis broadcasts, so its loops differ from those at
     * {@code n = 2}: {@code infer --emit c} writes that kernel specialised, with the reason, not a
     * "symbolic" kernel that only holds at one size; at {@code n = 3} (and 6) it is symbolic.
     */
    @Test
    void emitCSpecialisesAKernelWhoseLoopsDependOnTheSizes() throws Exception {
        Path prog = cache.resolve("c.shp");
        Files.writeString(prog, "dynamic n\nx = data(b=[n], o=[8])\nw = param(i=[8], o=[4])\ny = w * x\n");
        InferCommandTest.Run one = InferCommandTest.run("infer", prog.toString(), "--emit", "c", "--out", cache.resolve("o").toString(),
                "--bind", "n=1", "--json");
        assertEquals(0, one.code(), one.out());
        var k = InferCommandTest.json(one.out()).get("kernels").get(0);
        assertFalse(k.get("symbolic").asBoolean(), one.out());
        assertTrue(k.get("note").asText().contains("its kernel at {n=2} is not the same source"), one.out());
        InferCommandTest.Run three = InferCommandTest.run("infer", prog.toString(), "--emit", "c", "--out", cache.resolve("t").toString(),
                "--bind", "n=3", "--json");
        assertEquals(0, three.code(), three.out());
        assertTrue(InferCommandTest.json(three.out()).get("kernels").get(0).get("symbolic").asBoolean(), three.out());
    }
}
