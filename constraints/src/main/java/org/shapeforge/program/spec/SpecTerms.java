package org.shapeforge.program.spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.lang.Span;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * A parsed spec turned into row terms, as OCANNL's {@code einsum_slot_spec_to_dims_bio}: one
 * variable per label, shared by every slot of the spec; {@code ...} is the kind's row variable and
 * {@code ..v..} the variable {@code v}, shared across slots (Remark 2.15(1)); a fixed index is a
 * fresh variable with At_least_dim {@code i+1}; an affine axis is {@link Dim.Affine}; a
 * concatenation {@link Dim.Concat}. Variable names are {@code prefix'label} (row variables
 * {@code prefix'name}); fresh ones {@code prefix''fixN}, so distinct specs never share a variable.
 *
 * @param slots    the rows of each right-hand side, then the left-hand side last
 * @param fixed    the fresh variables of fixed indices with their minimum size {@code i+1}
 * @param dimLabels label → its dimension variable, in order of first mention
 * @param rowLabels row-variable name → its row variable name
 */
public record SpecTerms(List<Map<Kind, Row>> slots, Map<Dim.Var, Integer> fixed, Map<String, Dim.Var> dimLabels,
        Map<String, String> rowLabels) {

    /** Builds the terms of {@code spec}; a name used both as a label and a row variable is a {@link SpecError}. */
    public static SpecTerms of(EinsumSpec spec, String prefix, Span at) {
        Builder b = new Builder(prefix);
        List<Map<Kind, Row>> slots = new ArrayList<>();
        for (ShapeSpec s : spec.rhs()) slots.add(b.shape(s));
        slots.add(b.shape(spec.lhs()));
        for (var e : b.dimColumns.entrySet())
            if (b.rows.containsKey(e.getKey()))
                throw new SpecError(at, spec.text(), e.getValue(), "'" + e.getKey()
                        + "' is used as both a dimension variable and a row variable");
        return new SpecTerms(List.copyOf(slots), Map.copyOf(b.fixed), Collections.unmodifiableMap(b.dims),
                Collections.unmodifiableMap(b.rows));
    }

    public List<Map<Kind, Row>> rhs() {
        return slots.subList(0, slots.size() - 1);
    }

    public Map<Kind, Row> lhs() {
        return slots.getLast();
    }

    private static final class Builder {
        final String prefix;
        final Map<String, Dim.Var> dims = new LinkedHashMap<>();
        final Map<String, Integer> dimColumns = new LinkedHashMap<>();
        final Map<String, String> rows = new LinkedHashMap<>();
        final Map<Dim.Var, Integer> fixed = new LinkedHashMap<>();

        Builder(String prefix) {
            this.prefix = prefix;
        }

        Map<Kind, Row> shape(ShapeSpec s) {
            Map<Kind, Row> out = new EnumMap<>(Kind.class);
            for (Kind k : Kind.values()) out.put(k, row(s.row(k), k));
            return out;
        }

        Row row(RowSpec r, Kind k) {
            List<Dim> lead = r.lead().stream().map(this::dim).toList();
            List<Dim> trail = r.trail().stream().map(this::dim).toList();
            if (r.rowVar().isEmpty()) return new Row.Closed(List.of(), trail);
            String name = r.rowVar().get().isEmpty() ? k.ellipsis : r.rowVar().get();
            String var = rows.computeIfAbsent(name, n -> prefix + "'" + n);
            return new Row.Open(lead, var, trail);
        }

        Dim dim(AxisSpec a) {
            return switch (a) {
                case AxisSpec.Label l -> label(l.name(), l.column());
                case AxisSpec.Fixed f -> {
                    Dim.Var v = new Dim.Var(prefix + "''fix" + (fixed.size() + 1));
                    fixed.put(v, f.index() + 1);
                    yield v;
                }
                case AxisSpec.Affine af -> new Dim.Affine(label(af.over(), af.column()), af.stride(),
                        af.kernel().map(k -> (Dim) label(k, af.column())), af.dilation(), af.padding(), af.offset());
                case AxisSpec.Concat c -> new Dim.Concat(c.parts().stream().map(p -> (Dim) label(p, c.column())).toList());
            };
        }

        Dim.Var label(String name, int column) {
            dimColumns.putIfAbsent(name, column);
            return dims.computeIfAbsent(name, n -> new Dim.Var(prefix + "'" + n));
        }
    }

    /** The row variable of a {@code ..name..} or {@code ...} label, if the spec has one by that name. */
    public Optional<String> rowVar(String name) {
        return Optional.ofNullable(rowLabels.get(name));
    }
}
