package org.shapeforge.codegen.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.HostTensor;

/**
 * The meaning of an {@link Operation} itself, by enumeration: start from the left-hand side's
 * contents (the neutral element everywhere when {@code initializeNeutral}), then visit every point
 * of the product space — each Concat factor contributing one point per part per part value — and
 * apply the update where the right- and left-hand sides are present; reads outside a tensor's
 * extent see its pad value. This is the oracle for the emitters' lowering on generated operations
 * (loop order, parallel loops, initialization, blocks, addressing); it is not the reference of the
 * operations' mathematics, which is {@link Reference} and shares nothing with the IR.
 */
public final class LoopIrSemantics {
    private LoopIrSemantics() {}

    /** The left-hand side after the operation, given the inputs (and the left-hand side's prior contents, if any). */
    public static HostTensor run(Operation op, Map<String, HostTensor> inputs) {
        TensorDecl lt = op.tensor(op.lhs().tensor());
        HostTensor prior = inputs.get(lt.name());
        HostTensor out = HostTensor.zeros(lt.dims());
        if (op.update().initializeNeutral() || prior == null) Arrays.fill(out.data(), op.update().neutral());
        else System.arraycopy(prior.data(), 0, out.data(), 0, out.data().length);
        List<Factor> fs = op.space().factors();
        visit(op, inputs, out, fs, 0, new HashMap<>(), new HashMap<>());
        if (op.epilogue().isPresent()) epilogue(op, inputs, out);
        return out;
    }

    /**
     * {@link org.shapeforge.codegen.ir.Epilogue}: once per cell the left-hand side addresses, its
     * expression over the finished cell (a read of the left-hand side) and the other reads there.
     */
    private static void epilogue(Operation op, Map<String, HostTensor> inputs, HostTensor out) {
        Map<String, HostTensor> in = new HashMap<>(inputs);
        in.put(op.lhs().tensor(), new HostTensor(out.dims(), out.data().clone()));
        boolean[] done = new boolean[out.data().length];
        List<LoopVar> vars = new ArrayList<>();
        for (Factor f : op.space().factors()) vars.addAll(f.vars());
        Map<String, Integer> val = new HashMap<>();
        for (LoopVar v : vars) val.put(v.symbol(), 0);
        long points = op.space().points();
        for (long p = 0; p < points; p++) {
            long rest = p;
            for (int i = vars.size() - 1; i >= 0; i--) {
                val.put(vars.get(i).symbol(), (int) (rest % vars.get(i).extent()));
                rest /= vars.get(i).extent();
            }
            int off = out.offset(coords(op, op.lhs(), in, val, Map.of()));
            if (done[off]) continue;
            done[off] = true;
            out.data()[off] = eval(op, op.epilogue().get().expr(), in, val, Map.of());
        }
    }

    private static void visit(Operation op, Map<String, HostTensor> in, HostTensor out, List<Factor> fs, int pos,
            Map<String, Integer> val, Map<Factor, LoopVar> active) {
        if (pos == fs.size()) {
            Double v = eval(op, op.rhs(), in, val, active);
            int[] cell = coords(op, op.lhs(), in, val, active);
            if (v == null || cell == null) return;
            int off = out.offset(cell);
            out.data()[off] = op.update().accumulator().map(a -> a.apply(out.data()[off], v)).orElse(v);
            return;
        }
        Factor f = fs.get(pos);
        for (LoopVar v : f.vars()) {
            Map<Factor, LoopVar> act = active;
            if (f instanceof Factor.Concat) {
                act = new HashMap<>(active);
                act.put(f, v);
            }
            for (int x = 0; x < v.extent(); x++) {
                val.put(v.symbol(), x);
                visit(op, in, out, fs, pos + 1, val, act);
            }
        }
    }

    /** The logical coordinates of an access at a point, or null where it is absent. */
    private static int[] coords(Operation op, Access a, Map<String, HostTensor> in, Map<String, Integer> val, Map<Factor, LoopVar> active) {
        int[] c = new int[a.index().size()];
        for (int ax = 0; ax < c.length; ax++) {
            switch (a.index().get(ax)) {
                case Index.Affine(List<Index.Term> terms, int offset) -> {
                    int x = offset;
                    for (Index.Term t : terms) {
                        if (!isActive(op, t.symbol(), active)) return null;
                        x += t.coeff() * val.get(t.symbol());
                    }
                    c[ax] = x;
                }
                case Index.Concat(List<String> symbols) -> {
                    int before = 0;
                    Integer x = null;
                    for (String s : symbols) {
                        if (isActive(op, s, active)) { x = before + val.get(s); break; }
                        before += op.space().var(s).orElseThrow().extent();
                    }
                    if (x == null) return null;
                    c[ax] = x;
                }
                case Index.Gathered(Access at, int extent) -> {
                    int[] p = coords(op, at, in, val, active);
                    if (p == null) return null;
                    long q = (long) (float) in.get(at.tensor()).get(p);
                    if (q < 0) q += extent;
                    c[ax] = (int) Math.max(0, Math.min(extent - 1, q));
                }
            }
        }
        return c;
    }

    private static boolean isActive(Operation op, String s, Map<Factor, LoopVar> active) {
        Factor f = op.space().factorOf(s).orElseThrow();
        return !(f instanceof Factor.Concat) || active.get(f).symbol().equals(s);
    }

    private static Double eval(Operation op, Expr e, Map<String, HostTensor> in, Map<String, Integer> val, Map<Factor, LoopVar> active) {
        return switch (e) {
            case Expr.Read(Access a) -> {
                int[] c = coords(op, a, in, val, active);
                if (c == null) yield null;
                TensorDecl t = op.tensor(a.tensor());
                for (int ax = 0; ax < c.length; ax++) if (c[ax] < 0 || c[ax] >= t.dims().get(ax)) yield t.padValue();
                yield in.get(a.tensor()).get(c);
            }
            case Expr.Const(double v) -> (double) (float) v;
            case Expr.Unary(var u, Expr x) -> {
                Double v = eval(op, x, in, val, active);
                yield v == null ? null : (Double) u.apply(v);
            }
            case Expr.Binary(BinOp b, Expr l, Expr r) -> {
                Double x = eval(op, l, in, val, active), y = eval(op, r, in, val, active);
                yield x == null ? y : y == null ? x : (Double) b.apply(x, y);
            }
            case Expr.Fma(Expr a, Expr b, Expr c) -> {
                Double x = eval(op, a, in, val, active), y = eval(op, b, in, val, active), z = eval(op, c, in, val, active);
                Double p = x == null ? y : y == null ? x : (Double) (x * y);
                yield p == null ? z : z == null ? p : (Double) (p + z);
            }
        };
    }
}
