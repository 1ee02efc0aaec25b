package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shapeforge.lang.SourceText;
import org.shapeforge.oracle.Backend;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.dynamic.Analysis;
import org.shapeforge.program.dynamic.DimClasses;
import org.shapeforge.program.dynamic.Facts;
import org.shapeforge.program.dynamic.Fusion;
import org.shapeforge.solver.SolveOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code shapeforge analyze PROGRAM.shp [--json]} (issue 17, docs/dynamic.md): equal-dim classes,
 * distribution facts, pointwise broadcasts that are provably no-ops. Exit 0, or 1 when inference
 * fails (the failure is printed as by {@code infer}).
 */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Shape-constraint analyses of a program: equal dims, facts, no-op broadcasts, fusion groups.")
public final class AnalyzeCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROGRAM", description = "a .shp program")
    Path file;

    @Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        var program = ProgramParser.parse(file.toString(), SourceText.read(file));
        Inference inf = Inference.run(program, Backend.NATIVE.create(), SolveOptions.defaults());
        if (!inf.succeeded()) {
            if (json.on) out.println(Cli.json(InferCommand.toJson(inf)));
            else out.print(InferCommand.text(inf));
            out.flush();
            return Cli.NEGATIVE;
        }
        int refused = DynamicView.refused(inf, json.on, out); // seed 004's consumer contract, as infer
        if (refused >= 0) return refused;
        Analysis a = Analysis.of(inf, Facts.of(program));
        if (json.on) {
            ObjectNode doc = Cli.JSON.createObjectNode();
            var cs = doc.putArray("classes");
            for (DimClasses.EqClass c : a.classes().classes()) {
                var o = cs.addObject();
                c.members().forEach(o.putArray("members")::add);
                if (c.value().isPresent()) o.put("value", c.value().getAsLong());
            }
            a.facts().forEach(doc.putArray("facts")::add);
            var ds = doc.putArray("dims");
            for (Analysis.DimFacts d : a.dims()) {
                var o = ds.addObject().put("dims", d.dims());
                d.lo().ifPresent(v -> o.put("min", v));
                d.hi().ifPresent(v -> o.put("max", v));
                d.divisibility().forEach(o.putArray("divisibility")::add);
                d.likely().forEach(o.putArray("likely")::add);
            }
            var bs = doc.putArray("broadcasts");
            for (Analysis.Broadcast b : a.broadcasts())
                bs.addObject().put("where", b.where()).put("result", b.result()).put("operand", b.operand())
                        .put("resultShape", b.resultShape()).put("operandShape", b.operandShape()).put("noOp", b.noOp());
            var fs = doc.putArray("fusionGroups");
            for (Fusion.Group g : a.fusion().groups()) {
                var o = fs.addObject();
                g.ops().forEach(o.putArray("ops")::add);
                o.put("shape", g.shape()).put("indexComputations", g.indexComputations()).put("collapsed", g.collapsed());
                var rs = o.putArray("reads");
                for (Fusion.Access r : g.accesses())
                    rs.addObject().put("tensor", r.tensor()).put("shape", r.shape()).put("identity", r.identity());
            }
            out.println(Cli.json(doc));
        } else {
            for (DimClasses.EqClass c : a.classes().classes()) out.println("equal dims: " + c.printed());
            for (String f : a.facts()) out.println("fact: " + f);
            for (Analysis.DimFacts d : a.dims()) out.println("dim " + d.printed());
            long n = a.broadcasts().stream().filter(Analysis.Broadcast::noOp).count();
            out.println("pointwise broadcasts: " + a.broadcasts().size() + ", provably no-op: " + n);
            for (Analysis.Broadcast b : a.broadcasts())
                out.println((b.noOp() ? "  no-op      " : "  broadcast  ") + b.operand() + " " + b.operandShape()
                        + " -> " + b.result() + " " + b.resultShape() + "   [" + b.where() + "]");
            List<Fusion.Group> gs = a.fusion().groups();
            int reads = gs.stream().mapToInt(g -> g.accesses().size()).sum();
            int left = gs.stream().mapToInt(Fusion.Group::indexComputations).sum();
            out.println("fusion groups (shape-compatible pointwise ops): " + gs.size() + "; index computations: " + reads
                    + " reads, " + (reads - left) + " collapse (equal symbolic shapes), " + left + " left");
            for (Fusion.Group g : gs) {
                out.println("  group " + String.join(", ", g.ops()) + " over " + g.shape());
                Map<String, String> first = new HashMap<>();
                for (Fusion.Access r : g.accesses()) {
                    String shared = r.identity() ? null : first.putIfAbsent(r.shape(), r.tensor());
                    out.println("    " + (r.identity() ? "collapses  " + r.tensor() + " " + r.shape() + " (the loop index)"
                            : shared != null ? "collapses  " + r.tensor() + " " + r.shape() + " (shares " + shared + "'s index)"
                            : "index      " + r.tensor() + " " + r.shape()));
                }
            }
        }
        out.flush();
        return Cli.OK;
    }
}
