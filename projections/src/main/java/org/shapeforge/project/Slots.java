package org.shapeforge.project;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.shapeforge.lang.Constraint;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** The reserved slot rows of {@link Operation#slot}: recognition and substitution. */
final class Slots {
    private Slots() {}

    static final String PREFIX = "_slot";

    /** Which occurrence row a slot variable names. */
    record Ref(int occurrence, AxisKind kind) {}

    /** The occurrence row {@code rowVar} names when it is a slot ({@code _slot<k>_<tag>}); empty otherwise. */
    static Optional<Ref> parse(String rowVar) {
        if (rowVar == null || !rowVar.startsWith(PREFIX)) return Optional.empty();
        int us = rowVar.lastIndexOf('_');
        if (us <= PREFIX.length()) return Optional.empty();
        long num = 0; // read in place: this runs for every row term of every operation (issue 30)
        for (int i = PREFIX.length(); i < us; i++) {
            char ch = rowVar.charAt(i);
            if (!Character.isDigit(ch)) return Optional.empty();
            num = num * 10 + Character.digit(ch, 10);
            if (num > Integer.MAX_VALUE) throw new NumberFormatException("slot number out of range in " + rowVar);
        }
        for (AxisKind k : AxisKind.values())
            if (rowVar.length() - us - 1 == k.tag.length() && rowVar.startsWith(k.tag, us + 1)) return Optional.of(new Ref((int) num, k));
        return Optional.empty();
    }

    /** {@code l·⟨slot⟩·r} with the slot replaced by {@code occ}'s row (Def. 3.2's splice). */
    static Row splice(Row.Open term, Row occ) {
        if (term.lead().isEmpty() && term.trail().isEmpty()) return occ; // a bare slot is the row itself
        List<Dim> lead = new ArrayList<>(term.lead());
        lead.addAll(occ.lead());
        List<Dim> trail = new ArrayList<>(occ.trail());
        trail.addAll(term.trail());
        return switch (occ) {
            case Row.Closed c -> new Row.Closed(lead, trail);
            case Row.Open o -> new Row.Open(lead, o.var(), trail);
            case Row.Rigid g -> {
                lead.addAll(trail);
                yield new Row.Rigid(lead);
            }
        };
    }

    static List<Constraint> substitute(Operation op) {
        List<TensorOccurrence> occs = op.occurrences();
        UnaryOperator<Row> f = r -> {
            if (r instanceof Row.Open o) {
                Optional<Ref> ref = parse(o.var());
                if (ref.isPresent()) {
                    if (ref.get().occurrence() >= occs.size())
                        throw new ProjectionError(ProjectionError.Kind.INPUT, op.label(),
                                "slot <" + o.var() + "> names occurrence " + ref.get().occurrence() + " but the operation has "
                                        + occs.size() + " occurrences");
                    return splice(o, occs.get(ref.get().occurrence()).row(ref.get().kind()));
                }
            }
            return r;
        };
        List<Constraint> out = new ArrayList<>();
        for (Constraint c : op.constraints()) out.add(mapRows(c, f));
        return List.copyOf(out);
    }

    static Constraint mapRows(Constraint c, UnaryOperator<Row> f) {
        return switch (c) {
            case Constraint.RowEq e -> new Constraint.RowEq(f.apply(e.left()), f.apply(e.right()), e.span());
            case Constraint.RowLe e -> new Constraint.RowLe(f.apply(e.lower()), f.apply(e.upper()), e.span());
            case Constraint.RowLeOne e -> new Constraint.RowLeOne(f.apply(e.lower()), f.apply(e.upper()), e.span());
            case Constraint.Total t -> new Constraint.Total(t.rows().stream().map(f).toList(), t.numerator(), t.dividedBy(), t.span());
            case Constraint.Exact x -> new Constraint.Exact(x.rows().stream().map(f).toList(), x.axes(), x.span());
            case Constraint.DimEq d -> d;
            case Constraint.DimLe d -> d;
            case Constraint.SizeRel s -> s;
            case Constraint.SizeIn s -> s;
            case Constraint.Likely l -> l;
        };
    }
}
