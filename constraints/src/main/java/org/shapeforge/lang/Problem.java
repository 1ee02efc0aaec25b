package org.shapeforge.lang;

import java.util.List;

/** A parsed {@code .shc} file: its name and statements in source order. */
public record Problem(String file, List<Statement> statements) {
    public Problem {
        statements = List.copyOf(statements);
    }

    public List<Constraint> constraints() {
        return statements.stream().filter(s -> s instanceof Constraint).map(s -> (Constraint) s).toList();
    }

    public List<Declaration> declarations() {
        return statements.stream().filter(s -> s instanceof Declaration).map(s -> (Declaration) s).toList();
    }

    public List<Expectation> expectations() {
        return statements.stream().filter(s -> s instanceof Expectation).map(s -> (Expectation) s).toList();
    }

    /** The same problem with only the constraints and declarations (what solvers consume). */
    public Problem withoutExpectations() {
        return new Problem(file, statements.stream().filter(s -> !(s instanceof Expectation)).toList());
    }
}
