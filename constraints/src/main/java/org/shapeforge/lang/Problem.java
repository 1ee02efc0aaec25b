package org.shapeforge.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A parsed {@code .shc} file: its name and statements in source order. Immutable; the constraints,
 * declarations and expectations are split out once, when the problem is made — solvers ask for
 * {@link #constraints()} several times per solve, and re-filtering a million statements each time
 * cost tens of milliseconds per call at that size (issue 12). A value class with a record's
 * contract: equality and hash code are the file name's and the statements'.
 */
public final class Problem {
    private final String file;
    private final List<Statement> statements;
    private final List<Constraint> constraints;
    private final List<Declaration> declarations;
    private final List<Expectation> expectations;
    /** The symbol table when the problem was interned ({@link Interning}); not part of the value. */
    private final Symbols symbols;

    public Problem(String file, List<Statement> statements) {
        this(file, statements, null);
    }

    /** A problem whose variable terms are {@code symbols}' (only {@link Interning} makes one). */
    Problem(String file, List<Statement> statements, Symbols symbols) {
        this.symbols = symbols;
        this.file = file;
        this.statements = List.copyOf(statements);
        List<Constraint> cs = new ArrayList<>(this.statements.size());
        List<Declaration> ds = new ArrayList<>();
        List<Expectation> es = new ArrayList<>();
        for (Statement s : this.statements)
            switch (s) {
                case Constraint c -> cs.add(c);
                case Declaration d -> ds.add(d);
                case Expectation e -> es.add(e);
            }
        this.constraints = List.copyOf(cs);
        this.declarations = List.copyOf(ds);
        this.expectations = List.copyOf(es);
    }

    public String file() {
        return file;
    }

    public List<Statement> statements() {
        return statements;
    }

    public List<Constraint> constraints() {
        return constraints;
    }

    public List<Declaration> declarations() {
        return declarations;
    }

    public List<Expectation> expectations() {
        return expectations;
    }

    /**
     * The symbol table of an interned problem ({@link Interning}), or empty. A solver may use it
     * to number the variables without hashing their names; it is no part of the problem's value
     * (equality, hashing and printing ignore it).
     */
    public Optional<Symbols> symbols() {
        return Optional.ofNullable(symbols);
    }

    /** The same problem with only the constraints and declarations (what solvers consume); the symbol table is kept. */
    public Problem withoutExpectations() {
        return expectations.isEmpty() ? this
                : new Problem(file, statements.stream().filter(s -> !(s instanceof Expectation)).toList(), symbols);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Problem p && Objects.equals(file, p.file) && statements.equals(p.statements);
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, statements);
    }

    @Override
    public String toString() {
        return "Problem[file=" + file + ", statements=" + statements + "]";
    }
}
