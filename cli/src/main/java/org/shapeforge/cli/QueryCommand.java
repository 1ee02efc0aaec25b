package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SourceText;
import org.shapeforge.lang.Statement;
import org.shapeforge.oracle.Backend;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.ShapeLogic;
import org.shapeforge.program.dynamic.Facts;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code shapeforge query PROGRAM.shp 'n*4 == m' …} (issue 17, docs/dynamic.md): does the program's
 * shape logic (plus any {@code --assume} facts) entail each query? The native solver's
 * solve-once {@code Entailer} answers first; what it leaves undetermined goes to Z3's entailment
 * check. Each answer says which decided it. Exit 0 all proved, 1 one refuted, 3 one unknown.
 */
@Command(name = "query", mixinStandardHelpOptions = true,
        description = "Is a size relation entailed by a program's shapes? proved / refuted / unknown.")
public final class QueryCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROGRAM", description = "a .shp program")
    Path file;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "QUERY",
            description = "a .shc constraint; bare dimension names in size arithmetic stand for size(name)")
    List<String> queries = new ArrayList<>();

    @Option(names = "--assume", paramLabel = "FACT", description = "an extra fact, e.g. 'n %% 8 == 0' or 'n in 1..4096'")
    List<String> assume = new ArrayList<>();

    @Option(names = "--no-native", description = "skip the native entailer (Z3 only)")
    boolean noNative;

    @Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** One answer: verdict, who decided, how (a derivation or a counterexample). */
    record Answer(String query, String verdict, String decidedBy, String detail) {}

    private static final Pattern BARE = Pattern.compile("(?<![A-Za-z0-9_'<.])([A-Za-z][A-Za-z0-9_']*)(?![A-Za-z0-9_'(>])");

    private static final Pattern ARITH = Pattern.compile("==|!=|<|>|%|\\*|\\+|-| in ");

    /**
     * Parses a query. Size arithmetic and comparisons ({@code n*4 == m}, {@code n <= 4096},
     * {@code n % 8 == 0}, {@code n in 1..64}) read bare dimension names as {@code size(name)} — so
     * {@code n <= 4096} is a size comparison, not {@code .shc}'s broadcast order; anything else
     * ({@code n = m}, rows) is {@code .shc} as written.
     */
    static Constraint parse(String text) {
        if (!ARITH.matcher(text).find() || text.contains("size(")) return Parser.parseConstraint(text);
        Matcher m = BARE.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String w = m.group(1);
            m.appendReplacement(sb, w.equals("in") ? w : "size(" + w + ")");
        }
        m.appendTail(sb);
        try {
            return Parser.parseConstraint(sb.toString());
        } catch (ShapeError e) {
            return Parser.parseConstraint(text);
        }
    }

    static List<Answer> answer(Problem problem, List<Constraint> qs, boolean useNative) {
        SolveOptions opts = SolveOptions.defaults();
        var entailer = useNative ? Backend.NATIVE.create().entailments(problem, opts) : null;
        ShapeSolver smt = Backend.SMT.create();
        List<Answer> out = new ArrayList<>();
        for (Constraint c : qs) {
            String q = Printer.print(c);
            Entailment e = entailer == null ? new Entailment.Undetermined("native skipped") : entailer.entails(c);
            String by = "native";
            String nativeWhy = e instanceof Entailment.Undetermined(String r) ? r : null;
            if (nativeWhy != null) {
                e = smt.entails(problem, c, opts);
                by = "z3";
            }
            out.add(switch (e) {
                case Entailment.Entailed(String how) -> new Answer(q, "proved", by, how);
                case Entailment.NotEntailed(var g) -> new Answer(q, "refuted", by, "counterexample: " + program(g.assignment()));
                case Entailment.Undetermined(String r) -> new Answer(q, "unknown", by, r
                        + (nativeWhy != null && !"native skipped".equals(nativeWhy) ? "; native: " + nativeWhy : ""));
            });
        }
        return out;
    }

    /** The counterexample's program-level dimensions (dynamic names; generated names contain a quote). */
    private static String program(Assignment g) {
        var dims = new TreeMap<String, Dim>();
        g.dims().forEach((k, v) -> {
            if (!k.contains("'")) dims.put(k, v);
        });
        return dims.isEmpty() ? Printer.print(g)
                : Printer.print(new Assignment(dims, Map.of()));
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        var program = ProgramParser.parse(file.toString(), SourceText.read(file));
        var generated = ShapeLogic.generate(program);
        Problem p = generated.problem();
        List<Statement> st = new ArrayList<>(p.statements());
        for (var f : Facts.of(program)) st.add(f.constraint()); // distribution facts
        st.addAll(Facts.runtime(generated)); // flatten's product, truncate's bound
        for (String a : assume) st.add(parse(a));
        List<Constraint> qs = queries.stream().map(QueryCommand::parse).toList();
        List<Answer> as = answer(new Problem(p.file(), st), qs, !noNative);
        if (json.on) {
            ObjectNode doc = Cli.JSON.createObjectNode();
            var arr = doc.putArray("answers");
            for (Answer a : as)
                arr.addObject().put("query", a.query()).put("verdict", a.verdict()).put("decidedBy", a.decidedBy())
                        .put("detail", a.detail());
            out.println(Cli.json(doc));
        } else {
            for (Answer a : as)
                out.println(a.verdict() + " (" + a.decidedBy() + "): " + a.query() + "   -- " + a.detail());
        }
        out.flush();
        if (as.stream().anyMatch(a -> a.verdict().equals("refuted"))) return Cli.NEGATIVE;
        if (as.stream().anyMatch(a -> a.verdict().equals("unknown"))) return 3;
        return Cli.OK;
    }
}
