package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Update;

/**
 * Sums of products as one loop-IR operation each, {@code out =:+ a·b} (Prop. 7.6: the reduction
 * iterators are the ones the result does not mention): MatMul with NumPy batch broadcasting and
 * the 1-D promotions, Gemm (a contraction, then {@code α·t + β·C}), Einsum (NumPy syntax with
 * {@code ...}, repeated letters as diagonals, implicit output).
 */
final class Contractions {
    private Contractions() {}

    static Value matmul(Kernels k, String name, Value a, Value b) {
        return matmul(k, name, a, b, Tail.NONE);
    }

    /** MatMul, with {@code tail} as its kernel's epilogue (issue 29) where it fuses (not under a 1-D promotion). */
    static Value matmul(Kernels k, String name, Value a, Value b, Tail tail) {
        boolean aVec = a.rank() == 1, bVec = b.rank() == 1;
        List<Integer> ad = aVec ? List.of(1, a.dims().get(0)) : a.dims();
        List<Integer> bd = bVec ? List.of(b.dims().get(0), 1) : b.dims();
        int m = ad.get(ad.size() - 2), kk = ad.getLast(), n = bd.getLast();
        if (bd.get(bd.size() - 2) != kk) throw new IllegalArgumentException(name + ": inner sizes " + ad + " × " + bd);
        List<Integer> batch = Pointwise.broadcast(name, List.of(ad.subList(0, ad.size() - 2), bd.subList(0, bd.size() - 2)));
        Kernel kb = new Kernel(name);
        List<Kernel.Ix> bi = new ArrayList<>();
        for (int d : batch) bi.add(kb.iter(d));
        Kernel.Ix mi = kb.iter(m), ni = kb.iter(n), ki = kb.iter(kk);
        List<Index> ai = new ArrayList<>(Pointwise.operand(ad.subList(0, ad.size() - 2), bi));
        ai.add(Kernel.at(mi));
        ai.add(Kernel.at(ki));
        List<Index> bix = new ArrayList<>(Pointwise.operand(bd.subList(0, bd.size() - 2), bi));
        bix.add(Kernel.at(ki));
        bix.add(Kernel.at(ni));
        List<Integer> dims = new ArrayList<>(batch);
        dims.add(m);
        dims.add(n);
        List<Index> out = new ArrayList<>(bi.stream().map(Kernel::at).toList());
        out.add(Kernel.at(mi));
        out.add(Kernel.at(ni));
        List<Integer> result = new ArrayList<>(batch);
        if (!aVec) result.add(m);
        if (!bVec) result.add(n);
        Expr rhs = new Expr.Binary(BinOp.MUL, Kernel.read(kb.tensor(a, ad), ai), Kernel.read(kb.tensor(b, bd), bix));
        java.util.Optional<Expr> epilogue = dims.equals(result) && Kernel.separates(out)
                ? tail.finish(kb, Kernel.result(out), out, dims, a.type()) : java.util.Optional.empty();
        return kb.run(k, dims, out, rhs, Update.accumulate(BinOp.ADD), epilogue, result, a.type());
    }

    static Value gemm(Kernels k, String name, Value a, Value b, Value c, double alpha, double beta, boolean ta, boolean tb) {
        return gemm(k, name, a, b, c, alpha, beta, ta, tb, Tail.NONE);
    }

    /**
     * Gemm: {@code α·(A·B) + β·C} as the contraction's epilogue (C broadcast to the result, read
     * like it), then {@code tail} (issue 29).
     */
    static Value gemm(Kernels k, String name, Value a, Value b, Value c, double alpha, double beta, boolean ta, boolean tb, Tail tail) {
        int m = ta ? a.dims().get(1) : a.dims().get(0), kk = ta ? a.dims().get(0) : a.dims().get(1);
        int n = tb ? b.dims().get(0) : b.dims().get(1);
        Kernel kb = new Kernel(name + "_ab");
        Kernel.Ix mi = kb.iter(m), ni = kb.iter(n), ki = kb.iter(kk);
        List<Index> ai = ta ? List.of(Kernel.at(ki), Kernel.at(mi)) : List.of(Kernel.at(mi), Kernel.at(ki));
        List<Index> bi = tb ? List.of(Kernel.at(ni), Kernel.at(ki)) : List.of(Kernel.at(ki), Kernel.at(ni));
        Expr rhs = new Expr.Binary(BinOp.MUL, Kernel.read(kb.tensor(a), ai), Kernel.read(kb.tensor(b), bi));
        List<Index> out = List.of(Kernel.at(mi), Kernel.at(ni));
        List<Integer> dims = List.of(m, n);
        boolean fits = c == null || beta == 0 || Pointwise.broadcast(name, List.of(dims, c.dims())).equals(dims);
        if (fits && c != null && c.dims().contains(0)) fits = false;
        if (fits) {
            Expr cell = Kernel.result(out);
            if (alpha != 1) cell = new Expr.Binary(BinOp.MUL, new Expr.Const(alpha), cell);
            if (c != null && beta != 0) cell = new Expr.Fma(new Expr.Const(beta), Kernel.read(kb.tensor(c), Kernel.like(c.dims(), out)), cell);
            java.util.Optional<Expr> epilogue = tail.finish(kb, cell, out, dims, a.type());
            if (epilogue.isPresent() || c != null && beta != 0 || alpha != 1)
                return kb.run(k, dims, out, rhs, Update.accumulate(BinOp.ADD), java.util.Optional.of(epilogue.orElse(cell)), dims, a.type());
        }
        Value t = kb.run(k, dims, out, rhs, Update.accumulate(BinOp.ADD), a.type());
        if (c == null && alpha == 1) return t;
        List<Value> ins = c == null || beta == 0 ? List.of(t) : List.of(t, c);
        return Pointwise.map(k, name, ins, r -> {
            Expr e = new Expr.Binary(BinOp.MUL, new Expr.Const(alpha), r.get(0));
            return r.size() == 1 ? e : new Expr.Fma(new Expr.Const(beta), r.get(1), e);
        }, a.type());
    }

    static Value einsum(Kernels k, String name, String equation, List<Value> ins) {
        String eq = equation.replace(" ", "");
        String lhs = eq.contains("->") ? eq.substring(0, eq.indexOf("->")) : eq;
        String[] terms = lhs.split(",", -1);
        if (terms.length != ins.size()) throw new IllegalArgumentException(name + ": " + terms.length + " terms for " + ins.size() + " inputs");
        int ell = 0;
        for (int j = 0; j < terms.length; j++)
            if (terms[j].contains("...")) ell = Math.max(ell, ins.get(j).rank() - (terms[j].length() - 3));
        // letters per operand, ellipsis axes as '0'..'9' (right-aligned across operands)
        List<List<Character>> letters = new ArrayList<>();
        Map<Character, Integer> extent = new LinkedHashMap<>();
        for (int j = 0; j < terms.length; j++) {
            List<Character> ls = new ArrayList<>();
            String s = terms[j];
            int e = s.contains("...") ? ins.get(j).rank() - (s.length() - 3) : 0;
            for (int p = 0; p < s.length(); p++) {
                if (s.startsWith("...", p)) {
                    for (int q = 0; q < e; q++) ls.add((char) ('0' + (ell - e + q)));
                    p += 2;
                } else ls.add(s.charAt(p));
            }
            if (ls.size() != ins.get(j).rank()) throw new IllegalArgumentException(name + ": term '" + s + "' for rank " + ins.get(j).rank());
            for (int a = 0; a < ls.size(); a++) {
                int d = ins.get(j).dims().get(a);
                extent.merge(ls.get(a), d, (x, y) -> x == 1 ? y : y == 1 ? x : x);
            }
            letters.add(ls);
        }
        List<Character> outLetters = new ArrayList<>();
        if (eq.contains("->")) {
            String r = eq.substring(eq.indexOf("->") + 2);
            for (int p = 0; p < r.length(); p++) {
                if (r.startsWith("...", p)) {
                    for (int q = 0; q < ell; q++) outLetters.add((char) ('0' + q));
                    p += 2;
                } else outLetters.add(r.charAt(p));
            }
        } else {
            for (int q = 0; q < ell; q++) outLetters.add((char) ('0' + q));
            Map<Character, Integer> count = new java.util.TreeMap<>();
            for (List<Character> ls : letters) for (char c : ls) if (!Character.isDigit(c)) count.merge(c, 1, Integer::sum);
            count.forEach((c, n) -> { if (n == 1) outLetters.add(c); });
        }
        Kernel kb = new Kernel(name);
        Map<Character, Kernel.Ix> ix = new LinkedHashMap<>();
        for (char c : outLetters) ix.put(c, kb.iter(extent.get(c)));
        for (char c : extent.keySet()) if (!ix.containsKey(c)) ix.put(c, kb.iter(extent.get(c)));
        Expr rhs = null;
        for (int j = 0; j < ins.size(); j++) {
            List<Index> acc = new ArrayList<>();
            for (int a = 0; a < letters.get(j).size(); a++)
                acc.add(ins.get(j).dims().get(a) == 1 ? Index.fixed(0) : Kernel.at(ix.get(letters.get(j).get(a))));
            Expr r = Kernel.read(kb.tensor(ins.get(j)), acc);
            rhs = rhs == null ? r : new Expr.Binary(BinOp.MUL, rhs, r);
        }
        List<Integer> dims = outLetters.stream().map(extent::get).toList();
        boolean reduces = extent.keySet().stream().anyMatch(c -> !outLetters.contains(c) && extent.get(c) > 1);
        return kb.run(k, dims, outLetters.stream().map(c -> Kernel.at(ix.get(c))).toList(), rhs,
                reduces ? Update.accumulate(BinOp.ADD) : Update.assign(), ins.getFirst().type());
    }
}
