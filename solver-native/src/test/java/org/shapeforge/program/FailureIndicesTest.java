package org.shapeforge.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Printer;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * A program's failure names its constraints by index into the generated constraints, and a
 * hidden dimension names the parameter's row variable (typed data: issue 30), so the diagnosis
 * reads origins by index and never the message.
 */
class FailureIndicesTest {
    static Inference infer(String text) {
        return Inference.run(ProgramParser.parse("t.shp", text), new NativeSolver(), SolveOptions.defaults());
    }

    @Test
    void aHiddenDimensionNamesItsRowVariableAndTheConstraintsOverIt() {
        Inference inf = infer("x = data(b=[32], o=[784])\nw1 = param()\nh = relu(w1 * x)\nw2 = param(o=[10])\ny = w2 * h\n");
        Solution.Failed f = assertInstanceOf(Solution.Failed.class, inf.solution());
        assertEquals(Optional.of("w1'o"), f.hiddenRow());
        BitSet involved = f.constraints();
        assertTrue(involved.cardinality() > 0);
        for (int i = involved.nextSetBit(0); i >= 0; i = involved.nextSetBit(i + 1))
            assertTrue(Printer.print(inf.generated().constraints().get(i)).contains("<w1'o>"), () -> "constraint " + involved);
        assertTrue(inf.failure().orElseThrow().message().contains("parameter 'w1' in `w1 = param()` has a hidden dimension"));
    }

    @Test
    void aBroadcastMismatchNamesBothOperandsConstraintsByIndex() {
        Inference inf = infer("a = data(o=[3])\nb = data(o=[4])\ny = a + b\n");
        Solution.Failed f = assertInstanceOf(Solution.Failed.class, inf.solution());
        assertEquals(Optional.empty(), f.hiddenRow());
        List<Origin> origins = new ArrayList<>();
        BitSet involved = f.constraints();
        for (int i = involved.nextSetBit(0); i >= 0; i = involved.nextSetBit(i + 1)) origins.add(inf.generated().origins().get(i));
        assertEquals(List.of(new Role.Argument(1), new Role.Argument(2)), origins.stream().map(Origin::role).toList());
        assertTrue(origins.stream().allMatch(o -> o.op() == OpKind.POINTWISE && o.axis() == Kind.OUTPUT), origins::toString);
        assertEquals(origins, inf.failure().orElseThrow().origins());
    }
}
