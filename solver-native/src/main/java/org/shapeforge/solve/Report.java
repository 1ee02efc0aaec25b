package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.shapeforge.collect.FrozenMap;
import org.shapeforge.collect.Lazy;
import org.shapeforge.collect.PackedIndex;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Span;
import org.shapeforge.semantics.AtUnit;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.rules.Engine;
import org.shapeforge.solve.rules.Show;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Stored;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.solver.SymbolicSizes;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;
import org.shapeforge.term.sym.SymSize;

/** Reads a configuration back as outputs: the solved form (Def. 5.3), γ↑ (Prop. 5.4), the closed model. */
final class Report {
    private Report() {}

    static SolvedForm solvedForm(Engine en, Input in) {
        int nd = in.dimVars().size(), nr = in.rowVars().size();
        FrozenMap.Builder<String, Dim> db = FrozenMap.builder(nd);
        FrozenMap.Builder<String, Row> rb = FrozenMap.builder(nr);
        List<String> policyDims = new ArrayList<>();
        StoreView st = en.view().store();
        Map<String, Dim> forced = forcedDynamic(en);
        for (int s = 0; s < nd; s++) { // the input's variables: ids 0 … nd-1, in order of first mention
            Trace t = new Trace(Why.NONE, false);
            String name = st.dimName(s);
            Dim value = dim(en, en.view().dim(s, t));
            if (value instanceof Dim.Var(String w, _) && forced.containsKey(w)) {
                db.putNew(name, PackedIndex.hash(name), forced.get(w)); // the basis is the policy in it
                policyDims.add(name);
                continue;
            }
            if (!st.dimBound(s)) continue;
            db.putNew(name, PackedIndex.hash(name), value);
            if (t.why().policy()) policyDims.add(name);
        }
        List<String> policy = new ArrayList<>(); // distinct (one slot each): one immutable set, no hash-set nodes
        for (int s = 0; s < nr; s++) {
            if (!st.rowBound(s)) continue;
            Trace t = new Trace(Why.NONE, false);
            String name = st.rowName(s);
            rb.putNew(name, PackedIndex.hash(name), axes(en, en.view().row(s, t)));
            if (t.why().policy()) policy.add(name);
        }
        Map<String, Dim> dims = db.build();
        Map<String, Row> rows = rb.build();
        List<Constraint> residual = new ArrayList<>(residual(en));
        List<Constraint> sized = en.view().sizes().residualConstraints(); // issue 4: open size content
        residual.addAll(sized);
        boolean principal = en.view().store().cappedCount() == 0 && sized.isEmpty();
        for (Stored s : en.view().store().residual())
            if (s.kind != Stored.Kind.DIM_ADJ && !(s.kind == Stored.Kind.ROW_CAP && isBare(s.lowerRow())))
                principal = false;
        return new SolvedForm(dims, rows, residual, principal, Lazy.of(() -> upward(dims, rows, in.dimVars(), in.rowVars())),
                Set.copyOf(policy), Set.copyOf(policyDims));
    }

    /**
     * The dynamic dims the constraints force to one size after solving ({@code dynamic batch;
     * size(a) * size(b) == size(batch); a = 2; b = 16}): each to its value, an atom of the default
     * basis. Issue 31's "forced sizes appear as bindings": σ⋆ binds such a dim, and every variable
     * whose value it is, to that number — before this σ⋆ kept {@code y = batch} with
     * {@code size(batch) == 32} in the residual, so a reader of σ⋆ printed y as {@code batch}
     * while it is 32. A dynamic dim is a symbol except where the constraints force its size.
     */
    private static Map<String, Dim> forcedDynamic(Engine en) {
        Map<String, Dim> out = new HashMap<>();
        for (var e : en.view().sizes().sizes().entrySet())
            if (en.view().sizes().isDynamic(e.getKey())
                    && en.view().dim(new Dim.Var(e.getKey()), new Trace(Why.NONE, false)) instanceof Dim.Var(String w, _)
                    && w.equals(e.getKey()))
                out.put(e.getKey(), Sizes.ofSize(e.getValue().size(), Dim.DEFAULT_BASIS));
        return out;
    }

    /**
     * γ↑ (Prop. 5.4) from σ⋆'s bindings, each already read through σ⋆: a bound variable at the top
     * of its value, an unbound one at its own top (the unit, the empty row); in input order.
     * Computed when first asked for (most callers want the closed model only).
     */
    private static Assignment upward(Map<String, Dim> dims, Map<String, Row> rows, List<String> dimVars,
            List<String> rowVars) {
        FrozenMap.Builder<String, Dim> up = FrozenMap.builder(dimVars.size());
        FrozenMap.Builder<String, Row> upr = FrozenMap.builder(rowVars.size());
        for (String v : dimVars) {
            Dim x = dims.get(v);
            up.put(v, x == null ? Dim.unit() : top(x));
        }
        for (String v : rowVars) {
            Row x = rows.get(v);
            upr.put(v, x == null ? Row.empty() : top(x));
        }
        return new Assignment(up.build(), upr.build());
    }

    static List<Constraint> residual(Engine en) {
        List<Constraint> out = new ArrayList<>();
        for (int s : en.view().store().capped()) {
            var cap = en.view().store().cap(s);
            out.add(new Constraint.DimLe(cap.atom(), en.view().store().dimTerm(s), en.view().span(cap.why())));
        }
        for (Stored s : en.view().store().residual()) {
            Span at = en.view().span(s.why()); // where its first source is: a residual constraint keeps its origin
            out.add(switch (s.fact()) {
                case Fact.DimEq(Dim l, Dim r) -> new Constraint.DimEq(dim(en, l), dim(en, r), at);
                case Fact.DimLe(Dim l, Dim r) -> new Constraint.DimLe(dim(en, l), dim(en, r), at);
                case Fact.RowEq(Row l, Row r) -> new Constraint.RowEq(row(en, l), row(en, r), at);
                case Fact.RowLe(Row l, Row r) -> new Constraint.RowLe(row(en, l), row(en, r), at);
            });
        }
        return out;
    }

    /**
     * The closed values of the problem's variables; those left symbolic (dynamic, or closed to a
     * dynamic dim) are noted and collected into {@code symbolic} and {@code symbolicRows}.
     */
    static Assignment model(Engine en, Input in, List<String> notes, Map<String, Dim> symbolic, Map<String, Row> symbolicRows) {
        FrozenMap.Builder<String, Dim> d = FrozenMap.builder(in.dimVars().size());
        FrozenMap.Builder<String, Row> r = FrozenMap.builder(in.rowVars().size());
        StoreView st = en.view().store();
        for (int s = 0, nd = in.dimVars().size(); s < nd; s++) {
            Dim x = dim(en, s);
            String name = st.dimName(s);
            if (x.isGround()) d.putNew(name, PackedIndex.hash(name), x);
            else {
                notes.add((en.view().sizes().isDynamic(name) ? "dynamic " : "") + name + " stays symbolic (" + Show.dim(x) + "): not in the model");
                if (!(x instanceof Dim.Var v && v.name().equals(name))) symbolic.put(name, x);
            }
        }
        for (int s = 0, nr = in.rowVars().size(); s < nr; s++) {
            Row x = row(en, s);
            String name = st.rowName(s);
            if (x.isGround()) r.putNew(name, PackedIndex.hash(name), x);
            else {
                notes.add("<" + name + "> stays symbolic (" + Show.row(x) + "): not in the model");
                if (!(x instanceof Row.Open o && o.var().equals(name) && o.lead().isEmpty() && o.trail().isEmpty()))
                    symbolicRows.put(name, x);
            }
        }
        return new Assignment(d.build(), r.build());
    }

    /**
     * The closed values with every symbolic (dynamic) dimension read at the unit: what the
     * soundness guard checks, since the model leaves such variables and the rows and sizes that
     * mention them out.
     */
    static Assignment symbolicAtUnit(Engine en, Input in) {
        return groundedBy(en, in, Report::atUnit);
    }

    /** Every input variable's value, a ground atom or closed ground row as it is, anything else through {@code at}. */
    private static Assignment groundedBy(Engine en, Input in, UnaryOperator<Dim> at) {
        FrozenMap.Builder<String, Dim> d = FrozenMap.builder(in.dimVars().size());
        FrozenMap.Builder<String, Row> r = FrozenMap.builder(in.rowVars().size());
        StoreView st = en.view().store();
        for (int s = 0, nd = in.dimVars().size(); s < nd; s++) {
            Dim x = dim(en, s);
            String name = st.dimName(s);
            d.putNew(name, PackedIndex.hash(name), x.isGround() && x instanceof Dim.Atom ? x : at.apply(x));
        }
        for (int s = 0, nr = in.rowVars().size(); s < nr; s++) {
            Row x = row(en, s);
            String name = st.rowName(s);
            r.putNew(name, PackedIndex.hash(name), x instanceof Row.Closed c && c.isGround() ? c
                    : new Row.Closed(map(x.lead(), at), map(x.trail(), at)));
        }
        return new Assignment(d.build(), r.build());
    }

    /**
     * The closed values with the dynamic dimensions at {@code binding} and every derived symbol at
     * its value there (issue 31): what the soundness guard checks when closing derived symbols —
     * at bindings that satisfy the domain conditions, never at the unit where that is outside them.
     * Other unbound variables are read at the unit, as in {@link #symbolicAtUnit}.
     */
    static Assignment symbolicAt(Engine en, Input in, Map<String, Long> binding) {
        var derived = en.view().sizes().symbols().derived();
        Function<String, Dim> value = name -> {
            Long b = binding.get(name);
            if (b != null) return Sizes.ofSize(b, Dim.DEFAULT_BASIS);
            var d = derived.get(name);
            return d != null ? Sizes.ofSize(d.eval(binding), Dim.DEFAULT_BASIS) : Dim.unit();
        };
        return groundedBy(en, in, x -> Sizes.ground(x, value)
                .orElseThrow(() -> new IllegalStateException("cannot ground " + x)));
    }

    /**
     * Whether some input variable is left open by closing other than through a symbol (a dynamic
     * dim or a derived symbol): a dimension below two dynamic dims, a row left open. The guard then
     * reads those at the unit, which is consistent only with the dynamic dims at 1.
     */
    static boolean openBeyondSymbols(Engine en, Input in) {
        StoreView st = en.view().store();
        for (int s = 0, nd = in.dimVars().size(); s < nd; s++) {
            Dim x = dim(en, s);
            if (x.isGround()) continue;
            if (!symbolsOnly(en, x)) return true;
        }
        for (int s = 0, nr = in.rowVars().size(); s < nr; s++) {
            Row x = row(en, s);
            if (x.isGround()) continue;
            if (x instanceof Row.Open) return true;
            for (Dim a : x.flat()) if (!symbolsOnly(en, a)) return true;
        }
        return false;
    }

    private static boolean symbolsOnly(Engine en, Dim d) {
        return switch (d) {
            case Dim.Unit u -> true;
            case Dim.Atom a -> true;
            case Dim.Var v -> en.view().sizes().isSymbol(v.name());
            case Dim.Concat c -> c.parts().stream().allMatch(p -> symbolsOnly(en, p));
            case Dim.Affine a -> symbolsOnly(en, a.over()) && a.kernel().map(k -> symbolsOnly(en, k)).orElse(true);
        };
    }

    /**
     * The sizes of the input's dimension variables that are functions of the dynamic dims (issue
     * 31): a variable bound to a dynamic dim, or to a derived symbol, with its normal form; the
     * dynamic dims themselves left out. With the domain conditions and the guard's bindings.
     */
    static SymbolicSizes symbolicSizes(Engine en, Input in) {
        var sy = en.view().sizes().symbols();
        Map<String, SymSize> out = new TreeMap<>();
        StoreView st = en.view().store();
        for (int s = 0, nd = in.dimVars().size(); s < nd; s++) {
            String name = st.dimName(s);
            if (en.view().sizes().isDynamic(name)) continue;
            if (!(dim(en, s) instanceof Dim.Var(String w, var basis))) continue;
            if (sy.derived().containsKey(w)) out.put(name, sy.derived().get(w));
            else if (en.view().sizes().isDynamic(w)) out.put(name, SymSize.name(w));
        }
        boolean any = !sy.derived().isEmpty() || !sy.conditions().isEmpty();
        return new SymbolicSizes(out, sy.conditions(), any ? en.view().sizes().checkedAt() : List.of());
    }

    /** {@code x} (already read through σ⋆) with its remaining, unbound variables at the unit. */
    private static Dim atUnit(Dim x) {
        return AtUnit.ground(x);
    }

    /** σ⋆ of dimension variable {@code s} (the input's are ids 0 … n-1, in order of first mention: they were registered first). */
    private static Dim dim(Engine en, int s) {
        return dim(en, en.view().dim(s, new Trace(Why.NONE, false)));
    }

    private static Row row(Engine en, int s) {
        return axes(en, en.view().row(s, new Trace(Why.NONE, false)));
    }

    /**
     * σ⋆(d) applied structurally (Def. 3.2, extended to compound terms): {@link Subst} resolves
     * variables only, so a variable or row axis bound to a {@link Dim.Concat} or {@link Dim.Affine}
     * still mentions the parts' variables even when those are bound. Each part is read through
     * σ⋆ here, and a compound term whose parts are all ground is folded to the atom it denotes by
     * {@link Sizes#ground} (the one place the size formulas live). Without this the closed model
     * left such rows out or, in the soundness guard's reading, set the bound parts to the unit.
     * A fold that fails (basis conflict, overflow) keeps the term, for the guard to report.
     */
    static Dim dim(Engine en, Dim d) {
        return switch (d) {
            case Dim.Unit u -> u;
            case Dim.Atom a -> a;
            case Dim.Var v -> {
                Dim x = en.view().dim(v, new Trace(Why.NONE, false));
                yield x instanceof Dim.Var ? x : dim(en, x);
            }
            case Dim.Concat c -> {
                List<Dim> parts = map(c.parts(), p -> dim(en, p));
                yield fold(parts == c.parts() ? c : new Dim.Concat(parts));
            }
            case Dim.Affine a -> {
                Dim over = dim(en, a.over());
                Optional<Dim> k = a.kernel().map(x -> dim(en, x));
                boolean same = over == a.over() && (k.isEmpty() || k.get() == a.kernel().get());
                yield fold(same ? a : new Dim.Affine(over, a.stride(), k, a.dilation(), a.padding(), a.offset()));
            }
        };
    }

    /** A compound term with ground parts as its atom; otherwise the term itself. */
    private static Dim fold(Dim d) {
        try {
            return Sizes.ground(d, name -> null).orElse(d);
        } catch (Sizes.BasisConflict | ArithmeticException e) {
            return d;
        }
    }

    static Row row(Engine en, Row r) {
        return axes(en, en.view().row(r, new Trace(Why.NONE, false)));
    }

    /** {@code x} with its explicit axes read through {@link #dim(Engine, Dim)}. */
    private static Row axes(Engine en, Row x) {
        List<Dim> l = map(x.lead(), d -> dim(en, d)), t = map(x.trail(), d -> dim(en, d));
        if (l == x.lead() && t == x.trail()) return x;
        return switch (x) {
            case Row.Closed c -> new Row.Closed(l, t);
            case Row.Open o -> new Row.Open(l, o.var(), t);
            case Row.Rigid g -> new Row.Rigid(l);
        };
    }

    /** {@code ds} with f applied, the same list when f changes nothing (no copy in the common ground case). */
    private static List<Dim> map(List<Dim> ds, UnaryOperator<Dim> f) {
        List<Dim> out = null;
        for (int i = 0; i < ds.size(); i++) {
            Dim d = ds.get(i), y = f.apply(d);
            if (y != d && out == null) out = new ArrayList<>(ds.subList(0, i));
            if (out != null) out.add(y);
        }
        return out == null ? ds : out;
    }

    /** γ↑ of a dimension (read through σ⋆): its unbound variables at the unit, a compound term folded. */
    private static Dim top(Dim d) {
        if (d.isGround()) return d;
        try {
            return atUnit(d);
        } catch (Sizes.BasisConflict | ArithmeticException e) {
            return Dim.unit();
        }
    }

    /** γ↑ of a row: its variable to the empty row, its symbolic axes to the unit (the row itself when closed and ground). */
    private static Row.Closed top(Row x) {
        List<Dim> l = map(x.lead(), Report::top), t = map(x.trail(), Report::top);
        return x instanceof Row.Closed c && l == c.lead() && t == c.trail() ? c : new Row.Closed(l, t);
    }

    private static boolean isBare(Row r) {
        return r instanceof Row.Open o && o.lead().isEmpty() && o.trail().isEmpty();
    }

    /** Bindings and store, for the soundness guard's internal-error message. */
    static String dump(Engine en, Input in) {
        StringBuilder sb = new StringBuilder("store:\n");
        StoreView st = en.view().store();
        for (int i = 0; i < st.registeredDims(); i++) {
            int s = st.registeredDim(i);
            if (st.dimBound(s)) sb.append("  ").append(st.dimName(s)).append(" = ").append(Show.dim(dim(en, s))).append('\n');
        }
        for (int i = 0; i < st.registeredRows(); i++) {
            int s = st.registeredRow(i);
            if (st.rowBound(s)) sb.append("  <").append(st.rowName(s)).append("> = ").append(Show.row(row(en, s))).append('\n');
        }
        for (Constraint c : residual(en)) sb.append("  residual ").append(Printer.print(c)).append('\n');
        return sb.toString();
    }
}
