package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.semantics.Grounding;
import org.shapeforge.semantics.Undefined;
import org.shapeforge.solver.Outcome;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * The answer of an import: every value's shape, axis by axis as typed data ({@link InferredDim}: a
 * number, a symbolic size, a term, or undetermined), in graph order, with the domain of the
 * dim_params where the shapes hold ({@code requires}: {@code height % 8 == 0}, {@code samples >=
 * 1268}; empty when every binding is inside); or a failure whose message names the ONNX nodes
 * whose constraints are involved. {@link #shapes()} is the printed form; {@link #gaps()} lists, for
 * an answer, the sizes known only at run time and the values of unknown rank (a value of unknown
 * rank has no entry in {@link #values()}).
 */
public record ImportResult(Map<String, List<InferredDim>> values, Failure failure, List<Gap> gaps, List<SymCondition> requires) {
    public ImportResult {
        Map<String, List<InferredDim>> copy = new LinkedHashMap<>();
        values.forEach((name, dims) -> copy.put(name, List.copyOf(dims)));
        values = Collections.unmodifiableMap(copy);
        gaps = List.copyOf(gaps);
        requires = List.copyOf(requires);
    }

    /** A result without gaps or domain conditions (a failure, or shapes valid at every binding). */
    public ImportResult(Map<String, List<InferredDim>> values, Failure failure) {
        this(values, failure, List.of(), List.of());
    }

    /** {@code values}, succeeded, with the gaps {@code im}'s sources give in them and the domain {@code requires}. */
    private static ImportResult answer(Imported im, Map<String, List<InferredDim>> values, List<SymCondition> requires) {
        List<Gap> gaps = im.gaps().read(values);
        Map<String, SymSize> empty = new HashMap<>();
        for (Gap g : gaps) if (g.kind() == Gap.Kind.EMPTY) empty.put(g.extent(), SymSize.constant(0));
        return new ImportResult(empty.isEmpty() ? values : emptied(values, empty), null, gaps, requires);
    }

    /** {@code values} with each {@link Gap.Kind#EMPTY} extent read as the 0 it is (a size that mentions one, evaluated there). */
    private static Map<String, List<InferredDim>> emptied(Map<String, List<InferredDim>> values, Map<String, SymSize> empty) {
        Map<String, List<InferredDim>> out = new LinkedHashMap<>();
        values.forEach((name, dims) -> out.put(name, dims.stream().map(d -> d instanceof InferredDim.Symbolic(SymSize s)
                && s.vars().stream().anyMatch(empty::containsKey) ? InferredDim.of(s.substitute(empty)) : d).toList()));
        return out;
    }

    /**
     * {@code kind}: why there is no answer ({@link ImportFailureKind}); {@code message}: the whole message, the
     * nodes involved listed at its end when there are several; {@code headline}: the message
     * without that list; {@code nodes}: the nodes involved, in graph order, as text;
     * {@code involved}: the same nodes typed; {@code blamed}: the node the message blames (empty
     * for a failure that is no proof, which blames none); {@code indices}: the constraints involved
     * by their index into the imported problem's constraints ({@link Imported#originAt}), ascending,
     * as the solver named them (empty when it named none).
     */
    public record Failure(ImportFailureKind kind, String message, String headline, List<String> constraints, List<String> nodes,
            List<NodeOrigin> involved, Optional<NodeOrigin> blamed, List<Integer> indices) {
        public Failure {
            constraints = List.copyOf(constraints);
            nodes = List.copyOf(nodes);
            involved = List.copyOf(involved);
            indices = List.copyOf(indices);
        }

        /** A failure that names no constraint by index. */
        public Failure(ImportFailureKind kind, String message, String headline, List<String> constraints, List<String> nodes,
                List<NodeOrigin> involved, Optional<NodeOrigin> blamed) {
            this(kind, message, headline, constraints, nodes, involved, blamed, List.of());
        }

        public Failure(ImportFailureKind kind, String message, List<String> constraints, List<String> nodes) {
            this(kind, message, message, constraints, nodes, List.of(), Optional.empty());
        }

        /** The headline, with the count of nodes involved where the message lists them (the corpus table's short form). */
        public String brief() {
            return headline.equals(message) ? headline : headline + " (" + nodes.size() + " nodes involved)";
        }
    }

    public boolean succeeded() {
        return failure == null;
    }

    /** Every value's shape as {@code import} prints it ({@link InferredDim#printed()}), in graph order: for output only. */
    public Map<String, List<String>> shapes() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        values.forEach((name, dims) -> out.put(name, dims.stream().map(InferredDim::printed).toList()));
        return Collections.unmodifiableMap(out);
    }

    static ImportResult of(Imported im, Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> {
                Map<String, List<InferredDim>> out = new LinkedHashMap<>();
                SymbolicReading sym = SymbolicReading.of(s, im.dynamic(), im.runtime(), im.constraints());
                im.values().forEach((name, ds) -> {
                    List<InferredDim> dims = new ArrayList<>();
                    for (Dim d : ds)
                        dims.add(sym.symbolic(d).map(InferredDim::of).orElseGet(() -> sym.undetermined(d) ? InferredDim.UNDETERMINED : dim(d, s, sym)));
                    out.put(name, dims);
                });
                yield answer(im, out, sym.domain(s));
            }
            case Outcome.Unsat u -> failed(im, u.core());
            // A policy failure or an input error is no proof (Unknown at the solver boundary) but
            // still names the nodes whose constraints it involves.
            case Outcome.Unknown k -> k.cause().map(f -> failed(im, f))
                    .orElseGet(() -> new ImportResult(Map.of(), new Failure(ImportFailureKind.UNKNOWN, k.reason(), List.of(), List.of())));
        };
    }

    private static InferredDim dim(Dim d, Outcome.Sat s, SymbolicReading sym) {
        try {
            Dim g = Grounding.dim(d, s.model());
            if (!g.isGround()) throw new Undefined(Printer.print(g));
            return InferredDim.of(g);
        } catch (Undefined e) {
            // a dim_param stays symbolic: print the term it is bound to (its name), else the variable
            // σ⋆'s chain, then the value closing gave (a variable below a dim_param closes to it)
            Dim b = d;
            for (int i = 0; i < 64 && b instanceof Dim.Var(var name, _) && s.solved().isPresent(); i++) {
                Dim next = s.solved().get().dimBindings().get(name);
                if (next == null) next = s.solved().get().closedSymbolic().get(name);
                if (next == null) break;
                b = next;
            }
            // a runtime size closing set it to: its expression; an open variable is no answer to print
            Dim last = b;
            return sym.symbolic(b).map(InferredDim::of).orElseGet(() -> last instanceof Dim.Var ? InferredDim.UNDETERMINED : InferredDim.of(last));
        }
    }

    /**
     * The failure {@code f} as the user's constraints, each with the ONNX node it came from, and a
     * headline that blames the cause: a declaration the failure involves (the file's declared
     * shape contradicts what its node infers); else, for a proof, the latest node in graph order
     * (its constraint is the one that brought the earlier nodes' facts together); a failure that
     * is no proof (a policy step, {@code docs/solver.md}) blames no node: it lists them all.
     */
    private static ImportResult failed(Imported im, org.shapeforge.solver.Failure f) {
        List<String> cs = new ArrayList<>();
        Set<NodeOrigin> nodes = new LinkedHashSet<>();
        NodeOrigin declared = null;
        BitSet indices = f.indices();
        for (int i = indices.nextSetBit(0); i >= 0; i = indices.nextSetBit(i + 1)) {
            NodeOrigin origin = im.originAt(i);
            cs.add(Printer.print(im.constraints().get(i)) + "   [" + origin.describe() + "]");
            nodes.add(origin);
            if (declared == null && !origin.declares().isEmpty()) declared = origin;
        }
        List<NodeOrigin> sorted = nodes.stream().sorted(Comparator.comparingInt(NodeOrigin::index)).toList();
        Set<String> named = new LinkedHashSet<>();
        for (NodeOrigin n : sorted) named.add(n.nodeText());
        String where;
        NodeOrigin blamed = null;
        if (named.isEmpty()) where = "";
        else if (!f.kind().provesUnsat())
            where = "no mismatch proven (a " + f.kind().keyword + " step of the native solver is on the derivation; `import --verified`"
                    + " asks Z3) among " + String.join(", ", named) + ": ";
        else if (declared != null) {
            blamed = declared;
            where = "shape mismatch: the declared shape of " + declared.declares() + " contradicts what " + declared.nodeText() + " infers: ";
        } else if (sorted.getLast().index() >= 0) {
            blamed = sorted.getLast();
            where = "shape mismatch at " + blamed.nodeText() + ": ";
        } else where = "shape mismatch at " + String.join(", ", named) + ": ";
        boolean listed = named.size() > 1 && f.kind().provesUnsat();
        List<NodeOrigin> involved = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (NodeOrigin n : sorted) if (seen.add(n.nodeText())) involved.add(n.bare());
        String headline = where + f.message();
        return new ImportResult(Map.of(), new Failure(ImportFailureKind.of(f.kind()), headline
                + (listed ? " (nodes involved: " + String.join(", ", named) + ")" : ""), headline, cs, List.copyOf(named), involved,
                Optional.ofNullable(blamed).map(NodeOrigin::bare),
                indices.stream().boxed().toList()));
    }
}
