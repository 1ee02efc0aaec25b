package org.shapeforge.project;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;

/**
 * The solver of Def. 7.3 with the second stratum of Conj. 8.2.
 *
 * <p>Stratum 1, a single pass over the equations: {@code Eq(Proj, Proj)} unions (failing on
 * different sizes, Thm. 7.4(a)); {@code Eq(Proj, Sol)} records a pin, lifted to classes after the
 * pass (conflict: Thm. 7.4(b)); {@code Eq(Sol, Sol)} is checked (Thm. 7.4(c)); {@code Iter}
 * marks. Labeling: a pinned class ↦ its pin (pins dominate the iterate set); an unpinned class in
 * the iterate set with size &gt; 1, or taking part in a Concat, ↦ a fresh iterator symbol;
 * otherwise ↦ {@code Fix 0}.
 *
 * <p>Stratum 2: a class bound to a derived term (Affine, Concat) is labeled by evaluating the term
 * against the stratum-1 labels; two bindings of one class, or a binding and a pin, must evaluate to
 * the same index (deferred checks, {@link ProjectionError.Kind#DERIVED_CONFLICT}). Affine indices
 * are {@code stride·o + dilation·k + offset}, minus the left padding in padded mode. Symbols joined
 * by a Concat index form one product entry (connected components of the hypergraph).
 *
 * <p>Naming is canonical: symbols are named in the order the occurrence axes are visited (LHS
 * first, storage order), a class taking the smallest spec label it contains, else {@code s0, s1, …}.
 * Hence shuffling the equations changes nothing at all (Thm. 7.4 promises "nothing but names").
 */
final class ProjectionSolver {
    private static final java.util.SortedSet<String> NO_LABELS = java.util.Collections.emptySortedSet();
    /** {@code s0, s1, …}: the generated symbol names, made once (each fresh name tries them from s0). */
    private static final String[] GENERATED = java.util.stream.IntStream.range(0, 64).mapToObj(i -> "s" + i).toArray(String[]::new);

    private record Pin(Node node, Index index, Reason why) {}

    private record Bound(Node node, Atom term, Reason why) {}

    private record Check(Atom left, Atom right, Reason why) {}

    private final Operation op;
    private final List<TensorOccurrence> occs;
    private final Elaboration.Result in;
    private final UnionFind<Node> uf = new UnionFind<>();
    private final List<Pin> pins = new ArrayList<>();
    private final List<Bound> bounds = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();
    private final Set<Node> marked = new HashSet<>();
    private final Set<Node> concatParts = new HashSet<>();

    private final Map<Node, Pin> pinOf = new HashMap<>();
    private final Map<Node, List<Bound>> boundOf = new LinkedHashMap<>();
    private final Set<Node> iterRoots = new HashSet<>();
    private final Set<Node> concatRoots = new HashSet<>();
    private final Map<Node, String> symbolOf = new LinkedHashMap<>();
    private final Set<String> usedNames = new HashSet<>();
    private final Set<String> labelNames = new HashSet<>();
    private final Set<Node> visited = new HashSet<>();
    private final Map<Node, Index> labelOf = new HashMap<>();
    private final Set<Node> evaluating = new HashSet<>();
    private final List<List<String>> concats = new ArrayList<>();
    private Map<Node, java.util.SortedSet<String>> labelsOf;

    private ProjectionSolver(Operation op, Elaboration.Result in) {
        this.op = op;
        this.in = in;
        this.occs = op.occurrences();
    }

    static Projections solve(Operation op, Elaboration.Result in) {
        return new ProjectionSolver(op, in).run();
    }

    private Projections run() {
        for (Equation e : in.equations()) {
            switch (e) {
                case Equation.Iter(Atom a, Reason why) -> mark(a);
                case Equation.Eq(Atom a, Atom b, Reason why) -> eq(a, b, why);
            }
        }
        for (Pin p : pins) {
            Node root = uf.find(p.node());
            Pin old = pinOf.putIfAbsent(root, p);
            if (old != null && !old.index().equals(p.index()))
                throw fail(ProjectionError.Kind.PIN_CONFLICT, "the class of " + describe(old.node()) + " is pinned at "
                        + old.index().render() + " by " + old.why().render() + " and at " + p.index().render() + " by " + p.why().render()
                        + (p.node().equals(old.node()) ? "" : " (via " + describe(p.node()) + ")"));
        }
        for (Node n : marked) iterRoots.add(uf.find(n));
        for (Node n : concatParts) concatRoots.add(uf.find(n));
        for (Bound b : bounds) boundOf.computeIfAbsent(uf.find(b.node()), k -> new ArrayList<>()).add(b);
        // An iterated class bound to a derived term iterates the term's parts (OCANNL's
        // Iterated (Conv_input {over; kernel}) marks both): a pooling window appears nowhere else.
        List<Node> work = new ArrayList<>(iterRoots);
        while (!work.isEmpty()) {
            Node root = work.removeLast();
            for (Bound b : boundOf.getOrDefault(root, List.of())) {
                Set<Node> inner = new HashSet<>();
                collect(b.term(), inner);
                for (Node n : inner) if (iterRoots.add(uf.find(n))) work.add(uf.find(n));
            }
        }
        for (Node n : in.sizes().keySet()) if (n instanceof Node.Label l) labelNames.add(l.var());

        // Canonical naming: occurrence axes in order, then any class left (by its smallest member;
        // a class already visited is a no-op there, so only the others' members are described).
        for (List<Node> axes : in.axes()) for (Node n : axes) visit(uf.find(n));
        Map<Node, TreeSet<String>> members = new HashMap<>();
        for (Node n : in.sizes().keySet()) {
            Node root = uf.find(n);
            if (!visited.contains(root)) members.computeIfAbsent(root, k -> new TreeSet<>()).add(describe(n));
        }
        members.keySet().stream().sorted(Comparator.comparing(r -> members.get(r).first())).forEach(this::visit);

        // Stratum 2: every derived binding and deferred check is evaluated.
        for (Node root : boundOf.keySet()) label(root);
        for (Check c : checks) {
            Index a = evaluate(c.left()), b = evaluate(c.right());
            if (!a.equals(b))
                throw fail(ProjectionError.Kind.DERIVED_CONFLICT, a.render() + " ≠ " + b.render() + " required by " + c.why().render());
        }

        List<Index> lhs = new ArrayList<>();
        List<List<Index>> rhs = new ArrayList<>();
        List<TensorAxis> lhsAxes = new ArrayList<>();
        List<List<TensorAxis>> rhsAxes = new ArrayList<>();
        List<Long> lhsSizes = new ArrayList<>();
        for (int k = 0; k < in.axes().size(); k++) {
            List<Index> idx = new ArrayList<>();
            List<TensorAxis> refs = new ArrayList<>();
            for (Node n : in.axes().get(k)) {
                idx.add(label(uf.find(n)));
                refs.add(new TensorAxis(ref((Node.Axis) n), size(n)));
                if (k == 0) lhsSizes.add(in.sizes().get(n));
            }
            if (k == 0) {
                lhs.addAll(idx);
                lhsAxes.addAll(refs);
            } else {
                rhs.add(idx);
                rhsAxes.add(refs);
            }
        }
        List<Factor.Entry> product = product();
        Coverage cov = Coverage.of(product, lhs, lhsSizes);
        boolean initialize = op.erasing() && (!cov.injective() || !cov.surjective());
        Map<AxisRef, Padding> padding = padding();
        checkBounds(padding);
        return new Projections(op.label(), product, lhs, rhs, lhsAxes, rhsAxes, cov.reductions(), cov.injective(),
                cov.surjective(), !cov.injective(), initialize, padding);
    }

    /**
     * Thm. 7.8(1) for derived labels, checked rather than assumed: every affine index must stay in
     * {@code [-left, n + right)} of each axis it addresses (margins of this operation's padded mode;
     * none in valid mode). Valid mode with a non-zero offset fails here: its reach exceeds the
     * operand by the offset (the size formula has no offset, seed 000).
     */
    private void checkBounds(Map<AxisRef, Padding> padding) {
        if (boundOf.isEmpty()) return; // only a class bound to a derived term has an index to check
        Map<String, Long> extent = new HashMap<>();
        for (var e : symbolOf.entrySet()) extent.put(e.getValue(), size(e.getKey()));
        for (List<Node> axes : in.axes())
            for (Node n : axes) {
                Node root = uf.find(n);
                if (!boundOf.containsKey(root)) continue;
                Index idx = label(root);
                long[] r = ProductSpace.range(idx, extent);
                if (r == null) continue;
                Padding pad = padding.getOrDefault(ref((Node.Axis) n), Padding.NONE);
                long size = size(n);
                if (r[0] < -pad.left() || r[1] > size - 1 + pad.right())
                    throw fail(ProjectionError.Kind.DERIVED_CONFLICT, "the index " + idx.render() + " of " + describe(n)
                            + " ranges over " + r[0] + ".." + r[1] + ", outside the axis 0.." + (size - 1)
                            + (pad.equals(Padding.NONE) ? "" : " with margins " + pad.left() + "/" + pad.right())
                            + " (Thm. 7.8 bounded addressing)");
            }
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
            long sp = size(p.node()), sq = size(q.node());
            if (sp != sq)
                throw fail(ProjectionError.Kind.SIZE_MISMATCH, describe(p.node()) + " (size " + sp + ") and " + describe(q.node())
                        + " (size " + sq + ") would be co-iterated by " + why.render());
            uf.union(p.node(), q.node());
        } else if (a instanceof Atom.Proj p && b instanceof Atom.Sol s) pins.add(new Pin(p.node(), s.index(), why));
        else if (a instanceof Atom.Sol s && b instanceof Atom.Proj p) pins.add(new Pin(p.node(), s.index(), why));
        else if (a instanceof Atom.Sol s && b instanceof Atom.Sol t) {
            if (!s.index().equals(t.index()))
                throw fail(ProjectionError.Kind.SOLVED_MISMATCH, s.index().render() + " ≠ " + t.index().render() + " required by " + why.render());
        } else if (a instanceof Atom.Proj p) bounds.add(new Bound(p.node(), b, why));
        else if (b instanceof Atom.Proj p) bounds.add(new Bound(p.node(), a, why));
        else checks.add(new Check(a, b, why));
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

    private void visit(Node root) {
        if (!visited.add(root)) return;
        if (pinOf.containsKey(root)) return;
        List<Bound> bs = boundOf.get(root);
        if (bs != null) {
            for (Bound b : bs) visitAtom(b.term());
            return;
        }
        boolean iterated = iterRoots.contains(root) && size(root) > 1;
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
    private Index label(Node root) {
        Index done = labelOf.get(root);
        if (done != null) return done;
        if (!evaluating.add(root))
            throw fail(ProjectionError.Kind.DERIVED_CONFLICT, "the index of " + describe(root) + " is defined in terms of itself");
        Index result;
        Pin pin = pinOf.get(root);
        List<Bound> bs = boundOf.getOrDefault(root, List.of());
        if (pin != null) result = pin.index();
        else if (!bs.isEmpty()) result = evaluate(bs.getFirst().term());
        else if (symbolOf.containsKey(root)) result = new Index.Iter(symbolOf.get(root));
        else result = new Index.Fixed(0);
        for (Bound b : bs) {
            Index v = evaluate(b.term());
            if (!v.equals(result))
                throw fail(ProjectionError.Kind.DERIVED_CONFLICT, describe(b.node()) + " is indexed by " + result.render()
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
                        throw fail(ProjectionError.Kind.DERIVED_CONFLICT, "a concatenated axis part is indexed by " + i.render()
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
                if (f.term().padding()) offset[0] -= Padding.ofExtent(extent(f)).left();
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
            case Index.Concat cc -> throw fail(ProjectionError.Kind.DERIVED_CONFLICT,
                    "a concatenated index " + cc.render() + " inside an affine index is not supported (as in OCANNL)");
        }
    }

    /**
     * The dilated kernel extent {@code 1 + (k−1)·dilation}: the valid-mode input size of one output
     * position, computed by {@link Sizes#affineInput} (the one place of the formula, Conj. 8.4(a)).
     */
    static long extent(Atom.Affine f) {
        Dim.Affine t = f.term();
        Dim.Affine valid = new Dim.Affine(t.over(), t.stride(), t.kernel(), t.dilation(), false, 0);
        return t.kernel().isEmpty() ? 1 : Sizes.affineInput(valid, 1L, f.kernelSize());
    }

    private List<Factor.Entry> product() {
        if (concats.isEmpty()) { // no Concat index: every symbol is an entry of its own, in naming order
            List<Factor.Entry> out = new ArrayList<>(symbolOf.size());
            for (var e : symbolOf.entrySet()) out.add(new Factor.Entry(List.of(new Factor(e.getValue(), size(e.getKey())))));
            return out;
        }
        List<String> order = new ArrayList<>(symbolOf.values());
        Map<String, Long> extent = new HashMap<>();
        for (var e : symbolOf.entrySet()) extent.put(e.getValue(), size(e.getKey()));
        UnionFind<String> comps = new UnionFind<>();
        for (List<String> c : concats) for (int i = 1; i < c.size(); i++) comps.union(c.getFirst(), c.get(i));
        Map<String, List<Factor>> byRoot = new LinkedHashMap<>();
        for (String s : order) byRoot.computeIfAbsent(comps.find(s), k -> new ArrayList<>()).add(new Factor(s, extent.get(s)));
        return byRoot.values().stream().map(Factor.Entry::new).toList();
    }

    private Map<AxisRef, Padding> padding() {
        Map<AxisRef, Padding> out = new LinkedHashMap<>();
        for (var e : boundOf.entrySet())
            for (Bound b : e.getValue())
                if (b.term() instanceof Atom.Affine f && f.term().padding()) {
                    Padding p = Padding.ofExtent(extent(f));
                    for (List<Node> axes : in.axes())
                        for (Node n : axes)
                            if (uf.find(n).equals(e.getKey())) out.merge(ref((Node.Axis) n), p, Padding::max);
                }
        return out;
    }

    private AxisRef ref(Node.Axis a) {
        return new AxisRef(occs.get(a.occurrence()).name(), a.kind(), a.position());
    }

    private long size(Node n) {
        Long s = in.sizes().get(n);
        if (s == null) throw new IllegalStateException("no size for " + n);
        return s;
    }

    private String describe(Node n) {
        return switch (n) {
            case Node.Axis a -> "tensor " + occs.get(a.occurrence()).name() + " ("
                    + (a.occurrence() == 0 ? "LHS" : "operand " + a.occurrence()) + ") " + a.kind().word + " axis " + a.position();
            case Node.Label l -> "label " + l.var();
            case Node.RowPos r -> "axis " + r.position() + " of <" + r.var() + ">";
        };
    }

    private ProjectionError fail(ProjectionError.Kind kind, String msg) {
        return new ProjectionError(kind, op.label(), msg + " [" + switch (kind) {
            case SIZE_MISMATCH -> "Thm. 7.4(a)";
            case PIN_CONFLICT -> "Thm. 7.4(b)";
            case SOLVED_MISMATCH -> "Thm. 7.4(c)";
            case DERIVED_CONFLICT -> "Conj. 8.2, stratum 2";
            case INPUT -> "input contract";
        } + "]");
    }
}
