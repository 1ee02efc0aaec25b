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
 * update accumulates with ADD, every index of C is {@code Iter(s)} or {@code Fix(c)} (so distinct
 * (batch, m, n) points write distinct cells), every index of A and B is affine with no symbol in two
 * places (a convolution's {@code stride·o + dilation·k + offset} is linear, so a GEMM's pointer
 * arithmetic holds), there is no Concat factor, and the iterators split into batch (in all three),
 * at least one {@code m} (C and A), at least one {@code n} (C and B) and at least one {@code k} (A
 * and B: the reduction axes of Def. 7.5). Such operations get the tiled, register-blocked (C) or
 * shared-memory tiled (CUDA) kernel. A convolution is one: one GEMM per image, output row and tap.
 *
 * <p>Several output axes on one side — a transformer's {@code w1 * ln1}, C[b,s,f] = Σ_d
 * ln1[b,s,d]·w1[d,f], has m ∈ {b, s} — keep one as the kernel's m (the widest) or n (C's
 * innermost, unless narrower than {@link #MIN_N} while a wider one exists), and loop over the
 * others as batch axes: a batch axis missing from an operand has stride 0 there, so each batch
 * point is an independent GEMM on offset base pointers (before 2026-11-24 such operations fell back
 * to the generic loop nest, ~1 GFLOP/s). The operands are swapped when C's innermost axis is on A's
 * side, so that the kernel's n is C's unit-stride axis (its in-place tiles).
 * Several reduction axes (an attention output projection, Σ over heads and their width; a
 * convolution's channels and taps) keep the widest as the kernel's k and loop over the others
 * outside the kernel ({@link #outerK}): each
 * such point is one more GEMM accumulated into the same C, so only the first stores (C only; the
 * CUDA kernel takes contractions without outer reduction axes, its batch points run in parallel).
 */
public record Contraction(Access a, Access b, List<String> batch, String m, String n, String k, List<String> outerK) {
    public Contraction {
        batch = List.copyOf(batch);
        outerK = List.copyOf(outerK);
    }

    /** The contraction {@code op} is, with the kernel's axes chosen as above, or empty. */
    public static Optional<Contraction> of(Operation op) {
        if (op.update().accumulator().orElse(null) != BinOp.ADD) return Optional.empty();
        if (!(op.rhs() instanceof Expr.Binary(BinOp mul, Expr.Read(Access a), Expr.Read(Access b))) || mul != BinOp.MUL)
            return Optional.empty();
        for (Factor f : op.space().factors()) if (f instanceof Factor.Concat) return Optional.empty();
        Access c = op.lhs();
        if (!iteratorsOnly(c)) return Optional.empty();
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
        if (ms.isEmpty() || ns.isEmpty() || ks.isEmpty()) return Optional.empty();
        List<String> order = symbols(c); // C's index order: the last is its innermost axis
        if (order.indexOf(innermost(ms, order)) > order.indexOf(innermost(ns, order))) { // a ↔ b: n is C's innermost
            List<String> t = ms;
            ms = ns;
            ns = t;
            Access x = a;
            a = b;
            b = x;
        }
        // n: C's innermost (unit stride: in-place tiles) unless that is narrower than a register
        // tile and a wider n exists; m: the widest (any stride packs alike); ties go to the inner axis
        String n = innermost(ns, order);
        if (extent(op, n) < MIN_N) n = widest(op, ns, order);
        String m = widest(op, ms, order);
        for (String s : order) if (!s.equals(m) && !s.equals(n) && (ms.contains(s) || ns.contains(s))) batch.add(s);
        List<String> aOrder = symbols(a);
        String k = widest(op, ks, aOrder);
        List<String> outerK = new ArrayList<>();
        for (String s : aOrder) if (!s.equals(k) && ks.contains(s)) outerK.add(s);
        return Optional.of(new Contraction(a, b, batch, m, n, k, outerK));
    }

    /** The number of batch points: the product of the batch axes' extents (1 without any). */
    public long batchPoints(Operation op) {
        long p = 1;
        for (String s : batch) p *= extent(op, s);
        return p;
    }

    /** Whether A's and B's indices are all {@code Iter(s)} or {@code Fix(c)} (C's always are), no convolution's. */
    public boolean iteratorsOnly() {
        return iteratorsOnly(a) && iteratorsOnly(b);
    }

    private static boolean iteratorsOnly(Access x) {
        for (Index ix : x.index()) if (ix.pureIter() == null && !ix.symbols().isEmpty()) return false;
        return true;
    }

    /** Below this extent C's innermost n axis yields to a wider one (the micro-kernel's tiles are 16 or 32 wide). */
    static final long MIN_N = 16;

    private static long extent(Operation op, String s) {
        return op.space().var(s).orElseThrow().extent();
    }

    /** The symbol of {@code among} with the largest extent, the one later in {@code order} on a tie. */
    private static String widest(Operation op, List<String> among, List<String> order) {
        String best = among.getFirst();
        for (String s : among)
            if (extent(op, s) > extent(op, best) || extent(op, s) == extent(op, best) && order.indexOf(s) > order.indexOf(best))
                best = s;
        return best;
    }

    /** The symbol of {@code among} that comes last in {@code order}. */
    private static String innermost(List<String> among, List<String> order) {
        String best = among.getFirst();
        for (String s : among) if (order.indexOf(s) > order.indexOf(best)) best = s;
        return best;
    }

    /** The iterator symbols of an access in index order (constant indices skipped). */
    private static List<String> symbols(Access x) {
        List<String> out = new ArrayList<>();
        for (Index ix : x.index()) out.addAll(ix.symbols());
        return out;
    }

    /**
     * The symbols of an access whose indices are all affine (Iter, Fix, or a convolution's
     * {@code stride·o + dilation·k + offset}: linear, so a GEMM's pointer arithmetic holds) with no
     * symbol in two places; null otherwise (a Concat index, a diagonal).
     */
    private static Set<String> plain(Access x) {
        Set<String> s = new HashSet<>();
        for (Index ix : x.index()) {
            if (!(ix instanceof Index.Affine)) return null;
            for (String it : ix.symbols()) if (!s.add(it)) return null;
        }
        return s;
    }
}
