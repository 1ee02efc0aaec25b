package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.dynamic.Analysis;
import org.shapeforge.program.dynamic.DimClasses;
import org.shapeforge.program.dynamic.Facts;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge analyze PROGRAM.shp [--json]} (issue 17, docs/dynamic.md): equal-dim classes,
 * distribution facts, pointwise broadcasts that are provably no-ops. Exit 0, or 1 when inference
 * fails (the failure is printed as by {@code infer}).
 */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Shape-constraint analyses of a program: equal dims, facts, no-op broadcasts.")
public final class AnalyzeCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROGRAM", description = "a .shp program")
    Path file;

    @Option(names = "--json", description = "print one JSON document")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        var program = ProgramParser.parse(file.toString(), Cli.read(file));
        Inference inf = Inference.run(program, new NativeSolver(), SolveOptions.defaults());
        if (!inf.succeeded()) {
            if (json) out.println(Cli.json(InferCommand.toJson(inf)));
            else out.print(InferCommand.text(inf));
            out.flush();
            return Cli.NEGATIVE;
        }
        Analysis a = Analysis.of(inf, Facts.of(program));
        if (json) {
            ObjectNode doc = Cli.JSON.createObjectNode();
            var cs = doc.putArray("classes");
            for (DimClasses.EqClass c : a.classes().classes()) {
                var o = cs.addObject();
                c.members().forEach(o.putArray("members")::add);
                if (c.value().isPresent()) o.put("value", c.value().getAsLong());
            }
            a.facts().forEach(doc.putArray("facts")::add);
            var bs = doc.putArray("broadcasts");
            for (Analysis.Broadcast b : a.broadcasts())
                bs.addObject().put("where", b.where()).put("result", b.result()).put("operand", b.operand())
                        .put("resultShape", b.resultShape()).put("operandShape", b.operandShape()).put("noOp", b.noOp());
            out.println(Cli.json(doc));
        } else {
            for (DimClasses.EqClass c : a.classes().classes()) out.println("equal dims: " + c.printed());
            for (String f : a.facts()) out.println("fact: " + f);
            long n = a.broadcasts().stream().filter(Analysis.Broadcast::noOp).count();
            out.println("pointwise broadcasts: " + a.broadcasts().size() + ", provably no-op: " + n);
            for (Analysis.Broadcast b : a.broadcasts())
                out.println((b.noOp() ? "  no-op      " : "  broadcast  ") + b.operand() + " " + b.operandShape()
                        + " -> " + b.result() + " " + b.resultShape() + "   [" + b.where() + "]");
        }
        out.flush();
        return Cli.OK;
    }
}
