package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        RunSizes.Resolved sized = RunSizes.resolve(p, List.of(binds));
        ProgramCode.Projected pr = ProgramCode.project(sized.program());
        return ProgramRun.run(pr.operations(), pr.projections(), Map.of(), 1, cc, (i, op) -> {}, ProgramCode.symbolic(p, sized));
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
        assertEquals(compiled, libraries());
        for (String[] b : List.of(new String[] {"batch=3", "seq=24"}, new String[] {"batch=5", "seq=8"})) {
            ProgramRun.Report r = runAt(p, cc, b);
            assertTrue(r.passed(), List.of(b) + ": " + r.results());
            assertEquals(ops, r.results().size());
            assertEquals(compiled, cc.compilations(), List.of(b) + " compiled again");
            assertEquals(compiled, libraries(), List.of(b) + " added a library to the cache");
        }
    }
}
