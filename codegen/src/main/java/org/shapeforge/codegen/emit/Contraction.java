package org.shapeforge.codegen.emit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Operation;

/**
 * A contraction {@code C[batch, m, n] (=:)+ A[batch, m, k] · B[batch, k, n]} recognized in an
 * operation, axes in any order and layout: the right-hand side is one product of two reads, the
 * update accumulates with ADD, every index is {@code Iter(s)} or {@code Fix(c)}, there is no Concat
 * factor, and the iterators split into batch (in all three), exactly one {@code m} (C and A), one
 * {@code n} (C and B) and one {@code k} (A and B: the reduction axis of Def. 7.5). Such operations
 * get the tiled, register-blocked (C) or shared-memory tiled (CUDA) kernel.
 */
public record Contraction(Access a, Access b, List<String> batch, String m, String n, String k) {

    public static Optional<Contraction> of(Operation op) {
        if (op.update().accumulator().orElse(null) != BinOp.ADD) return Optional.empty();
        if (!(op.rhs() instanceof Expr.Binary(BinOp mul, Expr.Read(Access a), Expr.Read(Access b))) || mul != BinOp.MUL)
            return Optional.empty();
        for (Factor f : op.space().factors()) if (f instanceof Factor.Concat) return Optional.empty();
        Access c = op.lhs();
        Set<String> sc = plain(c), sa = plain(a), sb = plain(b);
        if (sc == null || sa == null || sb == null) return Optional.empty();
        List<String> batch = new ArrayList<>(), ms = new ArrayList<>(), ns = new ArrayList<>(), ks = new ArrayList<>();
        for (Factor f : op.space().factors()) {
            String s = f.vars().getFirst().symbol();
            boolean inC = sc.contains(s), inA = sa.contains(s), inB = sb.contains(s);
            if (inC && inA && inB) batch.add(s);
            else if (inC && inA) ms.add(s);
            else if (inC && inB) ns.add(s);
            else if (inA && inB) ks.add(s);
            else return Optional.empty();
        }
        if (ms.size() != 1 || ns.size() != 1 || ks.size() != 1) return Optional.empty();
        return Optional.of(new Contraction(a, b, batch, ms.getFirst(), ns.getFirst(), ks.getFirst()));
    }

    /** The symbols of an access whose indices are all Iter/Fix with no repeated symbol; null otherwise. */
    private static Set<String> plain(Access x) {
        Set<String> s = new HashSet<>();
        for (Index ix : x.index()) {
            if (ix instanceof Index.Affine(List<Index.Term> terms, int offset) && terms.isEmpty()) continue;
            String it = ix.pureIter();
            if (it == null || !s.add(it)) return null;
        }
        return s;
    }
}
