package org.shapeforge.codegen.cuda;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shapeforge.codegen.Catalogue;

/** Every catalogue operation's CUDA compiles with {@code nvcc -ptx -arch=sm_90} and assembles with {@code ptxas -arch=sm_90}. */
class CudaCompilesTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void needsNvcc() {
        Assumptions.assumeTrue(PtxCompiler.available(), "nvcc/ptxas not on PATH: generated CUDA cannot be compiled here");
    }

    static Stream<Catalogue.Case> ops() {
        return Catalogue.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ops")
    void compilesToPtxAndAssembles(Catalogue.Case c) {
        CudaProgram p = new CudaEmitter(c.op()).program();
        String ptx = new PtxCompiler(dir).compile(c.name(), p.source());
        for (CudaLaunch l : p.launches())
            assertTrue(ptx.contains(".entry " + l.kernel() + "("), "PTX lacks entry " + l.kernel() + "\n" + p.source());
    }
}
