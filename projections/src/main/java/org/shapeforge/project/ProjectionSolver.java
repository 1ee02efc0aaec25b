package org.shapeforge.project;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;

/**
 * The solver of Def. 7.3 with the second stratum of Conj. 8.2 (seed 003 §7), one operation at a
 * time: {@link Stratum1} passes over the equations (unions, pins, marks, derived bindings),
 * {@link Labelling} labels the classes (stratum 1 and 2, canonical names), and this class reads
 * the result off the occurrence axes — the product space with its Concat components (Def. 7.5),
 * coverage and the Prop. 7.6 flags, the padding margins of padded Affine axes, and the
 * Thm. 7.8(1) bounds check.
 *
 * <p>Naming is canonical, so shuffling the equations changes nothing at all (Thm. 7.4 promises
 * "nothing but names").
 */
final class ProjectionSolver {
    private final SolverContext cx;
    private final Elaboration.Result in;
    private final UnionFind<Node> uf;
    private final Labelling lab;

    private ProjectionSolver(SolverContext cx, Stratum1 s1, Labelling lab) {
        this.cx = cx;
        this.in = cx.in;
        this.uf = s1.uf;
        this.lab = lab;
    }

    static Projections solve(Operation op, Elaboration.Result in) {
        SolverContext cx = new SolverContext(op, in);
        Stratum1 s1 = Stratum1.of(cx);
        return new ProjectionSolver(cx, s1, Labelling.of(cx, s1)).run();
    }

    private Projections run() {
        List<Index> lhs = new ArrayList<>();
        List<List<Index>> rhs = new ArrayList<>();
        List<TensorAxis> lhsAxes = new ArrayList<>();
        List<List<TensorAxis>> rhsAxes = new ArrayList<>();
        List<Long> lhsSizes = new ArrayList<>();
        for (int k = 0; k < in.axes().size(); k++) {
            List<Index> idx = new ArrayList<>();
            List<TensorAxis> refs = new ArrayList<>();
            for (Node n : in.axes().get(k)) {
                idx.add(lab.label(uf.find(n)));
                refs.add(new TensorAxis(cx.ref((Node.Axis) n), cx.size(n)));
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
        boolean initialize = cx.op.erasing() && (!cov.injective() || !cov.surjective());
        Map<AxisRef, Padding> padding = padding();
        checkBounds(padding);
        return new Projections(cx.op.label(), product, lhs, rhs, lhsAxes, rhsAxes, cov.reductions(), cov.injective(),
                cov.surjective(), !cov.injective(), initialize, padding);
    }

    /**
     * Thm. 7.8(1) for derived labels, checked rather than assumed: every affine index must stay in
     * {@code [-left, n + right)} of each axis it addresses (margins of this operation's padded mode;
     * none in valid mode). Valid mode with a non-zero offset fails here: its reach exceeds the
     * operand by the offset (the size formula has no offset, seed 000).
     */
    private void checkBounds(Map<AxisRef, Padding> padding) {
        if (lab.boundOf.isEmpty()) return; // only a class bound to a derived term has an index to check
        Map<String, Long> extent = new HashMap<>();
        for (var e : lab.symbolOf.entrySet()) extent.put(e.getValue(), cx.size(e.getKey()));
        for (List<Node> axes : in.axes())
            for (Node n : axes) {
                Node root = uf.find(n);
                if (!lab.boundOf.containsKey(root)) continue;
                Index idx = lab.label(root);
                long[] r = ProductSpace.range(idx, extent);
                if (r == null) continue;
                Padding pad = padding.getOrDefault(cx.ref((Node.Axis) n), Padding.NONE);
                long size = cx.size(n);
                if (r[0] < -pad.left() || r[1] > size - 1 + pad.right())
                    throw cx.fail(ProjectionError.Kind.DERIVED_CONFLICT, "the index " + idx.render() + " of " + cx.describe(n)
                            + " ranges over " + r[0] + ".." + r[1] + ", outside the axis 0.." + (size - 1)
                            + (pad.equals(Padding.NONE) ? "" : " with margins " + pad.left() + "/" + pad.right())
                            + " (Thm. 7.8 bounded addressing)");
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

    /**
     * The product space (Def. 7.5): one entry per connected component of the symbols joined by a
     * Concat index, in naming order.
     */
    private List<Factor.Entry> product() {
        if (lab.concats.isEmpty()) { // no Concat index: every symbol is an entry of its own, in naming order
            List<Factor.Entry> out = new ArrayList<>(lab.symbolOf.size());
            for (var e : lab.symbolOf.entrySet()) out.add(new Factor.Entry(List.of(new Factor(e.getValue(), cx.size(e.getKey())))));
            return out;
        }
        List<String> order = new ArrayList<>(lab.symbolOf.values());
        Map<String, Long> extent = new HashMap<>();
        for (var e : lab.symbolOf.entrySet()) extent.put(e.getValue(), cx.size(e.getKey()));
        UnionFind<String> comps = new UnionFind<>();
        for (List<String> c : lab.concats) for (int i = 1; i < c.size(); i++) comps.union(c.getFirst(), c.get(i));
        Map<String, List<Factor>> byRoot = new LinkedHashMap<>();
        for (String s : order) byRoot.computeIfAbsent(comps.find(s), k -> new ArrayList<>()).add(new Factor(s, extent.get(s)));
        return byRoot.values().stream().map(Factor.Entry::new).toList();
    }

    /** The margins of every axis a padded Affine index addresses, the widest where several do. */
    private Map<AxisRef, Padding> padding() {
        Map<AxisRef, Padding> out = new LinkedHashMap<>();
        for (var e : lab.boundOf.entrySet())
            for (Stratum1.Bound b : e.getValue())
                if (b.term() instanceof Atom.Affine f && f.term().padding()) {
                    Padding p = Padding.ofExtent(extent(f));
                    for (List<Node> axes : in.axes())
                        for (Node n : axes)
                            if (uf.find(n).equals(e.getKey())) out.merge(cx.ref((Node.Axis) n), p, Padding::max);
                }
        return out;
    }
}
