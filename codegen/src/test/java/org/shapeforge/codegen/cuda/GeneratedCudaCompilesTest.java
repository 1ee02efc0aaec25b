package org.shapeforge.codegen.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.GeneratedOps;
import org.shapeforge.codegen.ir.Operation;

/**
 * Generated operations' CUDA compiles and assembles for sm_90; none is refused (a non-separating
 * iterator, which the emitter once refused, is a loop inside the thread).
 */
class GeneratedCudaCompilesTest {
    @TempDir
    Path dir;

    @Test
    void generatedOperationsCompile() {
        Assumptions.assumeTrue(PtxCompiler.available(), "nvcc/ptxas not on PATH: generated CUDA cannot be compiled here");
        SplittableRandom rnd = new SplittableRandom(90);
        int compiled = 0;
        for (int i = 0; i < 8; i++) {
            Operation op = GeneratedOps.generate(rnd, i);
            assertEquals(Optional.empty(), CudaRefusal.of(op), op::toString);
            CudaProgram p = new CudaEmitter(op).program();
            String ptx = new PtxCompiler(dir).compile("gen" + i, p.source());
            for (CudaLaunch l : p.launches()) assertTrue(ptx.contains(".entry " + l.kernel() + "("), p.source());
            compiled++;
        }
        assertEquals(8, compiled);
    }

    /** Every unary operation's CUDA intrinsic (the emitter's table, the prologue's macros) compiles for sm_90. */
    @Test
    void everyUnaryIntrinsicCompiles() {
        Assumptions.assumeTrue(PtxCompiler.available(), "nvcc/ptxas not on PATH: generated CUDA cannot be compiled here");
        for (org.shapeforge.codegen.ir.UnOp u : org.shapeforge.codegen.ir.UnOp.values()) {
            CudaProgram p = new CudaEmitter(org.shapeforge.codegen.ir.Ops.unary(u, java.util.List.of(64))).program();
            String ptx = new PtxCompiler(dir).compile("un_" + u.name().toLowerCase(), p.source());
            for (CudaLaunch l : p.launches()) assertTrue(ptx.contains(".entry " + l.kernel() + "("), u + ":\n" + p.source());
        }
    }
}
