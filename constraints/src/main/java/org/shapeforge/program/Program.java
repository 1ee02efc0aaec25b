package org.shapeforge.program;

import java.util.List;

/** A parsed {@code .shp} program: its file name and statements in source order. */
public record Program(String file, List<Stmt> statements) {
    public Program {
        statements = List.copyOf(statements);
    }
}
