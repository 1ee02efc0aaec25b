package org.shapeforge.project;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.program.OpKind;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Row;

/**
 * Test shorthand that builds operations by hand, as the front end will: a tensor {@code a} uses
 * the row variables {@code <a_b>}, {@code <a_i>}, {@code <a_o>}; constraints are {@code .shc}
 * lines; the closed model comes from the native solver on the whole program.
 */
final class Ops {
    private Ops() {}

    static TensorOccurrence t(String name) {
        return new TensorOccurrence(name, Row.var(name + "_b"), Row.var(name + "_i"), Row.var(name + "_o"));
    }

    static List<Constraint> cs(String... lines) {
        return Parser.parse("op.shc", String.join("\n", lines)).constraints();
    }

    static Operation op(String label, OpKind kind, String lhs, List<String> rhs, String... constraints) {
        return Operation.of(label, kind, t(lhs), rhs.stream().map(Ops::t).toList(), cs(constraints));
    }

    /** The closed model of the program: terminal shape lines plus every operation's global constraints. */
    static Assignment model(List<Operation> ops, String... terminals) {
        List<org.shapeforge.lang.Statement> all = new ArrayList<>(cs(terminals));
        for (Operation o : ops) all.addAll(o.globalConstraints());
        Outcome out = new NativeSolver().solve(new Problem("program", all), SolveOptions.defaults());
        if (out instanceof Outcome.Sat s) return s.model();
        throw new AssertionError("the program does not solve: " + out);
    }

    static Projections project(Operation op, String... terminals) {
        return ProjectionInference.project(op, model(List.of(op), terminals));
    }

    /** Closed empty batch and input rows, output row {@code [dims]}. */
    static String[] vec(String name, String dims) {
        return new String[] {"<" + name + "_b> ~ []", "<" + name + "_i> ~ []", "<" + name + "_o> ~ [" + dims + "]"};
    }

    static String[] concat(String[]... parts) {
        List<String> out = new ArrayList<>();
        for (String[] p : parts) out.addAll(List.of(p));
        return out.toArray(String[]::new);
    }
}
