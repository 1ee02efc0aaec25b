package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.shapeforge.codegen.program.ProgramRun;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.oracle.Backend;
import org.shapeforge.pipeline.Emitted;
import org.shapeforge.pipeline.Kernel;
import org.shapeforge.pipeline.Pipeline;
import org.shapeforge.pipeline.ProgramFailure;
import org.shapeforge.pipeline.Trace;
import org.shapeforge.program.Program;
import org.shapeforge.solver.ShapeSolver;

/**
 * The CLI's side of the program pipeline ({@link Pipeline}, module {@code pipeline}): the one
 * pipeline {@code run} and {@code infer --emit c|cuda} drive, over the native solver from
 * {@link Backend}, tracing to stderr under {@code --trace}; and {@code infer --emit}'s files.
 */
final class ProgramCode {
    private ProgramCode() {}

    /**
     * The pipeline of {@code run} and {@code infer}: the native solver, its answers re-checked by the
     * evaluator ({@code oracle.Checked}), one stderr line per stage when {@code trace}.
     */
    static Pipeline pipeline(boolean trace) {
        return pipeline(Backend.NATIVE.create(), trace);
    }

    /** As above over {@code solver} (the commands' test seam: a planted wrong solver), re-checked all the same. */
    static Pipeline pipeline(ShapeSolver solver, boolean trace) {
        Pipeline p = Pipeline.of(Backend.checked(solver));
        return trace ? p.withTrace(Trace.lines(new PrintWriter(System.err, true))) : p;
    }

    /**
     * {@code infer --emit c|cuda --out DIR}: one file per operation ({@link Pipeline#emit}), its
     * path printed (or listed in the JSON document), and for a program with dynamic dims a summary
     * of which kernels are symbolic. {@code bound} is {@code program} at its checked {@code --bind}
     * sizes (itself without).
     */
    static int emit(Pipeline pipeline, Program program, Program bound, List<String> binds, String target, Path out, boolean json,
            PrintWriter w) {
        if (out == null) throw new ShapeError("usage", Span.NONE, "--emit " + target + " writes files: give --out DIR");
        try {
            Kernel.Target t = target.equals("c") ? Kernel.Target.C : Kernel.Target.CUDA;
            Emitted emitted = pipeline.emit(program, bound, BindOptions.parse(binds), t);
            Files.createDirectories(out);
            ObjectNode doc = Cli.JSON.createObjectNode();
            ArrayNode files = doc.putArray("files");
            ArrayNode uses = doc.putArray("kernels");
            List<ProgramRun.KernelUse> used = new ArrayList<>();
            for (Kernel k : emitted.kernels()) {
                used.add(k.use());
                uses.addObject().put("operation", k.use().operation()).put("symbolic", k.use().symbolic()).put("note", k.use().note());
                Path f = out.resolve(k.operation().replaceAll("[^A-Za-z0-9_]", "_") + t.extension);
                Files.writeString(f, k.source());
                files.add(f.toString());
                if (!json) w.println("wrote " + f + "  (" + k.operation() + ")");
            }
            if (!json && emitted.sized().dynamic()) w.println(KernelSummary.line(used));
            if (json) w.println(Cli.json(doc));
            w.flush();
            return Cli.OK;
        } catch (CodegenException e) {
            throw new ShapeError("codegen", Span.NONE, e.getMessage());
        } catch (ProgramFailure f) {
            return RunCommand.failure(f, json, w);
        } catch (IOException e) {
            throw new ShapeError("io", new Span(out.toString(), 0, 0), "cannot write " + out + ": " + e.getMessage());
        }
    }
}
