package org.shapeforge.project;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Spans;
import org.shapeforge.semantics.Grounding;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Undefined;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Row;

/**
 * Projections shared between operations of one program that have the same structure (issue 30: a
 * generated transformer of 720 layers has about 14,000 operations but a few dozen structures). Per
 * operation the elaboration (Def. 7.2) and the solve (Def. 7.3) read only: its constraints (spans
 * aside: they reach nothing but failure messages), its pins, {@code erasing}, the ground value of
 * every occurrence row under the one closed model and semantics, whether an occurrence row term is
 * rigid, which occurrence row terms equal which non-slot row terms of the constraints (the
 * attribution of {@code Elaboration.cells}), and which occurrences name the same tensor (the padding
 * of a repeated tensor is merged). Those are the {@link Key}; everything else the result holds is
 * names: the operation's label and its occurrences' tensor names, which {@link #project} puts in.
 * Two operations with equal keys therefore get equal projections up to those names (Thm. 7.4's
 * "nothing but names" for equal inputs), and only a successful result is shared: a failure is
 * always computed, and reported, for its own operation.
 *
 * <p>One instance per {@link ProjectionInference#projectAll} call: the closed model and semantics
 * are fixed for its lifetime. Not thread-safe.
 */
final class SharedProjections {
    /** What an operation's projections depend on besides names (see the class comment). */
    private record Key(List<Constraint> constraints, Map<String, Index> pins, boolean erasing, List<Row> groundRows,
            List<Boolean> rigidTerms, List<Integer> termMatches, List<Integer> sameTensor) {}

    /** A solved operation: its projections and the occurrence names they were written with. */
    private record Solved(Projections projections, List<String> names) {}

    private final Assignment model;
    private final Semantics semantics;
    private final Map<Key, Solved> solved = new HashMap<>();
    private int hits;

    SharedProjections(Assignment model, Semantics semantics) {
        this.model = model;
        this.semantics = semantics;
    }

    /** The projections of {@code op}: a structurally equal operation's, renamed, or computed and remembered. */
    Projections project(Operation op) {
        List<TensorOccurrence> occs = op.occurrences();
        Optional<Key> key = key(op, occs);
        if (key.isPresent()) {
            Solved s = solved.get(key.get());
            if (s != null) {
                hits++;
                return renamed(s.projections(), op.label(), s.names(), names(occs));
            }
        }
        Projections p = ProjectionSolver.solve(op, Elaboration.elaborate(op, model, semantics));
        key.ifPresent(k -> solved.put(k, new Solved(p, names(occs))));
        return p;
    }

    /** How many operations took a structurally equal operation's projections. */
    int shared() {
        return hits;
    }

    /** The key of {@code op}; empty when a row does not ground (the computation then reports it). */
    private Optional<Key> key(Operation op, List<TensorOccurrence> occs) {
        List<Row> ground = new ArrayList<>(occs.size() * 3);
        List<Boolean> rigid = new ArrayList<>(occs.size() * 3);
        for (TensorOccurrence o : occs)
            for (AxisKind kind : AxisKind.values()) {
                try {
                    ground.add(Grounding.row(o.row(kind), model, semantics));
                } catch (Undefined e) {
                    return Optional.empty();
                }
                rigid.add(o.row(kind) instanceof Row.Rigid);
            }
        List<Constraint> erased = new ArrayList<>(op.constraints().size());
        List<Integer> matches = new ArrayList<>();
        int term = 0;
        for (Constraint c : op.constraints()) {
            erased.add(Spans.erase(c));
            for (Row r : cellRows(c)) {
                if (!(r instanceof Row.Open o && Slots.parse(o.var()).isPresent()))
                    for (int k = 0; k < occs.size(); k++)
                        for (AxisKind kind : AxisKind.values())
                            if (occs.get(k).row(kind).equals(r)) {
                                matches.add(term);
                                matches.add(k * AxisKind.values().length + kind.ordinal());
                            }
                term++;
            }
        }
        List<String> names = names(occs);
        List<Integer> same = new ArrayList<>(occs.size());
        for (String n : names) same.add(names.indexOf(n));
        return Optional.of(new Key(erased, op.pins(), op.erasing(), ground, rigid, matches, same));
    }

    /** The row terms of a constraint whose cells the elaboration reads ({@code Elaboration.cells}). */
    private static List<Row> cellRows(Constraint c) {
        return switch (c) {
            case Constraint.RowEq e -> List.of(e.left(), e.right());
            case Constraint.RowLe e -> List.of(e.lower(), e.upper());
            case Constraint.RowLeOne e -> List.of(e.lower(), e.upper());
            case Constraint.Exact x -> x.rows();
            case Constraint.DimEq d -> List.of();
            case Constraint.DimLe d -> List.of();
            case Constraint.Total t -> List.of();
            case Constraint.SizeRel s -> List.of();
            case Constraint.SizeIn s -> List.of();
            case Constraint.Likely l -> List.of();
        };
    }

    private static List<String> names(List<TensorOccurrence> occs) {
        List<String> out = new ArrayList<>(occs.size());
        for (TensorOccurrence o : occs) out.add(o.name());
        return out;
    }

    /**
     * {@code p} of an operation with occurrence names {@code from}, for the operation {@code label}
     * whose occurrences are {@code to} (same positions; equal keys make the renaming one-to-one).
     */
    private static Projections renamed(Projections p, String label, List<String> from, List<String> to) {
        List<TensorAxis> lhsAxes = new ArrayList<>(p.lhsAxes().size());
        for (TensorAxis a : p.lhsAxes()) lhsAxes.add(renamed(a, from, to));
        List<List<TensorAxis>> rhsAxes = new ArrayList<>(p.rhsAxes().size());
        for (List<TensorAxis> axes : p.rhsAxes()) {
            List<TensorAxis> r = new ArrayList<>(axes.size());
            for (TensorAxis a : axes) r.add(renamed(a, from, to));
            rhsAxes.add(r);
        }
        Map<AxisRef, Padding> padding = new LinkedHashMap<>();
        p.padding().forEach((ref, pad) -> padding.put(renamed(ref, from, to), pad));
        return new Projections(label, p.product(), p.lhs(), p.rhs(), lhsAxes, rhsAxes, p.reductions(), p.injective(),
                p.surjective(), p.accumulate(), p.initialize(), padding);
    }

    private static TensorAxis renamed(TensorAxis a, List<String> from, List<String> to) {
        return new TensorAxis(renamed(a.ref(), from, to), a.size());
    }

    private static AxisRef renamed(AxisRef r, List<String> from, List<String> to) {
        return new AxisRef(to.get(from.indexOf(r.tensor())), r.kind(), r.position());
    }
}
