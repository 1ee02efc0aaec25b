package org.shapeforge.codegen.symbolic;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.dynamic.Fusion;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * Issue 17: a fused group's kernel takes the dynamic sizes as parameters, so one compiled library
 * runs at every size; the values are checked against the program's meaning computed here.
 */
class GroupKernelTest {
    static Inference infer(String program) {
        Inference inf = Inference.run(ProgramParser.parse("g.shp", program), new NativeSolver(), SolveOptions.defaults());
        assertTrue(inf.succeeded(), () -> inf.failure().orElseThrow().message());
        return inf;
    }

    static final String PROGRAM = """
            dynamic n
            x = data(b=[n], o=[4])
            g = param(o=[4])
            y = relu(x) *. g + x
            """;

    @Test
    void theSourceHasNoSizesAndNamesItsParameters() {
        Inference inf = infer(PROGRAM);
        Fusion.Group grp = Fusion.of(inf).groups().getFirst();
        GroupKernel k = GroupKernel.of(inf, grp);
        assertEquals(java.util.List.of("n"), k.params());
        assertEquals(java.util.List.of("x", "g"), k.inputs());
        assertTrue(k.source().contains("const int64_t sz_n = sizes[0];"), k.source());
        assertTrue(k.source().contains("v_0 = in0[i];"), k.source()); // x: the loop's own shape, the collapsed index
        assertTrue(k.source().contains("v_1 = in1[ax1];"), k.source()); // g: broadcast over n
    }

    @Test
    void oneCompilationRunsEverySize() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        Inference inf = infer(PROGRAM);
        GroupKernel k = GroupKernel.of(inf, Fusion.of(inf).groups().getFirst());
        CompiledGroup c = CompiledGroup.compile(k, CCompiler.system());
        Random rnd = new Random(17);
        float[] g = new float[4];
        for (int j = 0; j < 4; j++) g[j] = rnd.nextFloat() * 2 - 1;
        for (long n : new long[] {1, 3, 1000}) {
            float[] x = new float[(int) n * 4];
            for (int i = 0; i < x.length; i++) x[i] = rnd.nextFloat() * 2 - 1;
            Map<String, float[]> out = c.run(Map.of("n", n), Map.of("x", x, "g", g));
            float[] y = out.get("y");
            assertEquals(x.length, y.length);
            for (int i = 0; i < x.length; i++)
                assertEquals(Math.max(x[i], 0f) * g[i % 4] + x[i], y[i], 1e-6f, "n=" + n + " at " + i);
        }
        assertEquals(c.library(), CompiledGroup.compile(GroupKernel.of(infer(PROGRAM), Fusion.of(inf).groups().getFirst()),
                CCompiler.system()).library()); // same source, same library: nothing per size
    }

    @Test
    void symbolicExtentsWithArithmeticAreComputedFromTheParameters() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        Inference inf = infer("""
                dynamic n
                x = data(b=[2], o=[n])
                c = block(x, data(b=[2], o=[3]), "...|->a; ...|->b => ...|->a^b")
                y = relu(c) + c
                z = y *. y
                """);
        Fusion.Group grp = Fusion.of(inf).groups().getFirst();
        assertEquals("b=[2] i=[] o=[n + 3]", grp.shape());
        CompiledGroup k = CompiledGroup.compile(GroupKernel.of(inf, grp), CCompiler.system());
        for (long n : new long[] {1, 5}) {
            float[] cv = new float[(int) (2 * (n + 3))];
            for (int i = 0; i < cv.length; i++) cv[i] = i % 3 - 1;
            float[] z = k.run(Map.of("n", n), Map.of("c", cv)).get("z");
            assertEquals(cv.length, z.length);
            for (int i = 0; i < cv.length; i++) {
                float yv = Math.max(cv[i], 0f) + cv[i];
                assertEquals(yv * yv, z[i], 0f);
            }
        }
    }

    @Test
    void wrongInputLengthsAndNonElementwiseOpsAreRefused() {
        Inference inf = infer(PROGRAM);
        GroupKernel k = GroupKernel.of(inf, Fusion.of(inf).groups().getFirst());
        Inference soft = infer("dynamic n\nx = data(b=[n], o=[4])\ny = cumsum(relu(x))\n"); // no elementwise C lowering
        assertThrows(CodegenException.class, () -> GroupKernel.of(soft, Fusion.of(soft).groups().getFirst()));
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        CompiledGroup c = CompiledGroup.compile(k, CCompiler.system());
        assertThrows(CodegenException.class, () -> c.run(Map.of("n", 3L), Map.of("x", new float[8], "g", new float[4])));
        assertThrows(CodegenException.class, () -> c.run(Map.of(), Map.of("x", new float[8], "g", new float[4])));
    }
}
