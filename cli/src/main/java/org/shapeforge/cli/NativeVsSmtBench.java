package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.oracle.Backend;
import org.shapeforge.lang.Problem;
import org.shapeforge.program.ModelPrograms;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.ShapeLogic;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code shapeforge bench native-vs-smt [--sizes 1,2,5,10] [--model M] [--smt-timeout-ms T]} (issue
 * 18): the constraints of the same generated L-layer programs as {@code bench pipeline}, solved by
 * the native solver (median of repetitions after warm-up) and by Z3 ({@link Backend#SMT}, one run
 * with the per-input timeout, in process). Reports both times, the ratio and the first size where
 * Z3 does not answer within the timeout; larger sizes are then not given to Z3.
 */
@Command(name = "native-vs-smt", mixinStandardHelpOptions = true,
        description = "Native solver vs Z3 on the same generated programs: times, ratio, the size where Z3 stops answering.")
public final class NativeVsSmtBench implements Callable<Integer> {

    @Option(names = {"--sizes", "--layers"}, paramLabel = "L,L,...", split = ",", description = "layer counts (default 1,2,4,8,16)")
    List<Integer> sizes = List.of(1, 2, 4, 8, 16);

    @Option(names = "--model", paramLabel = "MODEL", description = "transformer, cnn or mlp (default mlp)")
    String model = "mlp";

    @Option(names = "--smt-timeout-ms", paramLabel = "T",
            description = "Z3's per-input timeout in ms (default 60000); --timeout-ms bounds the whole command (cli.md)")
    long timeoutMs = 60_000;

    @Option(names = "--reps", paramLabel = "R", description = "native repetitions (default 5); the median is reported")
    int reps = 5;

    @Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        ModelPrograms m;
        try {
            m = ModelPrograms.of(model);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--model: " + e.getMessage());
        }
        if (timeoutMs < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--smt-timeout-ms must be >= 1");
        for (int l : sizes) if (l < 1) throw new CommandLine.ParameterException(spec.commandLine(), "sizes must be >= 1, got " + l);
        PrintWriter out = spec.commandLine().getOut();
        ArrayNode rows = Cli.JSON.createArrayNode();
        Integer stops = null;
        boolean agree = true;
        if (!json.on) out.printf("native-vs-smt %s: native median of %d after warm-up, z3 one run after one warm-up solve (timeout %d ms); load %.1f%n",
                m.label(), Math.max(1, reps), timeoutMs, PipelineBench.load());
        for (int i = 0; i < 10; i++) time(Backend.NATIVE.create(), problem(m, 10), SolveOptions.defaults());
        time(Backend.SMT.create(), problem(m, 1), SolveOptions.defaults().withTimeoutMs(timeoutMs)); // loads Z3 (excluded)
        for (int l : sizes) {
            Problem p = problem(m, l);
            double[] nat = new double[Math.max(1, reps)];
            String nv = "";
            for (int i = 0; i < nat.length; i++) {
                Timed t = time(Backend.NATIVE.create(), p, SolveOptions.defaults());
                nat[i] = t.millis();
                nv = t.verdict();
            }
            ObjectNode row = rows.addObject().put("layers", l).put("constraints", p.constraints().size())
                    .put("nativeVerdict", nv).put("nativeMillis", PipelineBench.median(nat));
            if (stops != null) {
                row.put("smtVerdict", "skipped").putNull("smtMillis").putNull("ratio");
            } else {
                Timed z = time(Backend.SMT.create(), p, SolveOptions.defaults().withTimeoutMs(timeoutMs));
                row.put("smtVerdict", z.verdict()).put("smtMillis", z.millis());
                if (z.verdict().equals("unknown")) {
                    stops = p.constraints().size();
                    row.putNull("ratio");
                } else {
                    row.put("ratio", z.millis() / row.get("nativeMillis").asDouble());
                    agree &= z.verdict().equals(nv);
                }
            }
            if (!json.on) out.printf("L=%-5d %7d constraints  native %-5s %9.2f ms   z3 %-7s %10s ms   ratio %s%n", l,
                    p.constraints().size(), nv, row.get("nativeMillis").asDouble(), row.get("smtVerdict").asText(),
                    row.get("smtMillis").isNull() ? "-" : String.format("%.1f", row.get("smtMillis").asDouble()),
                    row.get("ratio").isNull() ? "-" : String.format("%.0fx", row.get("ratio").asDouble()));
            out.flush();
        }
        if (json.on) {
            ObjectNode doc = Cli.JSON.createObjectNode().put("benchmark", "native-vs-smt").put("model", m.label())
                    .put("timeoutMs", timeoutMs).put("agree", agree);
            if (stops == null) doc.putNull("smtStopsAnsweringAtConstraints");
            else doc.put("smtStopsAnsweringAtConstraints", stops);
            doc.set("rows", rows);
            out.println(Cli.json(doc));
        } else {
            out.println(stops == null ? "z3 answered every size within the timeout"
                    : "z3 stops answering within " + timeoutMs + " ms at " + stops + " constraints");
            if (!agree) out.println("VERDICTS DISAGREE (a bug)");
        }
        out.flush();
        return agree ? Cli.OK : 4;
    }

    static Problem problem(ModelPrograms m, int layers) {
        return ShapeLogic.generate(ProgramParser.parse("generated.shp", m.program(layers))).problem();
    }

    record Timed(String verdict, double millis) {}

    static Timed time(ShapeSolver s, Problem p, SolveOptions o) {
        long t0 = System.nanoTime();
        Outcome r = s.solve(p, o);
        double ms = (System.nanoTime() - t0) / 1e6;
        return new Timed(switch (r) {
            case Outcome.Sat x -> "sat";
            case Outcome.Unsat x -> "unsat";
            case Outcome.Unknown x -> "unknown";
        }, ms);
    }
}
