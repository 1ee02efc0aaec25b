package org.shapeforge.project;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * The labeling of Def. 7.3 (seed 003 §7) with the second stratum of Conj. 8.2, over the classes
 * {@link Stratum1} built.
 *
 * <p>A pinned class ↦ its pin (pins dominate the iterate set; two pins of one class conflict,
 * Thm. 7.4(b)); an unpinned class in the iterate set with size &gt; 1, or taking part in a Concat,
 * ↦ a fresh iterator symbol; otherwise ↦ {@code Fix 0}. An iterated class bound to a derived term
 * iterates the term's parts.
 *
 * <p>Stratum 2: a class bound to a derived term (Affine, Concat) is labeled by evaluating the term
 * against the stratum-1 labels; two bindings of one class, or a binding and a pin, must evaluate to
 * the same index (deferred checks, {@link ProjectionError.Kind#DERIVED_CONFLICT}). Affine indices
 * are {@code stride·o + dilation·k + offset}, minus the left padding in padded mode. Each Concat
 * index evaluated is recorded in {@link #concats}, for the product's components.
 *
 * <p>Naming is canonical: symbols are named in the order the occurrence axes are visited (LHS
 * first, storage order), a class taking the smallest spec label it contains, else {@code s0, s1, …}.
 */
final class Labelling {
    private static final SortedSet<String> NO_LABELS = Collections.emptySortedSet();
    /** {@code s0, s1, …}: the generated symbol names, made once (each fresh name tries them from s0). */
    private static final String[] GENERATED = IntStream.range(0, 64).mapToObj(i -> "s" + i).toArray(String[]::new);

    private final SolverContext cx;
    private final Elaboration.Result in;
    private final UnionFind<Node> uf;
    private final Map<Node, Stratum1.Pin> pinOf = new HashMap<>();
    /** The derived bindings of each class, by representative, in the order the classes were first bound. */
    final Map<Node, List<Stratum1.Bound>> boundOf = new LinkedHashMap<>();
    private final Set<Node> iterRoots = new HashSet<>();
    private final Set<Node> concatRoots = new HashSet<>();
    /** The iterator symbol of each iterated class, by representative, in naming order. */
    final Map<Node, String> symbolOf = new LinkedHashMap<>();
    private final Set<String> usedNames = new HashSet<>();
    private final Set<String> labelNames = new HashSet<>();
    private final Set<Node> visited = new HashSet<>();
    private final Map<Node, Index> labelOf = new HashMap<>();
    private final Set<Node> evaluating = new HashSet<>();
    /** The symbols of every Concat index evaluated, in evaluation order. */
    final List<List<String>> concats = new ArrayList<>();
    private Map<Node, SortedSet<String>> labelsOf;

    private Labelling(SolverContext cx, Stratum1 s1) {
        this.cx = cx;
        this.in = cx.in;
        this.uf = s1.uf;
    }

    /**
     * Lifts stratum 1's pins, marks and bindings to classes, names the iterated classes
     * canonically and evaluates every derived binding and deferred check (stratum 2).
     */
    static Labelling of(SolverContext cx, Stratum1 s1) {
        Labelling l = new Labelling(cx, s1);
        l.lift(s1);
        l.name();
        // Stratum 2: every derived binding and deferred check is evaluated.
        for (Node root : l.boundOf.keySet()) l.label(root);
        for (Stratum1.Check c : s1.checks) {
            Index a = l.evaluate(c.left()), b = l.evaluate(c.right());
            if (!a.equals(b))
                throw cx.fail(ProjectionError.Kind.DERIVED_CONFLICT, a.render() + " ≠ " + b.render() + " required by " + c.why().render());
        }
        return l;
    }

    private void lift(Stratum1 s1) {
        for (Stratum1.Pin p : s1.pins) {
            Node root = uf.find(p.node());
            Stratum1.Pin old = pinOf.putIfAbsent(root, p);
            if (old != null && !old.index().equals(p.index()))
                throw cx.fail(ProjectionError.Kind.PIN_CONFLICT, "the class of " + cx.describe(old.node()) + " is pinned at "
                        + old.index().render() + " by " + old.why().render() + " and at " + p.index().render() + " by " + p.why().render()
                        + (p.node().equals(old.node()) ? "" : " (via " + cx.describe(p.node()) + ")"));
        }
        for (Node n : s1.marked) iterRoots.add(uf.find(n));
        for (Node n : s1.concatParts) concatRoots.add(uf.find(n));
        for (Stratum1.Bound b : s1.bounds) boundOf.computeIfAbsent(uf.find(b.node()), k -> new ArrayList<>()).add(b);
        // An iterated class bound to a derived term iterates the term's parts (OCANNL's
        // Iterated (Conv_input {over; kernel}) marks both): a pooling window appears nowhere else.
        List<Node> work = new ArrayList<>(iterRoots);
        while (!work.isEmpty()) {
            Node root = work.removeLast();
            for (Stratum1.Bound b : boundOf.getOrDefault(root, List.of())) {
                Set<Node> inner = new HashSet<>();
                collect(b.term(), inner);
                for (Node n : inner) if (iterRoots.add(uf.find(n))) work.add(uf.find(n));
            }
        }
        for (Node n : in.sizes().keySet()) if (n instanceof Node.Label l) labelNames.add(l.var());
    }

    /**
     * Canonical naming: occurrence axes in order, then any class left (by its smallest member;
     * a class already visited is a no-op there, so only the others' members are described).
     */
    private void name() {
        for (List<Node> axes : in.axes()) for (Node n : axes) visit(uf.find(n));
        Map<Node, TreeSet<String>> members = new HashMap<>();
        for (Node n : in.sizes().keySet()) {
            Node root = uf.find(n);
            if (!visited.contains(root)) members.computeIfAbsent(root, k -> new TreeSet<>()).add(cx.describe(n));
        }
        members.keySet().stream().sorted(Comparator.comparing(r -> members.get(r).first())).forEach(this::visit);
    }

    private void collect(Atom a, Set<Node> out) {
        switch (a) {
            case Atom.Proj p -> out.add(p.node());
            case Atom.Affine f -> {
                collect(f.over(), out);
                if (f.kernel() != null) collect(f.kernel(), out);
            }
            case Atom.Concat c -> c.parts().forEach(x -> collect(x, out));
            case Atom.Sol s -> {}
            case Atom.Free f -> {}
        }
    }

    private void visit(Node root) {
        if (!visited.add(root)) return;
        if (pinOf.containsKey(root)) return;
        List<Stratum1.Bound> bs = boundOf.get(root);
        if (bs != null) {
            for (Stratum1.Bound b : bs) visitAtom(b.term());
            return;
        }
        boolean iterated = iterRoots.contains(root) && cx.size(root) > 1;
        if (iterated || concatRoots.contains(root)) symbolOf.put(root, freshName(root));
    }

    private void visitAtom(Atom a) {
        switch (a) {
            case Atom.Proj p -> visit(uf.find(p.node()));
            case Atom.Affine f -> {
                visitAtom(f.over());
                if (f.kernel() != null) visitAtom(f.kernel());
            }
            case Atom.Concat c -> c.parts().forEach(this::visitAtom);
            case Atom.Sol s -> {}
            case Atom.Free f -> {}
        }
    }

    private String freshName(Node root) {
        if (labelsOf == null) { // the spec labels of each class, gathered once (not one pass over the ids per name)
            labelsOf = new HashMap<>();
            for (Node n : in.sizes().keySet())
                if (n instanceof Node.Label l) labelsOf.computeIfAbsent(uf.find(n), k -> new TreeSet<String>()).add(l.var());
        }
        for (String l : labelsOf.getOrDefault(root, NO_LABELS)) if (usedNames.add(l)) return l;
        for (int i = 0; ; i++) {
            String s = i < GENERATED.length ? GENERATED[i] : "s" + i;
            if (!labelNames.contains(s) && usedNames.add(s)) return s;
        }
    }

    /** The label of a class (Def. 7.3), stratum 2 included; memoized, cycles rejected. */
    Index label(Node root) {
        Index done = labelOf.get(root);
        if (done != null) return done;
        if (!evaluating.add(root))
            throw cx.fail(ProjectionError.Kind.DERIVED_CONFLICT, "the index of " + cx.describe(root) + " is defined in terms of itself");
        Index result;
        Stratum1.Pin pin = pinOf.get(root);
        List<Stratum1.Bound> bs = boundOf.getOrDefault(root, List.of());
        if (pin != null) result = pin.index();
        else if (!bs.isEmpty()) result = evaluate(bs.getFirst().term());
        else if (symbolOf.containsKey(root)) result = new Index.Iter(symbolOf.get(root));
        else result = new Index.Fixed(0);
        for (Stratum1.Bound b : bs) {
            Index v = evaluate(b.term());
            if (!v.equals(result))
                throw cx.fail(ProjectionError.Kind.DERIVED_CONFLICT, cx.describe(b.node()) + " is indexed by " + result.render()
                        + (pin != null ? " (pinned by " + pin.why().render() + ")" : "") + " and by " + v.render() + " from " + b.why().render());
        }
        evaluating.remove(root);
        labelOf.put(root, result);
        return result;
    }

    private Index evaluate(Atom a) {
        return switch (a) {
            case Atom.Proj p -> label(uf.find(p.node()));
            case Atom.Sol s -> s.index();
            case Atom.Free f -> throw new IllegalStateException("a free literal reached the solver");
            case Atom.Concat c -> {
                List<String> syms = new ArrayList<>();
                for (Atom part : c.parts()) {
                    Index i = evaluate(part);
                    if (!(i instanceof Index.Iter it))
                        throw cx.fail(ProjectionError.Kind.DERIVED_CONFLICT, "a concatenated axis part is indexed by " + i.render()
                                + "; every part of a Concat must be iterated");
                    syms.add(it.symbol());
                }
                concats.add(List.copyOf(syms));
                yield new Index.Concat(syms);
            }
            case Atom.Affine f -> {
                List<Index.Term> terms = new ArrayList<>();
                long[] offset = {f.term().offset()};
                addScaled(terms, offset, evaluate(f.over()), f.term().stride());
                if (f.kernel() != null) addScaled(terms, offset, evaluate(f.kernel()), f.term().dilation());
                if (f.term().padding()) offset[0] -= Padding.ofExtent(ProjectionSolver.extent(f)).left();
                yield Index.affine(terms, offset[0]);
            }
        };
    }

    private void addScaled(List<Index.Term> terms, long[] offset, Index i, long c) {
        switch (i) {
            case Index.Iter it -> terms.add(new Index.Term(c, it.symbol()));
            case Index.Fixed fx -> offset[0] += c * fx.index();
            case Index.External x -> terms.add(new Index.Term(c, "$" + x.symbol()));
            case Index.Affine af -> {
                for (Index.Term t : af.terms()) terms.add(new Index.Term(c * t.coeff(), t.symbol()));
                offset[0] += c * af.offset();
            }
            case Index.Concat cc -> throw cx.fail(ProjectionError.Kind.DERIVED_CONFLICT,
                    "a concatenated index " + cc.render() + " inside an affine index is not supported (as in OCANNL)");
        }
    }
}
