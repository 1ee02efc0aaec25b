package org.shapeforge.codegen.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;

/**
 * Constructor helpers: the operations projection inference produces for the common shape logics,
 * built exactly as Def. 7.3 labels them — a class of size 1 is {@code Fix(0)} and mints no factor,
 * a broadcast operand axis of size 1 is pinned at 0 (P2), Concat parts keep their symbols even at
 * size 1. Tensor names are {@code a, b, …} for operands and {@code c} for the result unless stated.
 */
public final class Ops {
    private Ops() {}

    /** {@code c[i,j] =:+ a[i,k] · b[k,j]}. */
    public static Operation matmul(int m, int k, int n) {
        Space s = new Space();
        Index i = s.iter("i", m), j = s.iter("j", n), kk = s.iter("k", k);
        return new Operation("matmul", List.of(TensorDecl.of("a", List.of(m, k)), TensorDecl.of("b", List.of(k, n)),
                TensorDecl.of("c", List.of(m, n))), s.build(), new Access("c", List.of(i, j)),
                new Expr.Binary(BinOp.MUL, Expr.read("a", i, kk), Expr.read("b", kk, j)), Update.accumulate(BinOp.ADD));
    }

    /** {@code c[p,i,j] =:+ a[p,i,k] · b[p,k,j]}. */
    public static Operation batchedMatmul(int batch, int m, int k, int n) {
        Space s = new Space();
        Index p = s.iter("p", batch), i = s.iter("i", m), j = s.iter("j", n), kk = s.iter("k", k);
        return new Operation("batched_matmul", List.of(TensorDecl.of("a", List.of(batch, m, k)),
                TensorDecl.of("b", List.of(batch, k, n)), TensorDecl.of("c", List.of(batch, m, n))), s.build(),
                new Access("c", List.of(p, i, j)),
                new Expr.Binary(BinOp.MUL, Expr.read("a", p, i, kk), Expr.read("b", p, kk, j)), Update.accumulate(BinOp.ADD));
    }

    /**
     * {@code c = a op b} with broadcasting: rows aligned at their trailing (outer) edge, a size-1
     * operand axis against a larger result axis pinned at 0 (P2: sever and pin).
     */
    public static Operation broadcast(BinOp op, List<Integer> aDims, List<Integer> bDims) {
        int r = Math.max(aDims.size(), bDims.size());
        List<Integer> cDims = new ArrayList<>();
        for (int ax = 0; ax < r; ax++) {
            int da = dimAligned(aDims, r, ax), db = dimAligned(bDims, r, ax);
            if (da != db && da != 1 && db != 1)
                throw new IllegalArgumentException("broadcast: axis " + ax + " sizes " + da + " and " + db + " differ");
            cDims.add(Math.max(da, db));
        }
        Space s = new Space();
        List<Index> ci = new ArrayList<>();
        for (int ax = 0; ax < r; ax++) ci.add(s.iter("d" + ax, cDims.get(ax)));
        return new Operation("broadcast_" + op.name().toLowerCase(), List.of(TensorDecl.of("a", aDims), TensorDecl.of("b", bDims),
                TensorDecl.of("c", cDims)), s.build(), new Access("c", ci),
                new Expr.Binary(op, new Expr.Read(operand("a", aDims, ci, r)), new Expr.Read(operand("b", bDims, ci, r))),
                Update.assign());
    }

    /** {@code c = op(a)} elementwise. */
    public static Operation unary(UnOp op, List<Integer> dims) {
        Space s = new Space();
        List<Index> ix = new ArrayList<>();
        for (int ax = 0; ax < dims.size(); ax++) ix.add(s.iter("d" + ax, dims.get(ax)));
        return new Operation("unary_" + op.name().toLowerCase(), List.of(TensorDecl.of("a", dims), TensorDecl.of("c", dims)),
                s.build(), new Access("c", ix), new Expr.Unary(op, Expr.read("a", ix.toArray(Index[]::new))), Update.assign());
    }

    /** {@code c =:op a} reducing the axes in {@code reduced} (the result keeps the others, in order). */
    public static Operation reduce(BinOp op, List<Integer> dims, List<Integer> reduced) {
        Space s = new Space();
        List<Index> ai = new ArrayList<>(), ci = new ArrayList<>();
        List<Integer> cDims = new ArrayList<>();
        for (int ax = 0; ax < dims.size(); ax++) {
            Index ix = s.iter("d" + ax, dims.get(ax));
            ai.add(ix);
            if (!reduced.contains(ax)) { ci.add(ix); cDims.add(dims.get(ax)); }
        }
        return new Operation("reduce_" + op.name().toLowerCase(), List.of(TensorDecl.of("a", dims), TensorDecl.of("c", cDims)),
                s.build(), new Access("c", ci), Expr.read("a", ai.toArray(Index[]::new)), Update.accumulate(op));
    }

    /**
     * Concatenation of {@code parts} along {@code axis}: one Concat factor whose part b ranges over
     * part b's extent; the result's axis is indexed {@code p0 ^ p1 ^ …}; the right-hand side is
     * {@code a0 + a1 + …}, of which exactly one operand is present in each block ({@link Expr}).
     * Operands are named {@code a0, a1, …}.
     */
    public static Operation concat(List<List<Integer>> parts, int axis) {
        List<Integer> first = parts.getFirst();
        Space s = new Space();
        List<Index> common = new ArrayList<>();
        for (int ax = 0; ax < first.size(); ax++) common.add(ax == axis ? null : s.iter("d" + ax, first.get(ax)));
        List<LoopVar> vars = new ArrayList<>();
        List<TensorDecl> tensors = new ArrayList<>();
        Expr rhs = null;
        int total = 0;
        for (int b = 0; b < parts.size(); b++) {
            List<Integer> d = parts.get(b);
            for (int ax = 0; ax < first.size(); ax++)
                if (ax != axis && !d.get(ax).equals(first.get(ax)))
                    throw new IllegalArgumentException("concat: part " + b + " differs from part 0 on axis " + ax);
            LoopVar v = new LoopVar("p" + b, d.get(axis));
            vars.add(v);
            total += v.extent();
            List<Index> ix = new ArrayList<>(common);
            ix.set(axis, Index.iter(v.symbol()));
            tensors.add(TensorDecl.of("a" + b, d));
            Expr r = new Expr.Read(new Access("a" + b, ix));
            rhs = rhs == null ? r : new Expr.Binary(BinOp.ADD, rhs, r);
        }
        s.factors.add(new Factor.Concat(vars));
        List<Integer> cDims = new ArrayList<>(first);
        cDims.set(axis, total);
        tensors.add(TensorDecl.of("c", cDims));
        List<Index> ci = new ArrayList<>(common);
        ci.set(axis, new Index.Concat(vars.stream().map(LoopVar::symbol).toList()));
        return new Operation("concat", tensors, s.build(), new Access("c", ci), rhs, Update.assign());
    }

    /** Per-spatial-axis convolution parameters; {@code padded}: size-preserving mode, else valid. */
    public record Window(int kernel, int stride, int dilation, boolean padded) {
        public Window {
            if (kernel < 1 || stride < 1 || dilation < 1) throw new IllegalArgumentException("window " + kernel + "/" + stride + "/" + dilation);
        }

        /** The dilated kernel's extent {@code 1 + (kernel−1)·dilation}. */
        public int span() {
            return 1 + (kernel - 1) * dilation;
        }

        /** The output extent over an input of {@code in}: {@code Sizes.affineOutput}, the one formula (Conj. 8.4(a)). */
        public int output(int in) {
            Dim.Affine a = new Dim.Affine(Dim.var("o"), stride, Optional.of(Dim.var("k")), dilation, padded, 0);
            return Math.toIntExact(Sizes.affineOutput(a, in, kernel).orElseThrow(() -> new IllegalArgumentException(
                    "no output size: input " + in + ", kernel " + kernel + ", stride " + stride + ", dilation " + dilation
                            + (padded ? " (padded: input must be divisible by the stride)" : " (valid)"))));
        }

        /** Margins of the input axis: none in valid mode; span − 1 split left ⌊(span−1)/2⌋, right the rest. */
        public TensorDecl.Margin margin() {
            if (!padded) return TensorDecl.Margin.NONE;
            int left = (span() - 1) / 2;
            return new TensorDecl.Margin(left, span() - 1 - left);
        }
    }

    /**
     * {@code y[n,o,s…] =:+ x[n,c, stride·s + dilation·k − left] · w[o,c,k…]}: a convolution with
     * batch {@code batch}, {@code cin} input and {@code cout} output channels over the spatial
     * axes {@code in}; tensors {@code x, w, y}; x carries margins (pad value 0) in padded mode.
     */
    public static Operation conv(int batch, int cin, int cout, List<Integer> in, List<Window> windows) {
        Space s = new Space();
        Index n = s.iter("n", batch), o = s.iter("o", cout);
        List<Index> xi = new ArrayList<>(List.of(n)), wi = new ArrayList<>(List.of(o)), yi = new ArrayList<>(List.of(n, o));
        List<Integer> yDims = new ArrayList<>(List.of(batch, cout)), wDims = new ArrayList<>(List.of(cout, cin));
        List<TensorDecl.Margin> xm = new ArrayList<>(List.of(TensorDecl.Margin.NONE, TensorDecl.Margin.NONE));
        Index c = s.iter("c", cin);
        xi.add(c);
        wi.add(c);
        for (int ax = 0; ax < in.size(); ax++) {
            Window w = windows.get(ax);
            int out = w.output(in.get(ax));
            yDims.add(out);
            wDims.add(w.kernel());
            xm.add(w.margin());
            Index os = s.iter("s" + ax, out), ks = s.iter("k" + ax, w.kernel());
            yi.add(os);
            wi.add(ks);
            xi.add(spatial(os, ks, w));
        }
        List<Integer> xDims = new ArrayList<>(List.of(batch, cin));
        xDims.addAll(in);
        return new Operation("conv", List.of(new TensorDecl("x", xDims, xm, 0.0), TensorDecl.of("w", wDims),
                TensorDecl.of("y", yDims)), s.build(), new Access("y", yi),
                new Expr.Binary(BinOp.MUL, Expr.read("x", xi.toArray(Index[]::new)), Expr.read("w", wi.toArray(Index[]::new))),
                Update.accumulate(BinOp.ADD));
    }

    /** {@code y[n,c,s…] =:max x[n,c, stride·s + dilation·k − left]}: max pooling; margins hold −∞, max's neutral element. */
    public static Operation maxPool(int batch, int channels, List<Integer> in, List<Window> windows) {
        Space s = new Space();
        Index n = s.iter("n", batch), c = s.iter("c", channels);
        List<Index> xi = new ArrayList<>(List.of(n, c)), yi = new ArrayList<>(List.of(n, c));
        List<Integer> yDims = new ArrayList<>(List.of(batch, channels)), xDims = new ArrayList<>(List.of(batch, channels));
        List<TensorDecl.Margin> xm = new ArrayList<>(List.of(TensorDecl.Margin.NONE, TensorDecl.Margin.NONE));
        for (int ax = 0; ax < in.size(); ax++) {
            Window w = windows.get(ax);
            int out = w.output(in.get(ax));
            yDims.add(out);
            xDims.add(in.get(ax));
            xm.add(w.margin());
            Index os = s.iter("s" + ax, out), ks = s.iter("k" + ax, w.kernel());
            yi.add(os);
            xi.add(spatial(os, ks, w));
        }
        return new Operation("max_pool", List.of(new TensorDecl("x", xDims, xm, Double.NEGATIVE_INFINITY),
                TensorDecl.of("y", yDims)), s.build(), new Access("y", yi), Expr.read("x", xi.toArray(Index[]::new)),
                Update.accumulate(BinOp.MAX));
    }

    private static Index spatial(Index os, Index ks, Window w) {
        List<Index.Term> terms = new ArrayList<>();
        if (os.pureIter() != null) terms.add(new Index.Term(w.stride(), os.pureIter()));
        if (ks.pureIter() != null) terms.add(new Index.Term(w.dilation(), ks.pureIter()));
        return new Index.Affine(terms, -w.margin().left());
    }

    private static int dimAligned(List<Integer> dims, int r, int ax) {
        int k = ax - (r - dims.size());
        return k < 0 ? 1 : dims.get(k);
    }

    private static Access operand(String name, List<Integer> dims, List<Index> ci, int r) {
        List<Index> ix = new ArrayList<>();
        for (int k = 0; k < dims.size(); k++) {
            int ax = k + r - dims.size();
            ix.add(dims.get(k) == 1 ? Index.fixed(0) : ci.get(ax));
        }
        return new Access(name, ix);
    }

    /** Def. 7.3's labeling: a class of size > 1 gets a fresh iterator (and a factor), size 1 is Fix(0). */
    private static final class Space {
        final List<Factor> factors = new ArrayList<>();

        Index iter(String symbol, int extent) {
            if (extent == 1) return Index.fixed(0);
            factors.add(new Factor.Single(new LoopVar(symbol, extent)));
            return Index.iter(symbol);
        }

        ProductSpace build() {
            return new ProductSpace(factors);
        }
    }
}
