package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.program.Fold;
import org.shapeforge.term.Dim;

/**
 * Sums of products as one loop-IR operation each, {@code out =:+ a·b} (Prop. 7.6: the reduction
 * iterators are the ones the result does not mention): MatMul with NumPy batch broadcasting and
 * the 1-D promotions, Gemm (a contraction, then {@code α·t + β·C}), Einsum (NumPy syntax with
 * {@code ...}, repeated letters as diagonals, implicit output). Each is stated as the typed
 * projections operation a {@code .shp} einsum becomes ({@link Projected}: labels, broadcast axes,
 * row equalities) and lowered as {@code .shp} programs are; this class builds no loop-IR index.
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
        Projected p = new Projected(name);
        List<Dim> bl = new ArrayList<>();
        for (int d : batch) bl.add(p.label(d));
        Dim mi = p.label(m), ni = p.label(n), ki = p.label(kk);
        List<Dim> ai = new ArrayList<>(broadcastBatch(p, ad.subList(0, ad.size() - 2), bl));
        ai.add(mi);
        ai.add(ki);
        List<Dim> bi = new ArrayList<>(broadcastBatch(p, bd.subList(0, bd.size() - 2), bl));
        bi.add(ki);
        bi.add(ni);
        p.operand(a, ad, ai);
        p.operand(b, bd, bi);
        List<Dim> out = new ArrayList<>(bl);
        out.add(mi);
        out.add(ni);
        List<Integer> result = new ArrayList<>(batch);
        if (!aVec) result.add(m);
        if (!bVec) result.add(n);
        Kernel kb = p.kernel(out, Fold.SUM);
        Optional<Expr> epilogue = kb.runs() && kb.foldsNeutral() && kb.dims().equals(result) && Kernel.separates(kb.lhs())
                ? tail.finish(kb, Kernel.result(kb.lhs()), kb.lhs(), kb.dims(), a.type()) : Optional.empty();
        return kb.run(k, epilogue, result, a.type());
    }

    /** An operand's batch axes against the result's batch labels (right-aligned; a size-1 axis broadcasts). */
    private static List<Dim> broadcastBatch(Projected p, List<Integer> dims, List<Dim> labels) {
        List<Dim> out = new ArrayList<>();
        int r = labels.size();
        for (int a = 0; a < dims.size(); a++) out.add(p.broadcast(labels.get(a + r - dims.size()), dims.get(a)));
        return out;
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
        int n = tb ? b.dims().get(0) : b.dims().get(1), kb0 = tb ? b.dims().get(1) : b.dims().get(0);
        if (kb0 != kk) throw new IllegalArgumentException(name + ": inner sizes " + a.dims() + " × " + b.dims() + " (transA " + ta + ", transB " + tb + ")");
        Projected p = new Projected(name + "_ab");
        Dim mi = p.label(m), ni = p.label(n), ki = p.label(kk);
        p.operand(a, a.dims(), ta ? List.of(ki, mi) : List.of(mi, ki));
        p.operand(b, b.dims(), tb ? List.of(ni, ki) : List.of(ki, ni));
        Kernel kb = p.kernel(List.of(mi, ni), Fold.SUM);
        List<Integer> dims = List.of(m, n);
        boolean fits = c == null || beta == 0 || Pointwise.broadcast(name, List.of(dims, c.dims())).equals(dims);
        if (fits && c != null && c.dims().contains(0)) fits = false;
        if (fits && kb.runs() && kb.foldsNeutral()) {
            List<Index> out = kb.lhs();
            Expr cell = Kernel.result(out);
            if (alpha != 1) cell = new Expr.Binary(BinOp.MUL, new Expr.Const(alpha), cell);
            if (c != null && beta != 0) cell = new Expr.Fma(new Expr.Const(beta), Kernel.read(kb.tensor(c), Kernel.like(c.dims(), out)), cell);
            Optional<Expr> epilogue = tail.finish(kb, cell, out, dims, a.type());
            if (epilogue.isPresent() || c != null && beta != 0 || alpha != 1)
                return kb.run(k, Optional.of(epilogue.orElse(cell)), dims, a.type());
        }
        Value t = kb.run(k, Optional.empty(), dims, a.type());
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
                char letter = ls.get(a);
                extent.merge(letter, d, (x, y) -> {
                    if (x != 1 && y != 1 && !x.equals(y))
                        throw new IllegalArgumentException(name + ": letter '" + letter + "' has sizes " + x + " and " + y);
                    return x == 1 ? y : x;
                });
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
            Map<Character, Integer> count = new TreeMap<>();
            for (List<Character> ls : letters) for (char c : ls) if (!Character.isDigit(c)) count.merge(c, 1, Integer::sum);
            count.forEach((c, n) -> { if (n == 1) outLetters.add(c); });
        }
        Projected p = new Projected(name);
        Map<Character, Dim> label = new LinkedHashMap<>();
        for (char c : outLetters) label.put(c, p.label(extent.get(c)));
        for (char c : extent.keySet()) if (!label.containsKey(c)) label.put(c, p.label(extent.get(c)));
        for (int j = 0; j < ins.size(); j++) {
            List<Dim> axes = new ArrayList<>();
            for (int a = 0; a < letters.get(j).size(); a++) axes.add(p.broadcast(label.get(letters.get(j).get(a)), ins.get(j).dims().get(a)));
            p.operand(ins.get(j), ins.get(j).dims(), axes);
        }
        List<Integer> dims = outLetters.stream().map(extent::get).toList();
        return p.kernel(outLetters.stream().map(label::get).toList(), Fold.SUM).run(k, Optional.empty(), dims, ins.getFirst().type());
    }
}
