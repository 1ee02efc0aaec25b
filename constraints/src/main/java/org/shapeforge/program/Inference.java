package org.shapeforge.program;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.SourceText;
import org.shapeforge.program.spec.Kind;
import org.shapeforge.semantics.AtUnit;
import org.shapeforge.semantics.Grounding;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solver.ClosingPolicy;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The embedding API: parse a program, generate its constraints, solve them with any
 * {@link ShapeSolver} and read the inferred shapes.
 *
 * <pre>{@code
 * Inference inf = Inference.run(ProgramParser.parse("mlp.shp", text), new NativeSolver(), SolveOptions.defaults());
 * inf.shapes().get("y").printed();   // "32|->10"
 * inf.failure().ifPresent(f -> System.err.println(f.message()));
 * }</pre>
 *
 * Shapes are the closed values (Def. 6.1) of each named tensor's rows; projections are not yet
 * inferred (a later issue).
 */
public record Inference(Generated generated, Solution solution) {

    /** Generates and solves; a malformed program throws {@link org.shapeforge.lang.ShapeError}. */
    public static Inference run(Program p, ShapeSolver solver, SolveOptions options) {
        Generated g = ShapeLogic.generate(p);
        return of(g, solver.solve(g.problem(), options), options.closing());
    }

    /**
     * The inference of generated constraints from a solver's outcome: the outcome read as a
     * {@link Solution}, hidden dimensions checked (the phase after solving that the pipeline
     * benchmark times on its own).
     */
    public static Inference of(Generated g, Outcome outcome) {
        return of(g, outcome, ClosingPolicy.NOTES);
    }

    /** As above, with the hidden-dimension check of the closing policy the outcome was solved by. */
    public static Inference of(Generated g, Outcome outcome, ClosingPolicy policy) {
        return new Inference(g, HiddenDims.check(g, Solution.of(outcome, g), policy));
    }

    /** Reads, parses, generates and solves a file. */
    public static Inference runFile(Path file, ShapeSolver solver, SolveOptions options) throws IOException {
        return run(ProgramParser.parse(file.toString(), SourceText.read(file)), solver, options);
    }

    public boolean succeeded() {
        return solution instanceof Solution.Solved;
    }

    /** Every named tensor's closed shape, in definition order; empty unless solved. */
    public Map<String, TensorShape> shapes() {
        Map<String, TensorShape> out = new LinkedHashMap<>();
        if (!(solution instanceof Solution.Solved s)) return out;
        Assignment m = model(s);
        generated.tensors().forEach((name, sh) -> out.put(name, new TensorShape(ground(sh.row(Kind.BATCH), m),
                ground(sh.row(Kind.INPUT), m), ground(sh.row(Kind.OUTPUT), m))));
        return out;
    }

    /** The closed shape of any tensor's row terms (an intermediate's too); empty unless solved. */
    public Optional<TensorShape> closed(Shape sh) {
        if (!(solution instanceof Solution.Solved s)) return Optional.empty();
        Assignment m = model(s);
        return Optional.of(new TensorShape(ground(sh.batch(), m), ground(sh.input(), m), ground(sh.output(), m)));
    }

    /** Captured labels: a dimension label's value, a row label's number of elements. */
    public Map<String, String> labels() {
        Map<String, String> out = new LinkedHashMap<>();
        if (!(solution instanceof Solution.Solved s)) return out;
        Assignment m = model(s); // the closed reading shapes() uses (a dynamic dim at 1; symbolic: SymbolicShapes.labels)
        generated.labels().forEach((n, l) -> out.put(n, switch (l) {
            case Label.DimLabel d -> Printer.print(Grounding.dim(d.var(), m));
            case Label.RowLabel r -> {
                long total = 1;
                for (var d : ground(Row.var(r.rowVar()), m)) total *= Sizes.size(d);
                yield String.valueOf(total);
            }
        }));
        return out;
    }

    /**
     * The closed model of a solved program with every symbolic value read at the unit ({@link
     * #model(Solution.Solved)}), for the consumers that need ground sizes (projections); empty when
     * the program is not solved. Since issue 31 the solver keeps dynamic dims symbolic, so the raw
     * {@code Solution.Solved.model()} leaves the rows over them out.
     */
    public Optional<Assignment> closedAtUnit() {
        return solution instanceof Solution.Solved s ? Optional.of(model(s)) : Optional.empty();
    }

    /**
     * The closed model with every {@code dynamic} dimension it leaves out read at the unit (the
     * solver keeps a dynamic dim out of the model when it is only reached through a binding, e.g.
     * {@code d ↦ n}): closed shapes show a dynamic dim as 1, as its notes say; its symbolic extent is
     * {@code org.shapeforge.program.dynamic.SymbolicShapes}'.
     */
    private Assignment model(Solution.Solved s) {
        Assignment withDynamic = AtUnit.withDynamicDims(generated.declarations(), s.model());
        if (s.solved().isEmpty() || s.solved().get().closedSymbolic().isEmpty() && s.solved().get().closedSymbolicRows().isEmpty()
                && s.solved().get().rowBindings().isEmpty())
            return withDynamic;
        // values that stay symbolic over dynamic dims (closing bound z <= batch to batch; rows holding
        // them are left out of the model): read at the unit too, as the dynamic dims themselves
        Map<String, Dim> dims = new LinkedHashMap<>(withDynamic.dims());
        var sf = s.solved().get();
        for (var e : sf.closedSymbolic().entrySet())
            if (!dims.containsKey(e.getKey()))
                dims.put(e.getKey(), AtUnit.ground(e.getValue()));
        Map<String, Row> rows = new LinkedHashMap<>(s.model().rows());
        Map<String, Dim> known = dims;
        Function<Dim, Dim> g = d -> Sizes
                .ground(d, n -> known.getOrDefault(n, Dim.unit())).orElse(Dim.unit());
        Map<String, Row> values = new LinkedHashMap<>(sf.rowBindings());
        values.putAll(sf.closedSymbolicRows()); // what closing gave wins over σ⋆'s (less committed) binding
        // a row over another row: read through it, a few levels deep; a round that adds nothing ends it
        // (the next would see the same rows and add nothing either)
        for (int round = 0, added = 1; round < 8 && added > 0; round++) {
            added = 0;
            for (var e : values.entrySet()) {
                if (rows.containsKey(e.getKey())) continue;
                Row v = e.getValue();
                Row inner = v instanceof Row.Open o ? rows.get(o.var()) : null;
                if (v instanceof Row.Open && inner == null) continue;
                List<Dim> lead = new ArrayList<>(v.lead().stream().map(g).toList()), trail = v.trail().stream().map(g).toList();
                if (inner != null) lead.addAll(inner.flat());
                rows.put(e.getKey(), new Row.Closed(lead, trail));
                added++;
            }
        }
        return new Assignment(dims, rows);
    }

    private static List<Dim> ground(Row r, Assignment a) {
        return Grounding.row(r, a, Semantics.FLAT).flat();
    }

    /** The failure, described in the program's terms, if the solver did not succeed. */
    public Optional<Diagnosis> failure() {
        return switch (solution) {
            case Solution.Solved s -> Optional.empty();
            case Solution.Unknown u -> Optional.of(new Diagnosis("unknown", u.reason(), List.of(), List.of(),
                    "the solver could not decide; try --complete or a larger --timeout-ms"));
            case Solution.Failed f -> Optional.of(Diagnosis.of(f, generated));
        };
    }

    /**
     * A failure: kind, message (naming the statement and operation), the constraints involved with
     * their origins, and a fix hint.
     */
    public record Diagnosis(String kind, String message, List<String> constraints, List<Origin> origins, String hint) {
        public Diagnosis {
            constraints = List.copyOf(constraints);
            origins = List.copyOf(origins);
        }

        /** {@code file:line} of each origin, without duplicates. */
        public List<String> fileLines() {
            return origins.stream().map(Origin::fileLine).distinct().toList();
        }

        static Diagnosis of(Solution.Failed f, Generated g) {
            List<String> cs = new ArrayList<>();
            Set<Origin> os = new LinkedHashSet<>();
            BitSet involved = f.constraints();
            for (int i = involved.nextSetBit(0); i >= 0; i = involved.nextSetBit(i + 1)) {
                Origin o = g.origins().get(i);
                cs.add(Printer.print(g.constraints().get(i)) + "   [" + o.brief() + "]");
                os.add(o);
            }
            // a hidden dimension (the front end's HiddenDims or the solver's closing): name the parameter's statement
            Origin hidden = f.hiddenRow().map(v -> g.variableOrigins().get("<" + v + ">")).orElse(null);
            if (hidden != null && hidden.role() instanceof Role.Tensor(String param)) {
                os.add(hidden);
                String kind = hidden.kind();
                String msg = hidden.statement() + ": parameter '" + param + "' in `" + hidden.text()
                        + "` has a hidden dimension: its " + kind + " row is not determined by any operation ("
                        + f.message() + ")";
                return new Diagnosis(f.kind(), msg, cs, List.copyOf(os), "give '" + param + "' its " + kind
                        + " axes explicitly, e.g. `" + param + " = param(" + kind.charAt(0) + "=[64])`");
            }
            List<Origin> ol = List.copyOf(os);
            String where = ol.isEmpty() ? "" : ol.getFirst().describe() + ": ";
            return new Diagnosis(f.kind(), where + f.message(), cs, ol, hint(f.kind(), ol));
        }

        private static String hint(String kind, List<Origin> os) {
            OpKind op = os.isEmpty() ? OpKind.OTHER : os.getFirst().op();
            String what = switch (op) {
                case EINSUM, PERMUTE, BLOCK ->
                        "a spec operation equates rows exactly (no broadcasting): make the operand's axes match its spec";
                case COMPOSE -> "in a * b, the input axes of a must match the output axes of b (after broadcasting)";
                case POINTWISE, ASSIGN -> "pointwise operands must broadcast: each axis equal or the unit";
                case TERMINAL, TRANSPOSE, STACK, SLICE, OTHER -> "check the shapes of the statements listed";
            };
            return what + (kind.equals("policy") ? "; this is a policy rejection (the program may still be"
                    + " well-shaped): try --complete" : "");
        }
    }
}
