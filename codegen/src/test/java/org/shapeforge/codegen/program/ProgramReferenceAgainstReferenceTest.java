package org.shapeforge.codegen.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.reference.Reference;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.project.Projections;

/**
 * Issue 27: {@code run}'s reference ({@link ProgramReference}) reads the projections the lowering
 * reads too; here it is checked against {@link Reference}, which shares nothing with either (a
 * textbook matmul, NumPy broadcasting, an elementwise ReLU). An MLP layer {@code relu(w * x + b)},
 * operation by operation as {@code run} chains them, equals {@code relu(x·wᵀ + b)} computed by
 * {@link Reference} from the same inputs.
 */
class ProgramReferenceAgainstReferenceTest {
    @Test
    void anMlpLayerEqualsTheTextbookComputation() {
        ProgramGoldenTest.Compiled k = ProgramGoldenTest.compile(new ProgramGoldenTest.Case("mlp layer",
                "x = data(b=[6], o=[13])\nw = param(i=[13], o=[17])\nb = param(o=[17])\ny = relu(w * x + b)\n", 3));
        SplittableRandom rnd = new SplittableRandom(27);
        Map<String, HostTensor> state = new LinkedHashMap<>();
        for (var op : k.ops()) {
            Projections p = k.projections().operations().get(op.label());
            Map<String, HostTensor> in = new LinkedHashMap<>();
            for (int j = 0; j < op.rhs().size(); j++) {
                String name = op.rhs().get(j).name();
                var dims = ProgramReference.dims(p.rhsAxes().get(j));
                in.put(name, state.computeIfAbsent(name, n -> HostTensor.random(dims, rnd)));
            }
            state.put(op.lhs().name(), ProgramReference.run(op, p, in, state.get(op.lhs().name())));
        }
        HostTensor x = state.get("x"), w = state.get("w"), b = state.get("b"), y = state.get("y");
        assertEquals(List.of(6, 13), x.dims());
        assertEquals(List.of(17, 13), w.dims(), "a param's output axes come first");
        assertEquals(List.of(17), b.dims());
        HostTensor wt = HostTensor.zeros(List.of(13, 17));
        for (int i = 0; i < 13; i++) for (int o = 0; o < 17; o++) wt.set(w.get(o, i), i, o);
        HostTensor want = Reference.unary(v -> Math.max(0, v), Reference.broadcast(Double::sum, Reference.matmul(x, wt), b));
        Errors e = Errors.compare(y, want);
        assertTrue(e.maxRel() <= 1e-12, "the program reference against the textbook: " + e);
        assertTrue(want.maxAbs() > 0 && java.util.Arrays.stream(want.data()).anyMatch(v -> v == 0), "both ReLU branches are taken");
    }
}
