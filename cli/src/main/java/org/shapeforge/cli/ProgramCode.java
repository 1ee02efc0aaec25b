package org.shapeforge.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.program.Program;

/** {@code infer --emit c|cuda --out DIR}: not wired yet (see docs/codegen.md, "Not done yet"). */
final class ProgramCode {
    private ProgramCode() {}

    static int emit(Program program, String target, Path out, boolean json, PrintWriter w) {
        throw new ShapeError("usage", null, "--emit " + target + " is not supported yet: the bridge from projections"
                + " to the loop IR is not wired (docs/codegen.md, \"Not done yet\"); --emit shc works");
    }
}
