package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.reference.LoopIrSemantics;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.testenv.Requires;

/**
 * A nest with a few reduction points per cell at unit stride (a padded 3×3 pooling window) folds
 * each cell in a register ({@code CEmitter}'s tap nest: no initialization pass, the window
 * unrolled, one store per cell) and computes the reference's values exactly — the same folds in
 * the same order; a strided window, or a window past {@code MAX_TAPS} points, keeps the nest.
 */
class TapsInRegistersTest {
    private static boolean taps(Operation op) {
        String body = new CEmitter(op).source().substring(CEmitter.prologue().length());
        return body.contains("#pragma GCC unroll " + CEmitter.MAX_TAPS) && !body.contains("i_init");
    }

    @Test
    void aUnitStrideWindowFoldsInARegisterAndTheOthersKeepTheNest() {
        Ops.Window w3 = new Ops.Window(3, 1, 1, true), s2 = new Ops.Window(3, 2, 1, true), w9 = new Ops.Window(9, 1, 1, true);
        assertTrue(taps(Ops.maxPool(2, 8, List.of(20, 20), List.of(w3, w3))), "3x3, stride 1");
        assertFalse(taps(Ops.maxPool(2, 8, List.of(20, 20), List.of(s2, s2))), "stride 2: gathers along the cells");
        assertFalse(taps(Ops.maxPool(2, 8, List.of(20, 20), List.of(w9, w9))), "81 points per cell");
    }

    @Test
    void theRegisterFoldIsTheReferenceBitForBit() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        Ops.Window w3 = new Ops.Window(3, 1, 1, true);
        Operation op = Ops.maxPool(2, 8, List.of(21, 19), List.of(w3, w3));
        SplittableRandom rnd = new SplittableRandom(11);
        Map<String, HostTensor> in = new LinkedHashMap<>();
        for (TensorDecl t : op.tensors()) if (!t.name().equals(op.lhs().tensor())) in.put(t.name(), HostTensor.random(t.dims(), rnd));
        HostTensor got = CKernel.compile(op, CCompiler.system()).run(in, Harness.GARBAGE);
        assertArrayEquals(LoopIrSemantics.run(op, in).data(), got.data(), 0.0);
    }
}
