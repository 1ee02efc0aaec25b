package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.GeneratedOps;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.reference.LoopIrSemantics;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * The C emitter's lowering (loop plan, OpenMP loops, initialization, Concat blocks and absence,
 * margins, addressing) against the IR's own meaning ({@link LoopIrSemantics}) on generated operations.
 */
class EmittedCMatchesLoopIrSemanticsTest {

    @Test
    void generatedOperationsAgree() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        SplittableRandom rnd = new SplittableRandom(2024);
        int concats = 0;
        for (int i = 0; i < 40; i++) {
            Operation op = GeneratedOps.generate(rnd, i);
            if (op.space().factors().stream().anyMatch(f -> f instanceof org.shapeforge.codegen.ir.Factor.Concat)) concats++;
            Map<String, HostTensor> in = new LinkedHashMap<>();
            for (TensorDecl t : op.tensors()) in.put(t.name(), HostTensor.random(t.dims(), rnd));
            boolean givenLhs = !op.update().initializeNeutral();
            if (!givenLhs) in.remove(op.lhs().tensor());
            HostTensor got = CKernel.compile(op, Harness.compiler()).run(in, Harness.GARBAGE);
            HostTensor want = LoopIrSemantics.run(op, in);
            Errors e = Errors.compare(got, want);
            assertTrue(e.within(1e-5), op + "\n" + e + "\n" + new CEmitter(op).source().substring(CEmitter.prologue().length()));
        }
        assertTrue(concats >= 5, "too few Concat cases: " + concats);
    }
}
