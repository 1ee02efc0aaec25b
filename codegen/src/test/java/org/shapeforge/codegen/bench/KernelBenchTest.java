package org.shapeforge.codegen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.run.CCompiler;

/**
 * {@link KernelBench}: one row per operation in program order, the path each takes, and the flops
 * each figure is computed from (a contraction's multiply and add per point, one per point otherwise).
 */
class KernelBenchTest {
    @Test
    void rowsFollowTheProgramAndCountFlopsByPath() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        Map<String, Operation> ir = new LinkedHashMap<>();
        ir.put("mm", Ops.matmul(20, 30, 40));
        ir.put("mean", Ops.reduce(BinOp.ADD, List.of(6, 50), List.of(1)));
        List<KernelBench.Row> rows = KernelBench.run(ir, 3, 1, CCompiler.system());
        assertEquals(List.of("mm", "mean"), rows.stream().map(KernelBench.Row::operation).toList());
        assertEquals(List.of(KernelBench.Path.GEMM, KernelBench.Path.NEST), rows.stream().map(KernelBench.Row::path).toList());
        assertEquals(2.0 * 20 * 30 * 40, rows.get(0).timing().flops());
        assertEquals(6.0 * 50, rows.get(1).timing().flops());
        assertEquals(List.of(20, 40), rows.get(0).dims());
        for (KernelBench.Row r : rows) assertTrue(r.timing().ok() && r.timing().medianMillis() >= 0 && r.timing().reps() == 3, r.toString());
        assertThrows(IllegalArgumentException.class, () -> KernelBench.run(ir, 0, 1, CCompiler.system()));
    }
}
