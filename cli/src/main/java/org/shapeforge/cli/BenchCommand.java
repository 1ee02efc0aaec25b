package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge bench native-chain --size N | --sizes 1000,10000}: a generated tree of N
 * constraints in layers of four — a broadcast inequality between open rows, an einsum-like row
 * equality sharing row variables, a deficit inequality, a dimension inequality carrying a cap —
 * solved and closed by the native solver; reports constraints/second and peak heap.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks: native-chain (native solve + close on a generated constraint tree).")
public final class BenchCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "NAME", description = "benchmark name: native-chain")
    String name;

    @Option(names = "--size", paramLabel = "N", description = "number of constraints (default 100000)")
    Integer size;

    @Option(names = "--sizes", paramLabel = "N,N,...", split = ",", description = "sweep several sizes")
    List<Integer> sizes;

    @Option(names = "--json", description = "print one JSON document")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (!"native-chain".equals(name))
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown benchmark '" + name + "' (known: native-chain)");
        List<Integer> ns = sizes != null ? sizes : List.of(size != null ? size : 100_000);
        PrintWriter out = spec.commandLine().getOut();
        ArrayNode runs = Cli.JSON.createArrayNode();
        boolean allSat = true;
        for (int n : ns) {
            Problem p = chain(n);
            System.gc();
            for (MemoryPoolMXBean m : ManagementFactory.getMemoryPoolMXBeans()) m.resetPeakUsage();
            long t0 = System.nanoTime();
            Outcome o = new NativeSolver().solve(p, SolveOptions.defaults());
            double ms = (System.nanoTime() - t0) / 1e6;
            long peak = 0;
            for (MemoryPoolMXBean m : ManagementFactory.getMemoryPoolMXBeans())
                if (m.getType() == MemoryType.HEAP) peak += m.getPeakUsage().getUsed();
            int cs = p.constraints().size();
            String verdict = o instanceof Outcome.Sat ? "sat" : o instanceof Outcome.Unsat ? "fail" : "unknown";
            allSat &= o instanceof Outcome.Sat;
            ObjectNode r = runs.addObject().put("size", n).put("constraints", cs).put("verdict", verdict)
                    .put("millis", ms).put("constraintsPerSecond", cs / (ms / 1000)).put("peakHeapMiB", peak / 1048576.0)
                    .put("steps", o.stats().steps());
            if (!json) out.printf("native-chain  n=%-8d %-7s %10.1f ms  %12.0f constraints/s  peak heap %8.1f MiB  %d steps%n",
                    cs, verdict, ms, r.get("constraintsPerSecond").asDouble(), peak / 1048576.0, o.stats().steps());
        }
        if (json) out.println(Cli.json(Cli.JSON.createObjectNode().put("benchmark", name).set("runs", runs)));
        out.flush();
        return allSat ? Cli.OK : Cli.NEGATIVE;
    }

    /** The generated problem: layer k hangs below layer (k-1)/2, so the tree has logarithmic depth. */
    public static Problem chain(int n) {
        List<Statement> st = new ArrayList<>();
        st.add(new Constraint.DimLe(Dim.atom(3), Dim.var("d0"), Span.NONE));
        for (int k = 1; st.size() < n; k++) {
            int p = (k - 1) / 2;
            String x = "x" + k, y = "y" + k, z = "z" + k;
            st.add(new Constraint.RowLe(new Row.Open(List.of(), y, List.of(Dim.var("b" + k))),
                    new Row.Open(List.of(), "x" + p, List.of(Dim.atom(3))), Span.NONE));
            st.add(new Constraint.RowEq(new Row.Open(List.of(), x, List.of(Dim.var("c" + k))),
                    new Row.Open(List.of(), y, List.of(Dim.atom(5))), Span.NONE));
            st.add(new Constraint.RowLe(Row.var(z), new Row.Open(List.of(Dim.atom(2)), x, List.of()), Span.NONE));
            st.add(new Constraint.DimLe(Dim.var("d" + p), Dim.var("d" + k), Span.NONE));
        }
        return new Problem("native-chain", st.subList(0, n));
    }
}
