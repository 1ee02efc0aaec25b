package org.shapeforge.codegen;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;

/**
 * Random well-formed operations: 1–3 single iterators and possibly a Concat factor; a left-hand side
 * of pure iterators, fixed, strided or Concat indices (surjective or not); reads with affine indices
 * (coefficients 1–2, offsets −2..2: margins where they leave the extent), fixed and Concat indices;
 * expressions over ADD/SUB/MUL/MAX/MIN, NEG/RELU/ABS and FMA; every kind of update.
 */
public final class GeneratedOps {
    private GeneratedOps() {}

    public static Operation generate(SplittableRandom rnd, int id) {
        List<Factor> factors = new ArrayList<>();
        List<LoopVar> singles = new ArrayList<>();
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
            LoopVar v = new LoopVar("s" + i, 2 + rnd.nextInt(4));
            singles.add(v);
            factors.add(new Factor.Single(v));
        }
        List<LoopVar> parts = new ArrayList<>();
        if (rnd.nextInt(3) == 0) {
            int k = 2 + rnd.nextInt(2);
            for (int p = 0; p < k; p++) parts.add(new LoopVar("c" + p, 1 + rnd.nextInt(3)));
            factors.add(new Factor.Concat(parts));
        }
        ProductSpace space = new ProductSpace(factors);
        List<TensorDecl> tensors = new ArrayList<>();
        // left-hand side
        List<Index> li = new ArrayList<>();
        List<Integer> ldims = new ArrayList<>();
        Set<String> used = new HashSet<>();
        boolean concatUsed = false;
        int rank = 1 + rnd.nextInt(3);
        for (int ax = 0; ax < rank; ax++) {
            int form = rnd.nextInt(5);
            if (form == 4 && !parts.isEmpty() && !concatUsed) {
                concatUsed = true;
                li.add(new Index.Concat(parts.stream().map(LoopVar::symbol).toList()));
                ldims.add(parts.stream().mapToInt(LoopVar::extent).sum() + (rnd.nextInt(4) == 0 ? 1 : 0));
                continue;
            }
            LoopVar v = singles.get(rnd.nextInt(singles.size()));
            if (form <= 1 && used.add(v.symbol())) {
                li.add(Index.iter(v.symbol()));
                ldims.add(v.extent() + (rnd.nextInt(5) == 0 ? 1 : 0));
            } else if (form == 2 && used.add(v.symbol())) {
                int off = rnd.nextInt(2);
                li.add(new Index.Affine(List.of(new Index.Term(2, v.symbol())), off));
                ldims.add(2 * (v.extent() - 1) + off + 1);
            } else {
                li.add(Index.fixed(0));
                ldims.add(1 + rnd.nextInt(2));
            }
        }
        // reads
        int reads = 1 + rnd.nextInt(3);
        List<Expr> leaves = new ArrayList<>();
        for (int r = 0; r < reads; r++) {
            String name = "in" + r;
            int rr = 1 + rnd.nextInt(3);
            List<Index> ri = new ArrayList<>();
            List<Integer> dims = new ArrayList<>();
            List<TensorDecl.Margin> margins = new ArrayList<>();
            for (int ax = 0; ax < rr; ax++) {
                int form = rnd.nextInt(6);
                long lo, hi;
                if (form == 5 && !parts.isEmpty()) {
                    ri.add(new Index.Concat(parts.stream().map(LoopVar::symbol).toList()));
                    lo = 0;
                    hi = parts.stream().mapToInt(LoopVar::extent).sum() - 1;
                } else if (form == 4) {
                    int c = rnd.nextInt(3);
                    ri.add(Index.fixed(c));
                    lo = c;
                    hi = c;
                } else {
                    List<LoopVar> pool = new ArrayList<>(singles);
                    pool.addAll(parts);
                    LoopVar a = pool.get(rnd.nextInt(pool.size()));
                    List<Index.Term> terms = new ArrayList<>(List.of(new Index.Term(1 + rnd.nextInt(2), a.symbol())));
                    lo = 0;
                    hi = (long) terms.getFirst().coeff() * (a.extent() - 1);
                    if (form == 3) {
                        LoopVar b = singles.get(rnd.nextInt(singles.size()));
                        if (!b.symbol().equals(a.symbol())) {
                            terms.add(new Index.Term(1, b.symbol()));
                            hi += b.extent() - 1;
                        }
                    }
                    int off = rnd.nextInt(5) - 2;
                    ri.add(new Index.Affine(terms, off));
                    lo += off;
                    hi += off;
                }
                int dim = (int) Math.max(1, hi + 1 - rnd.nextInt(2));
                dims.add(dim);
                margins.add(new TensorDecl.Margin((int) Math.max(0, -lo), (int) Math.max(0, hi - dim + 1)));
            }
            tensors.add(new TensorDecl(name, dims, margins, rnd.nextInt(3) - 1));
            leaves.add(new Expr.Read(new Access(name, ri)));
        }
        Expr rhs = combine(leaves, rnd);
        TensorDecl lhsDecl = TensorDecl.of("out", ldims);
        tensors.add(lhsDecl);
        Access lhs = new Access("out", li);
        org.shapeforge.codegen.ir.Coverage cov = org.shapeforge.codegen.ir.Coverage.of(space, lhsDecl, lhs);
        BinOp[] accs = {BinOp.ADD, BinOp.MAX, BinOp.MIN, BinOp.MUL};
        Update u;
        int kind = rnd.nextInt(3);
        if (kind == 0 && !cov.accumulateRequired() && cov.injective()) u = Update.assign();
        else if (kind == 1) u = Update.accumulateInto(accs[rnd.nextInt(3)]);
        else u = Update.accumulate(accs[rnd.nextInt(3)]);
        return new Operation("gen" + id, tensors, space, lhs, rhs, u);
    }

    private static Expr combine(List<Expr> leaves, SplittableRandom rnd) {
        Expr e = leaves.getFirst();
        BinOp[] ops = {BinOp.ADD, BinOp.SUB, BinOp.MUL, BinOp.MAX, BinOp.MIN};
        UnOp[] uns = {UnOp.NEG, UnOp.RELU, UnOp.ABS};
        for (int i = 1; i < leaves.size(); i++) {
            if (rnd.nextInt(4) == 0 && i + 1 < leaves.size()) {
                e = new Expr.Fma(e, leaves.get(i), leaves.get(i + 1));
                i++;
            } else {
                e = new Expr.Binary(ops[rnd.nextInt(ops.length)], e, leaves.get(i));
            }
        }
        if (rnd.nextInt(3) == 0) e = new Expr.Unary(uns[rnd.nextInt(uns.length)], e);
        if (rnd.nextInt(5) == 0) e = new Expr.Binary(BinOp.ADD, e, new Expr.Const(0.5));
        return e;
    }
}
