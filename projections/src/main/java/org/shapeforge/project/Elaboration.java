package org.shapeforge.project;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.semantics.Grounding;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.semantics.Undefined;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The elaboration {@code ⟦·⟧} of Def. 7.2: from one operation's own constraints and the closed
 * model, projection equations over freshly numbered ids (§7: one id per axis of each tensor
 * occurrence; spec variables get ids that the local solve identifies with occurrence axes,
 * Lemma 7.7(a)).
 *
 * <ul>
 *   <li>P1 {@code d₁ = d₂} ⇝ {@code Eq}; P4 {@code R₁ ≈ R₂} ⇝ P1 per aligned pair (flat positions,
 *       ranks equal since the equality held).
 *   <li>P2/P3 {@code d_res ⊑ d_op}: operand of size 1 ⇝ {@code Eq(op, Fix 0)} and
 *       {@code Iter(res)} (broadcast severance); otherwise {@code Eq(res, op)}.
 *   <li>P5 {@code R_res ⊑ R_op}: outer-edge alignment of Def. 2.3 (the operand's leading flank
 *       against the result's front, its trailing flank against the result's back); P2/P3 per
 *       pair; each surplus interior result axis ⇝ {@code Iter}. The one-shot order aligns the same way.
 *   <li>P6 the terminal rows of the projection step — every axis of every operand occurrence, as
 *       OCANNL's {@code derive_projections} adds {@code Terminal_row} for its inputs (the LHS of
 *       an operation without operands) ⇝ {@code Iter}.
 *   <li>Exact ⇝ P1 per position; Total_elems, size predicates and hints carry no index information.
 *   <li>Pins (einsum digits, slices) ⇝ {@code Eq(label, Sol idx)}, with the side condition
 *       {@code 0 ≤ c < size} checked here.
 * </ul>
 */
final class Elaboration {

    /**
     * The equations, the size of every id, and the ids of each occurrence's axes in storage order.
     * Not copied: an elaboration hands its collections to the solver and never touches them again.
     */
    record Result(List<Equation> equations, Map<Node, Long> sizes, List<List<Node>> axes) {}

    private record Cells(List<Atom> atoms, List<Long> sizes, int lead) {}

    private static final Reason TERMINAL = new Reason.Text("P6 terminal axis");

    private final Operation op;
    private final Assignment model;
    private final Semantics semantics;
    private final List<TensorOccurrence> occs;
    private final Map<Node, Long> sizes = new LinkedHashMap<>();
    private final List<Equation> eqs = new ArrayList<>();
    private final Map<Slots.Ref, Cells> occCells = new LinkedHashMap<>();

    private Elaboration(Operation op, Assignment model, Semantics semantics) {
        this.op = op;
        this.model = model;
        this.semantics = semantics;
        this.occs = op.occurrences();
    }

    static Result elaborate(Operation op, Assignment model, Semantics semantics) {
        return new Elaboration(op, model, semantics).run();
    }

    private Result run() {
        List<List<Node>> axes = new ArrayList<>();
        for (int k = 0; k < occs.size(); k++) {
            List<Node> mine = new ArrayList<>();
            for (AxisKind kind : AxisKind.values()) {
                String name = occs.get(k).name();
                Row g = ground(occs.get(k).row(kind), () -> "tensor " + name);
                List<Dim> flat = g.flat();
                List<Atom> atoms = new ArrayList<>();
                List<Long> sz = new ArrayList<>();
                for (int p = 0; p < flat.size(); p++) {
                    Node n = new Node.Axis(k, kind, p);
                    long s = Sizes.size(flat.get(p));
                    sizes.put(n, s);
                    mine.add(n);
                    atoms.add(new Atom.Proj(n));
                    sz.add(s);
                }
                occCells.put(new Slots.Ref(k, kind), new Cells(atoms, sz, g.lead().size()));
            }
            axes.add(mine);
        }
        for (Constraint c : op.constraints()) elaborate(c);
        // P6: the terminal rows of this step.
        int from = occs.size() > 1 ? 1 : 0;
        for (int k = from; k < occs.size(); k++)
            for (Node n : axes.get(k)) eqs.add(new Equation.Iter(new Atom.Proj(n), TERMINAL));
        for (var pin : op.pins().entrySet()) {
            Node.Label l = new Node.Label(pin.getKey());
            long size = dimSize(new Dim.Var(pin.getKey()));
            sizes.put(l, size);
            if (pin.getValue() instanceof Index.Fixed f && (f.index() < 0 || f.index() >= size))
                throw input("fixed index " + f.index() + " of label " + pin.getKey() + " is outside its axis of size " + size
                        + " (Def. 7.2's side condition)");
            eqs.add(new Equation.Eq(new Atom.Proj(l), new Atom.Sol(pin.getValue()), "pin of label " + pin.getKey()));
        }
        return new Result(eqs, sizes, axes); // this elaboration's own collections, not changed after run()
    }

    private void elaborate(Constraint c) {
        switch (c) {
            case Constraint.DimEq e -> eq(atom(e.left()), atom(e.right()), new Reason.Rule("P1", c, ""));
            case Constraint.DimLe e -> le(atom(e.lower()), atom(e.upper()), dimSize(e.upper()), new Reason.Rule("P2/P3", c, ""));
            case Constraint.RowEq e -> {
                Cells l = cells(e.left()), r = cells(e.right());
                if (l.atoms().size() != r.atoms().size())
                    throw input("ranks differ in " + Reason.of(c) + ": " + l.atoms().size() + " vs " + r.atoms().size()
                            + " — the closed model does not satisfy this operation's constraint");
                Reason why = new Reason.Rule("P4", c, "");
                for (int i = 0; i < l.atoms().size(); i++) eq(l.atoms().get(i), r.atoms().get(i), why);
            }
            case Constraint.RowLe e -> rowLe(cells(e.lower()), cells(e.upper()), c);
            case Constraint.RowLeOne e -> rowLe(cells(e.lower()), cells(e.upper()), c);
            case Constraint.Exact x -> {
                List<Atom> rows = new ArrayList<>();
                for (Row r : x.rows()) rows.addAll(cells(r).atoms());
                if (rows.size() != x.axes().size())
                    throw input("Exact has " + rows.size() + " axes against " + x.axes().size() + " in " + Reason.of(c));
                Reason why = new Reason.Rule("P1", c, "");
                for (int i = 0; i < rows.size(); i++) eq(rows.get(i), atom(x.axes().get(i)), why);
            }
            case Constraint.Total t -> {}
            case Constraint.SizeRel s -> {}
            case Constraint.SizeIn s -> {}
            case Constraint.Likely l -> {}
        }
    }

    /** P5: outer-edge alignment of the operand's flanks against the result's flat sequence. */
    private void rowLe(Cells res, Cells opnd, Constraint c) {
        int n = res.atoms().size(), l = opnd.lead(), t = opnd.atoms().size() - opnd.lead();
        if (l + t > n)
            throw input("the operand has more axes (" + (l + t) + ") than the result (" + n + ") in " + Reason.of(c)
                    + " — the closed model does not satisfy this operation's constraint");
        Reason.Rule why = new Reason.Rule("P5", c, "");
        for (int i = 0; i < l; i++) le(res.atoms().get(i), opnd.atoms().get(i), opnd.sizes().get(i), why);
        if (l < n - t) {
            Reason surplus = new Reason.Rule("P5 surplus result axis of", c, "");
            for (int i = l; i < n - t; i++) iter(res.atoms().get(i), surplus);
        }
        for (int j = 0; j < t; j++)
            le(res.atoms().get(n - t + j), opnd.atoms().get(l + j), opnd.sizes().get(l + j), why);
    }

    private void le(Atom res, Atom opnd, long opndSize, Reason.Rule why) {
        if (opndSize == 1) {
            eq(opnd, new Atom.Sol(new Index.Fixed(0)), why.and(" (broadcast: severed and pinned)"));
            iter(res, why.and(" (broadcast)"));
        } else eq(res, opnd, why);
    }

    private void eq(Atom a, Atom b, Reason why) {
        if (a instanceof Atom.Free || b instanceof Atom.Free) return;
        eqs.add(new Equation.Eq(a, b, why));
    }

    private void iter(Atom a, Reason why) {
        if (!(a instanceof Atom.Free)) eqs.add(new Equation.Iter(a, why));
    }

    /** The atoms of a row term's ground flat sequence, and its ground leading-flank length. */
    private Cells cells(Row term) {
        if (term instanceof Row.Open o) {
            Optional<Slots.Ref> ref = Slots.parse(o.var());
            if (ref.isPresent()) {
                Slots.Ref r = ref.get();
                if (r.occurrence() >= occs.size())
                    throw input("slot <" + o.var() + "> names occurrence " + r.occurrence() + " of " + occs.size());
                // a bare slot is its occurrence's row, grounded once in run(): the same cells
                if (o.lead().isEmpty() && o.trail().isEmpty() && !(occs.get(r.occurrence()).row(r.kind()) instanceof Row.Rigid))
                    return occCells.get(r);
                Row g = ground(Slots.splice(o, occs.get(r.occurrence()).row(r.kind())), () -> Printer.print(term));
                Cells inner = occCells.get(r);
                List<Atom> atoms = new ArrayList<>();
                for (Dim d : o.lead()) atoms.add(atom(d));
                atoms.addAll(inner.atoms());
                for (Dim d : o.trail()) atoms.add(atom(d));
                return withSizes(atoms, g);
            }
        }
        Slots.Ref match = null;
        for (var e : occCells.entrySet()) {
            if (!occs.get(e.getKey().occurrence()).row(e.getKey().kind()).equals(term) || e.getValue().atoms().isEmpty()) continue;
            if (match != null)
                throw input("the row term " + Printer.print(term) + " is the " + e.getKey().kind().word + " row of both "
                        + occName(match.occurrence()) + " and " + occName(e.getKey().occurrence())
                        + "; write Operation.slot(occurrence, kind) in the operation's constraints");
            match = e.getKey();
        }
        if (match != null) return occCells.get(match);
        Row g = ground(term, () -> Printer.print(term));
        List<Atom> atoms = new ArrayList<>();
        for (Dim d : term.lead()) atoms.add(atom(d));
        if (term instanceof Row.Open o) {
            int n = model.rows().get(o.var()).flat().size();
            List<Dim> vflat = model.rows().get(o.var()).flat();
            for (int p = 0; p < n; p++) {
                Node rp = new Node.RowPos(o.var(), p);
                sizes.put(rp, Sizes.size(vflat.get(p)));
                atoms.add(new Atom.Proj(rp));
            }
        }
        for (Dim d : term.trail()) atoms.add(atom(d));
        return withSizes(atoms, g);
    }

    private Cells withSizes(List<Atom> atoms, Row ground) {
        List<Dim> flat = ground.flat();
        if (flat.size() != atoms.size()) throw new IllegalStateException("grounding changed the rank: " + atoms + " vs " + flat);
        List<Long> sz = new ArrayList<>();
        for (Dim d : flat) sz.add(Sizes.size(d));
        return new Cells(List.copyOf(atoms), List.copyOf(sz), ground.lead().size());
    }

    private Atom atom(Dim d) {
        return switch (d) {
            case Dim.Unit u -> new Atom.Sol(new Index.Fixed(0));
            case Dim.Atom a -> a.size() == 1 ? new Atom.Sol(new Index.Fixed(0)) : new Atom.Free();
            case Dim.Var v -> {
                Node n = new Node.Label(v.name());
                sizes.put(n, dimSize(v));
                yield new Atom.Proj(n);
            }
            case Dim.Affine a -> new Atom.Affine(atom(a.over()), a.kernel().map(this::atom).orElse(null), a,
                    a.kernel().map(this::dimSize).orElse(1L));
            case Dim.Concat c -> new Atom.Concat(c.parts().stream().map(this::atom).toList());
        };
    }

    private long dimSize(Dim d) {
        try {
            return Sizes.size(Grounding.dim(d, model));
        } catch (Undefined e) {
            throw input("cannot ground " + Printer.print(d) + " in the closed model: " + e.getMessage());
        }
    }

    private Row ground(Row term, Supplier<String> what) {
        try {
            Row g = Grounding.row(term, model, semantics);
            for (Dim d : g.flat()) Sizes.size(d);
            return g;
        } catch (Undefined e) {
            throw input("cannot ground " + what.get() + " in the closed model: " + e.getMessage());
        }
    }

    private String occName(int k) {
        return (k == 0 ? "the LHS " : "operand " + k + " ") + occs.get(k).name();
    }

    private ProjectionError input(String msg) {
        return new ProjectionError(ProjectionError.Kind.INPUT, op.label(), msg);
    }
}
