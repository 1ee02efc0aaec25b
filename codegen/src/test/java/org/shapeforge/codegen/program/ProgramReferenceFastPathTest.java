package org.shapeforge.codegen.program;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.project.Projections;

/**
 * {@link ProgramReference}'s fast path ({@link StridedReference}) against its general path, on the
 * golden programs (ProgramGoldenTest) and a few larger ones: the same values bit for bit, run on
 * the calling thread and cut into parallel chunks (every operation split, {@code parallelMin = 0}).
 * Each operation reads the general path's values of the operation before it (as {@code run} does).
 */
class ProgramReferenceFastPathTest {

    static Stream<ProgramGoldenTest.Case> cases() {
        return Stream.concat(ProgramGoldenTest.cases(), Stream.of(
                new ProgramGoldenTest.Case("attention-like, reduction innermost and outermost",
                        "q = data(b=[3, 7], o=[2, 5])\nk = data(b=[3, 9], o=[2, 5])\n"
                                + "s = einsum(q, k, \"b,s|->h,d; b,t|->h,d => b,s|->h,t\")\n"
                                + "y = softmax(s, \"b,s|->h,t => b,s|->h\")\n", 5),
                new ProgramGoldenTest.Case("mlp layer with accumulation",
                        "x = data(b=[6], o=[13])\nw = param(i=[13], o=[17])\nb = param(o=[17])\n"
                                + "y = relu(w * x + b)\n", 3)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theFastPathEqualsTheGeneralPathExactly(ProgramGoldenTest.Case c) {
        ProgramGoldenTest.Compiled k = ProgramGoldenTest.compile(c);
        SplittableRandom rnd = new SplittableRandom(11);
        Map<String, HostTensor> state = new LinkedHashMap<>();
        for (var op : k.ops()) {
            Projections p = k.projections().operations().get(op.label());
            Map<String, HostTensor> in = new LinkedHashMap<>();
            for (int j = 0; j < op.rhs().size(); j++) {
                String name = op.rhs().get(j).name();
                var dims = ProgramReference.dims(p.rhsAxes().get(j));
                in.put(name, state.computeIfAbsent(name, n -> HostTensor.random(dims, rnd)));
            }
            HostTensor before = state.get(op.lhs().name());
            HostTensor general = ProgramReference.runGeneral(op, p, in, before);
            for (long parallelMin : new long[] {Long.MAX_VALUE, 0}) {
                HostTensor fast = ProgramReference.runStrided(op, p, in, before, parallelMin);
                assertNotNull(fast, c.name() + " " + op.label() + ": no Concat, so the fast path applies");
                assertEquals(general.dims(), fast.dims());
                assertArrayEquals(general.data(), fast.data(), 0.0, c.name() + " " + op.label() + " parallelMin " + parallelMin);
            }
            assertArrayEquals(general.data(), ProgramReference.run(op, p, in, before).data(), 0.0);
            state.put(op.lhs().name(), general);
        }
    }
}
