package org.shapeforge.lang;

import java.util.List;

/**
 * A provenance declaration (Def. 6.1's closing policy; seed 000's stage table):
 * {@code leaf a, <r>}, {@code param w}, {@code discardable b}, {@code dynamic n}.
 * Undeclared variables are interior.
 */
public record Declaration(Provenance kind, List<VarRef> vars, Span span) implements Statement {
    public Declaration {
        vars = List.copyOf(vars);
        if (vars.isEmpty()) throw new IllegalArgumentException("declaration without variables");
    }

    public enum Provenance {
        /** Variables of a terminal tensor's shape (Terminal_dim / Terminal_row). */
        LEAF("leaf"),
        /** Leaf variables of a parameter: a hole at closing is an error ("hidden dimension"). */
        PARAM("param"),
        /** An invalid_var of a Block spec: guessed to 0 instead of 1 at closing. */
        DISCARDABLE("discardable"),
        /** A runtime-sized dimension: never closed, stays symbolic. */
        DYNAMIC("dynamic");

        public final String keyword;

        Provenance(String keyword) {
            this.keyword = keyword;
        }
    }

    /** A variable named in a declaration: a dimension variable or ({@code row}) a row variable. */
    public record VarRef(String name, boolean row) {
        @Override
        public String toString() {
            return row ? "<" + name + ">" : name;
        }
    }
}
