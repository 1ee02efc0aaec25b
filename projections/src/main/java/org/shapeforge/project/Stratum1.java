package org.shapeforge.project;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Stratum 1 of the solver of Def. 7.3 (seed 003 §7), a single pass over the equations:
 * {@code Eq(Proj, Proj)} unions (failing on different sizes, Thm. 7.4(a)); {@code Eq(Proj, Sol)}
 * records a {@link Pin}, lifted to classes after the pass by {@link Labelling} (conflict:
 * Thm. 7.4(b)); {@code Eq(Sol, Sol)} is checked (Thm. 7.4(c)); {@code Iter} marks. An equation
 * between a projection and a derived term (Affine, Concat) is a {@link Bound}, and one between two
 * derived terms a deferred {@link Check}: both are stratum 2's (Conj. 8.2). Axes that are parts of
 * a Concat are noted, since such a class is iterated whatever its size.
 */
final class Stratum1 {
    /** {@code Eq(Proj, Sol)}: the id's class takes the solved index. */
    record Pin(Node node, Index index, Reason why) {}

    /** {@code Eq(Proj, derived)}: the id's class is labeled by evaluating the term (stratum 2). */
    record Bound(Node node, Atom term, Reason why) {}

    /** {@code Eq(derived, derived)}: both sides must evaluate to the same index (stratum 2). */
    record Check(Atom left, Atom right, Reason why) {}

    private final SolverContext cx;
    final UnionFind<Node> uf = new UnionFind<>();
    final List<Pin> pins = new ArrayList<>();
    final List<Bound> bounds = new ArrayList<>();
    final List<Check> checks = new ArrayList<>();
    final Set<Node> marked = new HashSet<>();
    final Set<Node> concatParts = new HashSet<>();

    private Stratum1(SolverContext cx) {
        this.cx = cx;
    }

    /** The pass over the elaboration's equations, in their order. */
    static Stratum1 of(SolverContext cx) {
        Stratum1 s = new Stratum1(cx);
        for (Equation e : cx.in.equations()) {
            switch (e) {
                case Equation.Iter(Atom a, Reason why) -> s.mark(a);
                case Equation.Eq(Atom a, Atom b, Reason why) -> s.eq(a, b, why);
            }
        }
        return s;
    }

    private void mark(Atom a) {
        switch (a) {
            case Atom.Proj p -> marked.add(p.node());
            case Atom.Sol s -> {}
            case Atom.Affine f -> {
                mark(f.over());
                if (f.kernel() != null) mark(f.kernel());
            }
            case Atom.Concat c -> c.parts().forEach(this::mark);
            case Atom.Free f -> {}
        }
    }

    private void eq(Atom a, Atom b, Reason why) {
        noteConcat(a);
        noteConcat(b);
        if (a instanceof Atom.Proj p && b instanceof Atom.Proj q) {
            long sp = cx.size(p.node()), sq = cx.size(q.node());
            if (sp != sq)
                throw cx.fail(ProjectionError.Kind.SIZE_MISMATCH, cx.describe(p.node()) + " (size " + sp + ") and "
                        + cx.describe(q.node()) + " (size " + sq + ") would be co-iterated by " + why.render());
            uf.union(p.node(), q.node());
        } else if (a instanceof Atom.Proj p && b instanceof Atom.Sol s) pins.add(new Pin(p.node(), s.index(), why));
        else if (a instanceof Atom.Sol s && b instanceof Atom.Proj p) pins.add(new Pin(p.node(), s.index(), why));
        else if (a instanceof Atom.Sol s && b instanceof Atom.Sol t) {
            if (!s.index().equals(t.index()))
                throw cx.fail(ProjectionError.Kind.SOLVED_MISMATCH, s.index().render() + " ≠ " + t.index().render()
                        + " required by " + why.render());
        } else if (a instanceof Atom.Proj p) bounds.add(new Bound(p.node(), b, why));
        else if (b instanceof Atom.Proj p) bounds.add(new Bound(p.node(), a, why));
        else checks.add(new Check(a, b, why));
    }

    private void noteConcat(Atom a) {
        switch (a) {
            case Atom.Concat c -> {
                for (Atom part : c.parts()) {
                    if (part instanceof Atom.Proj p) concatParts.add(p.node());
                    noteConcat(part);
                }
            }
            case Atom.Affine f -> {
                noteConcat(f.over());
                if (f.kernel() != null) noteConcat(f.kernel());
            }
            default -> {}
        }
    }
}
