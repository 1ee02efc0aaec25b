package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The bindings σ and bound store B of a configuration (Def. 4.1). Bindings are idempotent in
 * effect: lookups substitute through chains and compress them (union-find style). Stored facts
 * are indexed by the variables they mention, so binding a variable re-emits exactly its facts.
 */
public final class Store {
    /** A dimension binding with its derivation. */
    public record DimBinding(Dim value, Why why) {}

    /** A row binding; {@code placement} marks a policy-chosen marker split (Def. 4.3(b)/(c)). */
    public record RowBinding(Row value, Why why, boolean placement) {}

    /** The at-most-one atom cap {@code lb(α)} of Def. 4.1. */
    public record Cap(Dim.Atom atom, Why why) {}

    private final Map<String, DimBinding> dimBind;
    private final Map<String, RowBinding> rowBind;
    private final Map<String, Cap> caps;
    private final Map<String, List<Stored>> dimWatch;
    private final Map<String, List<Stored>> rowWatch;
    private final Map<String, List<Stored>> dimUp = new HashMap<>();
    private final Map<String, List<Stored>> dimDown = new HashMap<>();
    private final Map<String, List<Stored>> rowCapsOf = new HashMap<>();
    private final Map<String, List<Stored>> rowUp = new HashMap<>();
    private final List<Stored> all = new ArrayList<>();
    private long order;

    /** An empty store. */
    public Store() {
        this(16, 16);
    }

    /**
     * An empty store whose maps are sized for about {@code dims} dimension and {@code rows} row
     * variables (the input's; fresh variables grow them), so large inputs do not pay for rehashing.
     */
    public Store(int dims, int rows) {
        dimBind = HashMap.newHashMap(dims);
        rowBind = HashMap.newHashMap(rows);
        caps = LinkedHashMap.newLinkedHashMap(Math.max(16, dims / 4));
        dimWatch = HashMap.newHashMap(dims);
        rowWatch = HashMap.newHashMap(rows);
    }

    public DimBinding dimBinding(String v) {
        return dimBind.get(v);
    }

    public RowBinding rowBinding(String v) {
        return rowBind.get(v);
    }

    public boolean dimBound(String v) {
        return dimBind.containsKey(v);
    }

    public boolean rowBound(String v) {
        return rowBind.containsKey(v);
    }

    public void bindDim(String v, Dim value, Why why) {
        dimBind.put(v, new DimBinding(value, why));
    }

    public void bindRow(String v, Row value, Why why, boolean placement) {
        rowBind.put(v, new RowBinding(value, why, placement));
    }

    public Cap cap(String v) {
        return caps.get(v);
    }

    public void setCap(String v, Dim.Atom a, Why why) {
        caps.put(v, new Cap(a, why));
    }

    public Cap removeCap(String v) {
        return caps.remove(v);
    }

    public Map<String, Cap> caps() {
        return caps;
    }

    /** Stores a residual fact, indexed by its variables; adjacency/cap lists get it too. */
    public Stored store(Item item, Stored.Kind kind, List<String> dimVars, List<String> rowVars) {
        Stored s = new Stored(item, kind, dimVars, rowVars, order++);
        all.add(s);
        for (String v : dimVars) dimWatch.computeIfAbsent(v, k -> new ArrayList<>(2)).add(s);
        for (String v : rowVars) rowWatch.computeIfAbsent(v, k -> new ArrayList<>(2)).add(s);
        if (kind == Stored.Kind.DIM_ADJ) {
            dimUp.computeIfAbsent(dimVars.get(0), k -> new ArrayList<>(2)).add(s);
            dimDown.computeIfAbsent(dimVars.get(1), k -> new ArrayList<>(2)).add(s);
        } else if (kind == Stored.Kind.ROW_CAP) {
            String upper = ((Fact.RowLe) item.fact()).upper().rowVar();
            rowCapsOf.computeIfAbsent(upper, k -> new ArrayList<>(2)).add(s);
            if (item.fact() instanceof Fact.RowLe(Row.Open lo, Row up) && lo.lead().isEmpty()
                    && lo.trail().isEmpty() && !lo.var().equals(upper))
                rowUp.computeIfAbsent(lo.var(), k -> new ArrayList<>(2)).add(s);
        }
        return s;
    }

    /** Removes and returns the live stored facts that mention dimension variable {@code v}. */
    public List<Stored> takeDimWatchers(String v) {
        return take(dimWatch.remove(v));
    }

    /** Removes and returns the live stored facts that mention row variable {@code v}. */
    public List<Stored> takeRowWatchers(String v) {
        return take(rowWatch.remove(v));
    }

    private static List<Stored> take(List<Stored> l) {
        if (l == null) return List.of();
        List<Stored> out = new ArrayList<>();
        for (Stored s : l)
            if (s.alive) {
                s.alive = false;
                out.add(s);
            }
        return out;
    }

    /** Kills one stored fact (consumed by closing); it will not be re-emitted. */
    public void kill(Stored s) {
        s.alive = false;
    }

    public List<Stored> upAdjacencies(String v) {
        return live(dimUp.get(v));
    }

    public List<Stored> downAdjacencies(String v) {
        return live(dimDown.get(v));
    }

    /** Live caps {@code R ⊑ ⟨v⟩} on row variable {@code v}. */
    public List<Stored> rowCaps(String v) {
        return live(rowCapsOf.get(v));
    }

    /** Live bare adjacencies {@code ⟨v⟩ ⊑ ⟨w⟩} leaving {@code v}. */
    public List<Stored> rowUpAdjacencies(String v) {
        return live(rowUp.get(v));
    }

    private static List<Stored> live(List<Stored> l) {
        if (l == null) return List.of();
        l.removeIf(s -> !s.alive);
        return l;
    }

    /** All live stored facts in insertion order (the residual store). */
    public List<Stored> residual() {
        all.removeIf(s -> !s.alive);
        return List.copyOf(all);
    }
}
