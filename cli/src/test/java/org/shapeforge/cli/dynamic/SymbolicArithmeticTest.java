package org.shapeforge.cli.dynamic;

import static org.junit.jupiter.api.Assertions.*;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.TensorShape;
import org.shapeforge.program.dynamic.Binding;
import org.shapeforge.program.dynamic.SymbolicShapes;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * Issue 17: results in terms of the dynamic dims with arithmetic ({@code i=[n + 3]}, {@code o=[n*4]}),
 * and the closing defect "a dynamic dim concatenated with a constant": the solver keeps such a
 * concatenation as a residual equation ({@code φ = n ^ 3}); reading the closed model instead gave a
 * number ({@code b=[5]} for {@code n+4}) or {@code ?}. Each program is also bound and compared with
 * the static program of those sizes.
 */
public class SymbolicArithmeticTest {
    static Map<String, String> printed(String program) {
        Map<String, String> out = new LinkedHashMap<>();
        SymbolicShapes.of(SymbolicShapesTest.infer(program)).forEach((k, v) -> out.put(k, v.printed()));
        return out;
    }

    /** The program bound to {@code n} gives exactly the shapes of the program with {@code n} written as a number. */
    public static void bindsLikeStatic(String program, long n) {
        Inference dyn = SymbolicShapesTest.infer(program);
        Inference st = SymbolicShapesTest.infer(program.replace("dynamic n\n", "").replaceAll("\\bn\\b", Long.toString(n)));
        var bound = Binding.resolve(SymbolicShapes.of(dyn), Map.of("n", n));
        for (var e : st.shapes().entrySet()) {
            TensorShape t = e.getValue();
            String expect = "b=" + ClosedSizes.nums(t.batch()) + " i=" + ClosedSizes.nums(t.input()) + " o="
                    + ClosedSizes.nums(t.output());
            assertEquals(expect, bound.get(e.getKey()).printed(), e.getKey() + " at n=" + n);
        }
    }

    static final String CONCAT_BATCH = """
            dynamic n
            x = data(b=[n], o=[4])
            t = data(b=[3], o=[4])
            c = block(x, t, "a|->o; b|->o => a^b|->o")
            d = block(c, data(b=[1], o=[4]), "a|->o; b|->o => a^b|->o")
            """;

    @Test
    void aDynamicDimConcatenatedWithAConstantIsASum() {
        var s = printed(CONCAT_BATCH);
        assertEquals("b=[n + 3] i=[] o=[4]", s.get("c"));
        assertEquals("b=[n + 4] i=[] o=[4]", s.get("d")); // was b=[5]: the closed value of a residual n ^ 3
        bindsLikeStatic(CONCAT_BATCH, 5);
        bindsLikeStatic(CONCAT_BATCH, 1);
    }

    static final String CONCAT_CONSUMED = """
            dynamic n
            x = data(b=[2], o=[n])
            t = data(b=[2], o=[3])
            c = block(x, t, "...|->a; ...|->b => ...|->a^b")
            w = param(o=[5])
            y = w * c
            z = relu(c) + c
            """;

    @Test
    void consumersOfTheSumSeeTheSum() {
        var s = printed(CONCAT_CONSUMED);
        assertEquals("b=[2] i=[] o=[n + 3]", s.get("c"));
        assertEquals("b=[] i=[n + 3] o=[5]", s.get("w")); // was i=[?]
        assertEquals("b=[2] i=[] o=[n + 3]", s.get("z")); // was o=[?]
        bindsLikeStatic(CONCAT_CONSUMED, 7);
    }

    @Test
    void constantsFold() {
        var s = printed("""
                dynamic n
                x = data(b=[2], o=[n])
                c = block(data(b=[2], o=[1]), x, data(b=[2], o=[2]), "...|->a; ...|->b; ...|->e => ...|->a^b^e")
                """);
        assertEquals("b=[2] i=[] o=[n + 3]", s.get("c"));
    }
}
