package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.IntSort;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Z3 constants standing for the problem's variables, created on first use, with their domain
 * constraints (canonical triples, sizes ≥ 1 — ≥ 0 for {@code discardable} variables —, basis codes
 * ≥ 0, {@code 0 ≤ m ≤ n}). Names are prefixed ({@code d_}, {@code r_}) so they cannot clash with
 * SMT-LIB keywords.
 */
public final class Vars {
    private final Context ctx;
    private final int slotsPerRow;
    private final Set<String> discardable;
    private final Map<String, DimE> dims = new LinkedHashMap<>();
    private final Map<String, RowVarE> rows = new LinkedHashMap<>();
    private final List<BoolExpr> domain = new ArrayList<>();
    private final List<FuncDecl<?>> decls = new ArrayList<>();

    public Vars(Context ctx, int slotsPerRow, Set<String> discardable) {
        this.ctx = ctx;
        this.slotsPerRow = slotsPerRow;
        this.discardable = Set.copyOf(discardable);
    }

    public DimE dim(String name) {
        DimE d = dims.get(name);
        if (d == null) {
            d = fresh("d_" + name, discardable.contains(name));
            dims.put(name, d);
        }
        return d;
    }

    @SuppressWarnings("unchecked")
    public RowVarE row(String name) {
        RowVarE r = rows.get(name);
        if (r == null) {
            ArithExpr<IntSort> n = intConst("r_" + name + "_len");
            ArithExpr<IntSort> m = intConst("r_" + name + "_mark");
            domain.add(ctx.mkLe(ctx.mkInt(0), m));
            domain.add(ctx.mkLe(m, n));
            List<DimE> slots = new ArrayList<>();
            boolean zeroOk = discardable.contains("<" + name + ">");
            for (int j = 0; j < slotsPerRow; j++) slots.add(fresh("r_" + name + "_" + j, zeroOk));
            ArithExpr<IntSort> sum = intConst("r_" + name + "_sum");
            // sum of the sizes of all axes: ≥ n (or ≥ 0 with zero sizes allowed); equal to the slots' sum within the unrolling
            domain.add(ctx.mkLe(zeroOk ? ctx.mkInt(0) : n, sum));
            List<ArithExpr<IntSort>> parts = new ArrayList<>();
            for (int j = 0; j < slotsPerRow; j++)
                parts.add((ArithExpr<IntSort>) ctx.mkITE(ctx.mkGt(n, ctx.mkInt(j)), slots.get(j).size(), ctx.mkInt(0)));
            ArithExpr<IntSort> slotSum = parts.isEmpty() ? ctx.mkInt(0) : ctx.mkAdd(parts.toArray(ArithExpr[]::new));
            domain.add(ctx.mkImplies(ctx.mkLe(n, ctx.mkInt(slotsPerRow)), ctx.mkEq(sum, slotSum)));
            r = new RowVarE(name, n, m, slots, sum);
            rows.put(name, r);
        }
        return r;
    }

    /** The rank bound {@code n ≤ K} for every row variable created so far. */
    public List<BoolExpr> rankBound() {
        List<BoolExpr> out = new ArrayList<>();
        for (RowVarE r : rows.values()) out.add(ctx.mkLe(r.length(), ctx.mkInt(slotsPerRow)));
        return out;
    }

    public int slotsPerRow() {
        return slotsPerRow;
    }

    public Map<String, DimE> dims() {
        return dims;
    }

    public Map<String, RowVarE> rows() {
        return rows;
    }

    public List<BoolExpr> domain() {
        return List.copyOf(domain);
    }

    /** Every constant declared, for SMT-LIB export. */
    public List<FuncDecl<?>> declarations() {
        return List.copyOf(decls);
    }

    private DimE fresh(String base, boolean zeroOk) {
        var u = ctx.mkBoolConst(base + "_unit");
        decls.add(u.getFuncDecl());
        var s = intConst(base + "_size");
        var b = intConst(base + "_basis");
        DimE d = new DimE(u, s, b);
        domain.add(ctx.mkImplies(u, ctx.mkAnd(ctx.mkEq(s, ctx.mkInt(1)), ctx.mkEq(b, ctx.mkInt(0)))));
        domain.add(ctx.mkLe(ctx.mkInt(zeroOk ? 0 : 1), s));
        domain.add(ctx.mkLe(ctx.mkInt(0), b));
        return d;
    }

    private int auxiliaries;

    /**
     * A fresh auxiliary integer {@code aux_<what>_<n>}, declared like the variables (so exported
     * scripts declare it); no user variable's constant starts with {@code aux_} (they are
     * {@code d_…} and {@code r_…}), and models are decoded from those only.
     */
    public ArithExpr<IntSort> auxiliary(String what) {
        return intConst("aux_" + what + "_" + auxiliaries++);
    }

    private ArithExpr<IntSort> intConst(String name) {
        var c = ctx.mkIntConst(name);
        decls.add(c.getFuncDecl());
        return c;
    }
}
