package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntSort;
import java.util.ArrayList;
import java.util.List;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Row terms to symbolic ground rows, per semantics (Defs. 3.2, 2.12; Remark 2.15). A closed
 * literal {@code l·◇·r} stays marked and {@code ![F]} is rigid under every semantics. An open
 * term {@code l·⟨ρ⟩·r} with {@code γρ = l'·◇·r'} grounds to {@code (l·l')·◇·(r'·r)} (Def. 3.2),
 * except under {@code rigid}, where row-variable values are rigid and the term grounds to the
 * rigid row {@code (l·flat(γρ)·r)•}.
 */
public final class RowEncoder {
    private final Context ctx;
    private final Vars vars;
    private final DimEncoder dims;
    private final Semantics semantics;

    public RowEncoder(Context ctx, Vars vars, DimEncoder dims, Semantics semantics) {
        this.ctx = ctx;
        this.vars = vars;
        this.dims = dims;
        this.semantics = semantics;
    }

    public RowE encode(Row row, List<BoolExpr> side) {
        return switch (row) {
            case Row.Closed(List<Dim> lead, List<Dim> trail) -> {
                List<DimE> axes = encodeAll(lead, side);
                axes.addAll(encodeAll(trail, side));
                yield new RowE(false, ctx.mkInt(axes.size()), ctx.mkInt(lead.size()), axes, ctx.mkTrue(), sum(axes, null));
            }
            case Row.Rigid(List<Dim> axes) -> {
                List<DimE> es = encodeAll(axes, side);
                yield new RowE(true, ctx.mkInt(es.size()), ctx.mkInt(es.size()), es, ctx.mkTrue(), sum(es, null));
            }
            case Row.Open(List<Dim> lead, String var, List<Dim> trail, _) -> open(lead, vars.row(var), trail, side);
        };
    }

    private RowE open(List<Dim> leadDims, RowVarE v, List<Dim> trailDims, List<BoolExpr> side) {
        List<DimE> l = encodeAll(leadDims, side);
        List<DimE> r = encodeAll(trailDims, side);
        int known = l.size() + r.size();
        int maxRank = known + v.slots().size();
        List<DimE> axes = new ArrayList<>(l);
        for (int i = l.size(); i < maxRank; i++) axes.add(middleOrTrail(i - l.size(), v, r));
        ArithExpr<IntSort> rank = ctx.mkAdd(ctx.mkInt(known), v.length());
        boolean rigid = semantics == Semantics.RIGID;
        ArithExpr<IntSort> lead = rigid ? rank : ctx.mkAdd(ctx.mkInt(l.size()), v.marker());
        List<DimE> explicit = new ArrayList<>(l);
        explicit.addAll(r);
        return new RowE(rigid, rank, lead, axes, ctx.mkLe(rank, ctx.mkInt(maxRank)), sum(explicit, v.sizeSum()));
    }

    /** Σ sizes of {@code ds}, plus {@code extra} (a row variable's size sum) when present. */
    @SuppressWarnings("unchecked")
    private ArithExpr<IntSort> sum(List<DimE> ds, ArithExpr<IntSort> extra) {
        List<ArithExpr<IntSort>> parts = new ArrayList<>();
        for (DimE d : ds) parts.add(d.size());
        if (extra != null) parts.add(extra);
        if (parts.isEmpty()) return ctx.mkInt(0);
        return parts.size() == 1 ? parts.get(0) : ctx.mkAdd(parts.toArray(ArithExpr[]::new));
    }

    /** Axis {@code j} after the leading flank: slot {@code j} of ρ if {@code j < n}, else {@code r[j − n]}. */
    private DimE middleOrTrail(int j, RowVarE v, List<DimE> r) {
        DimE out = DimE.unit(ctx);
        for (int t = r.size() - 1; t >= 0; t--)
            if (j - t >= 0) out = DimE.ite(ctx, ctx.mkEq(v.length(), ctx.mkInt(j - t)), r.get(t), out);
        if (j < v.slots().size()) out = DimE.ite(ctx, ctx.mkGt(v.length(), ctx.mkInt(j)), v.slots().get(j), out);
        return out;
    }

    private List<DimE> encodeAll(List<Dim> ds, List<BoolExpr> side) {
        List<DimE> out = new ArrayList<>(ds.size());
        for (Dim d : ds) out.add(dims.encode(d, side));
        return out;
    }
}
