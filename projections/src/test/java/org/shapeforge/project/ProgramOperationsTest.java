package org.shapeforge.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.OpKind;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.ShapeLogic;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/** {@link ProgramOperations}: operations of a parsed program (docs/projections.md, "From a .shp program"). */
class ProgramOperationsTest {
    static Generated gen(String text) {
        return ShapeLogic.generate(ProgramParser.parse("t.shp", text));
    }

    static Map<String, Operation> ops(String text) {
        Map<String, Operation> m = new java.util.LinkedHashMap<>();
        ProgramOperations.of(gen(text)).forEach(o -> m.put(o.label(), o));
        return m;
    }

    @Test
    void aRepeatedOperandIsTwoOccurrencesWithDistinctSlots() {
        Operation sq = ops("a = data(b=[2], o=[3])\nsq = a *. a\n").get("sq");
        assertEquals(List.of("a", "a"), sq.rhs().stream().map(TensorOccurrence::name).toList());
        String printed = sq.constraints().toString();
        assertTrue(printed.contains("_slot1_") && printed.contains("_slot2_"), printed);
        assertEquals(6, sq.constraints().size());
    }

    /**
     * The typed origin's role attributes each side of a constraint to its occurrence even when the
     * two operands are one tensor with equal literal rows (only the role can tell them apart):
     * compose's contraction is operand 1's input against operand 2's output; transpose relates
     * the result's input to the operand's output and the result's output to the operand's input.
     */
    @Test
    void rolesAttributeTheRowsOfRepeatedAndTransposedOperands() {
        Map<String, Operation> m = ops("a = data(i=[3], o=[3])\ns = a * a\nt = transpose(a)\n");
        List<String> s = m.get("s").constraints().stream().map(org.shapeforge.lang.Printer::print).toList();
        assertTrue(s.contains(le(1, AxisKind.INPUT, 2, AxisKind.OUTPUT)), s::toString);
        List<String> t = m.get("t").constraints().stream().map(org.shapeforge.lang.Printer::print).toList();
        assertTrue(t.contains(le(0, AxisKind.INPUT, 1, AxisKind.OUTPUT)), t::toString);
        assertTrue(t.contains(le(0, AxisKind.OUTPUT, 1, AxisKind.INPUT)), t::toString);
    }

    private static String le(int lower, AxisKind lk, int upper, AxisKind uk) {
        return org.shapeforge.lang.Printer.print(new Constraint.RowLe(Operation.slot(lower, lk), Operation.slot(upper, uk),
                org.shapeforge.lang.Span.NONE));
    }

    @Test
    void templatesPartitionTheGlobalConstraintsOfOperations() {
        Generated g = gen("x = data(b=[4], o=[3])\nw = param(o=[5])\ny = relu(w * x) + x *. x\n");
        List<Operation> ops = ProgramOperations.of(g);
        // execution order: an operation comes after the operations defining its operands (_t1 = relu(_t2))
        assertEquals(List.of("_t2", "_t1", "_t3", "y"), ops.stream().map(Operation::label).toList());
        int n = 0;
        for (Operation op : ops) {
            for (Constraint c : op.globalConstraints()) assertTrue(g.constraints().contains(c));
            n += op.constraints().size();
        }
        assertEquals(g.constraints().size(), n, "every constraint but terminals' belongs to exactly one operation");
    }

    @Test
    void einsumDigitsArePinnedAndSlicesExternal() {
        Operation f = ops("a = data(o=[3, 4])\ny = permute(a, \"1j=>j\")\n").get("y");
        assertEquals(List.of(new Index.Fixed(1)), List.copyOf(f.pins().values()));
        assertEquals(OpKind.PERMUTE, f.kind());
        Operation s = ops("a = data(b=[4], o=[3])\ny = slice(a, 4)\n").get("y");
        assertTrue(s.pins().values().iterator().next() instanceof Index.External, s.pins().toString());
    }

    @Test
    void anExtraAssignmentIsNonErasingAndFoldsIntoItsTarget() {
        String text = "a = data(o=[3])\nb = data(o=[3])\ny = relu(a)\ny := b\n";
        Map<String, Operation> m = ops(text);
        Operation upd = m.get("y:=@t.shp:4");
        assertFalse(upd.erasing());
        assertEquals(OpKind.ASSIGN, upd.kind());
        Inference inf = Inference.run(ProgramParser.parse("t.shp", text), new NativeSolver(), SolveOptions.defaults());
        Projections p = ProgramOperations.project(inf).operations().get("y:=@t.shp:4");
        assertFalse(p.initialize(), "a non-erasing operation never initializes");
        assertTrue(m.get("y").erasing());
    }

    @Test
    void stackingIsOneUnsqueezePerOperandAndOneBlock() {
        Map<String, Operation> m = ops("a = data(o=[3])\nb = data(o=[3])\ny = stack_out(a, b)\n");
        assertEquals(3, m.size());
        assertEquals(OpKind.STACK, m.get("y").kind());
        assertEquals(2, m.get("y").rhs().size());
    }
}
