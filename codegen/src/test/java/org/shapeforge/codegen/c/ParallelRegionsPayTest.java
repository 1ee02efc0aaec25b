package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.UnOp;

/**
 * A kernel gets an OpenMP parallel region only when its work reaches {@link ParallelWork#THRESHOLD}
 * (issue 29: at 2 threads, regions around microseconds of work made the small networks slower):
 * work is points times the body's operations for a loop nest, multiply-adds for a contraction.
 */
class ParallelRegionsPayTest {

    private static boolean parallel(Operation op) {
        String src = new CEmitter(op).source(); // a contraction asks the runtime's GEMM for its region
        return src.contains("#pragma omp parallel") || src.contains(".parallel = 1,");
    }

    @Test
    void tinyKernelsHaveNoParallelRegion() {
        assertFalse(parallel(Ops.unary(UnOp.RELU, List.of(4, 8))));
        assertFalse(parallel(Ops.broadcast(BinOp.ADD, List.of(64, 512), List.of(512))), "32 k points of 3 operations: 1–2 µs");
        assertFalse(parallel(Ops.matmul(32, 32, 32)), "a 32-cube GEMM: 32 k multiply-adds");
        assertFalse(parallel(Ops.conv(1, 8, 8, List.of(8, 8), List.of(new Ops.Window(3, 1, 1, true), new Ops.Window(3, 1, 1, true)))));
    }

    @Test
    void bigKernelsHaveOne() {
        assertTrue(parallel(Ops.unary(UnOp.RELU, List.of(1024, 1024))));
        assertTrue(parallel(Ops.broadcast(BinOp.ADD, List.of(1024, 512), List.of(512))));
        assertTrue(parallel(Ops.matmul(128, 128, 128)), "2 M multiply-adds");
        assertTrue(parallel(Ops.conv(2, 32, 32, List.of(32, 32), List.of(new Ops.Window(3, 1, 1, true), new Ops.Window(3, 1, 1, true)))));
    }

    /** The body's cost counts: the same points pay with a costlier body (read, read, add: 3 per point; read, relu: 2). */
    @Test
    void theBodysCostCountsNotOnlyThePoints() {
        int points = (int) (ParallelWork.THRESHOLD / 3) + 1024;
        assertTrue(parallel(Ops.broadcast(BinOp.ADD, List.of(points), List.of(points))), "3 operations a point reach the threshold");
        assertFalse(parallel(Ops.unary(UnOp.RELU, List.of(points))), "2 operations a point stay below it");
    }
}
