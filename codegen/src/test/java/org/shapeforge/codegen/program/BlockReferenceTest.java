package org.shapeforge.codegen.program;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.project.ProgramOperations;
import org.shapeforge.project.ProgramProjections;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * The reference's general path on {@code block(...)}: the result is the operands laid one after
 * the other along the concatenated axis, exactly (a sum of one present part per cell), checked
 * value by value against the inputs, not against the generated code. Issue 27: a 3,000-operand
 * block was quadratic (past 5 minutes); now linear in the number of operands, it finishes here.
 */
class BlockReferenceTest {

    /** {@code y = block(x0, …, x(n-1), "a0|->o; …; a(n-1)|->o => a0^…^a(n-1)|->o")}, each {@code xj} of batch {@code [rows(j)]}. */
    static String program(int n, java.util.function.IntUnaryOperator rows) {
        StringBuilder p = new StringBuilder();
        for (int j = 0; j < n; j++) p.append("x").append(j).append(" = data(b=[").append(rows.applyAsInt(j)).append("], o=[3])\n");
        String operands = IntStream.range(0, n).mapToObj(j -> "x" + j).collect(Collectors.joining(", "));
        String spec = IntStream.range(0, n).mapToObj(j -> "a" + j + "|->o").collect(Collectors.joining("; ")) + " => "
                + IntStream.range(0, n).mapToObj(j -> "a" + j).collect(Collectors.joining("^")) + "|->o";
        p.append("y = block(").append(operands).append(", \"").append(spec).append("\")\n");
        return p.toString();
    }

    /** Runs the block operation through the reference on seeded inputs; checks y = x0 ++ x1 ++ … row by row. */
    static void blockIsConcatenation(int n, java.util.function.IntUnaryOperator rows) {
        Inference inf = Inference.run(ProgramParser.parse("block" + n + ".shp", program(n, rows)), new NativeSolver(),
                SolveOptions.defaults());
        assertTrue(inf.succeeded(), () -> "block of " + n + ": " + inf.failure());
        List<org.shapeforge.project.Operation> ops = ProgramOperations.of(inf.generated());
        ProgramProjections pp = ProgramOperations.project(inf);
        var op = ops.stream().filter(o -> o.lhs().name().equals("y")).findFirst().orElseThrow();
        var p = pp.operations().get(op.label());
        SplittableRandom rnd = new SplittableRandom(7);
        Map<String, HostTensor> in = new LinkedHashMap<>();
        for (int j = 0; j < op.rhs().size(); j++)
            in.put(op.rhs().get(j).name(), HostTensor.random(ProgramReference.dims(p.rhsAxes().get(j)), rnd));
        HostTensor y = ProgramReference.run(op, p, in, null);
        int total = IntStream.range(0, n).map(rows).sum();
        assertEquals(List.of(total, 3), y.dims());
        int row = 0;
        for (int j = 0; j < n; j++) {
            HostTensor x = in.get("x" + j);
            assertEquals(List.of(rows.applyAsInt(j), 3), x.dims(), "x" + j);
            for (int r = 0; r < rows.applyAsInt(j); r++, row++)
                for (int c = 0; c < 3; c++) assertEquals(x.get(r, c), y.get(row, c), 0.0, "y[" + row + "," + c + "] from x" + j);
        }
        assertEquals(total, row);
    }

    @Test
    void aBlockOfThreeUnequalPartsIsTheirConcatenation() {
        blockIsConcatenation(3, j -> j + 1);
    }

    @Test
    void aBlockOfThreeThousandOperandsIsTheirConcatenation() {
        blockIsConcatenation(3000, j -> 1 + j % 2);
    }

    @Test
    void theGeneralPathEqualsTheStridedPathWithoutConcat() {
        // a permute through both paths: the rewrite of the general path keeps its values bit for bit
        String prog = "a = data(b=[2], o=[3, 4])\ny = permute(a, \"b|ij=>b|ji\")\n";
        Inference inf = Inference.run(ProgramParser.parse("p.shp", prog), new NativeSolver(), SolveOptions.defaults());
        var op = ProgramOperations.of(inf.generated()).getFirst();
        var p = ProgramOperations.project(inf).operations().get(op.label());
        HostTensor a = HostTensor.random(ProgramReference.dims(p.rhsAxes().getFirst()), new SplittableRandom(1));
        Map<String, HostTensor> in = Map.of(op.rhs().getFirst().name(), a);
        HostTensor general = ProgramReference.runGeneral(op, p, in, null);
        HostTensor strided = ProgramReference.runStrided(op, p, in, null, Long.MAX_VALUE);
        assertArrayEquals(strided.data(), general.data());
        assertEquals(a.get(1, 2, 3), general.get(1, 3, 2), 0.0);
    }
}
