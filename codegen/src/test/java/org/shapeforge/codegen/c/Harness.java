package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/** Generated C against the reference on seeded random inputs. */
final class Harness {
    static final double TOLERANCE = 1e-5;
    /** What an uninitialized left-hand side holds: any missing initialization shows. */
    static final double GARBAGE = 1.0e6;

    private Harness() {}

    static CCompiler compiler() {
        return CCompiler.system();
    }

    /** Random inputs for every operand, the kernel's result and the reference's, compared. */
    static Errors check(Operation op, long seed, Function<Map<String, HostTensor>, HostTensor> reference) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<String, HostTensor> in = new LinkedHashMap<>();
        for (TensorDecl t : op.tensors()) if (!t.name().equals(op.lhs().tensor())) in.put(t.name(), HostTensor.random(t.dims(), rnd));
        HostTensor got = CKernel.compile(op, compiler()).run(in, GARBAGE);
        HostTensor ref = reference.apply(in);
        Errors e = Errors.compare(got, ref);
        assertTrue(e.within(TOLERANCE), op.name() + ": " + e + " exceeds " + TOLERANCE);
        return e;
    }
}
