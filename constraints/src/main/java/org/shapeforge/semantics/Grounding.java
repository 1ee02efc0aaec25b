package org.shapeforge.semantics;

import org.shapeforge.term.Valuation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Application of a ground assignment γ to terms (Defs. 3.2, 3.4), yielding ground dimensions
 * and ground rows of the two-sorted algebra (Def. 2.12).
 *
 * <p>Dimensions: variables are looked up; Concat and Affine sizes are computed by
 * {@link Sizes#ground} (the one place for size formulas and basis rules).
 *
 * <p>Rows, under {@link Semantics#FLAT}, {@link Semantics#MARKED} and {@link Semantics#CONTENT}:
 * a closed literal {@code l·◇·r} grounds flank-wise; an open term {@code l·⟨ρ⟩·r} with
 * {@code γ(ρ) = l'·◇·r'} grounds per Def. 3.2 to {@code (γl·l')·◇·(r'·γr)}; a rigid literal
 * {@code ![F]} grounds to {@code (γF)•}. A rigid value for a row variable is a sort error there.
 *
 * <p>Under {@link Semantics#RIGID}, row-variable values are rigid (Remark 2.15(i),(iii): row
 * variables are uniformly rigid-sorted; markers come only from literal rows), so an open term
 * grounds to the rigid row {@code (γl·flat(γρ)·γr)•}. Splicing into a rigid value leaves no
 * marker to keep, and the surrounding flanks join the content (Remark 2.14: content is all a
 * rigid row has). Values may be given as closed rows (their marker is then dropped by
 * {@code flat}) or rigid rows. Closed literal rows stay marked.
 *
 * <p>Failures throw {@link Undefined}: an unassigned variable, a value of the wrong sort, a basis
 * conflict, or size arithmetic overflow.
 */
public final class Grounding {
    private Grounding() {}

    /** {@code γ(d)}: a {@link Dim.Unit} or {@link Dim.Atom}. */
    public static Dim dim(Dim d, Valuation a) {
        switch (d) { // the two common cases, as Sizes.ground has them, without its bookkeeping
            case Dim.Unit u -> { return u; }
            case Dim.Atom x -> { return x; }
            case Dim.Var v when a.dim(v) instanceof Dim x -> { return x; } // by the id it carries, where it does
            default -> {}
        }
        List<String> missing = new ArrayList<>();
        Optional<Dim> g;
        try {
            g = Sizes.groundVars(d, x -> {
                Dim v = a.dim(x);
                if (v == null) missing.add(x.name());
                return v;
            });
        } catch (Sizes.BasisConflict e) {
            throw new Undefined("basis conflict: " + e.getMessage());
        } catch (ArithmeticException e) {
            throw new Undefined("size arithmetic overflows in " + d);
        } catch (IllegalArgumentException e) {
            throw new Undefined("no dimension for " + d + ": " + e.getMessage());
        }
        if (g.isEmpty()) throw new Undefined("dimension variable " + String.join(", ", missing) + " is unassigned");
        return g.get();
    }

    /** {@code γ(ds)} pointwise; an immutable list of ground dimensions is its own value (no copy). */
    public static List<Dim> dims(List<Dim> ds, Valuation a) {
        if (allGround(ds)) return List.copyOf(ds);
        List<Dim> out = new ArrayList<>(ds.size());
        for (int i = 0; i < ds.size(); i++) out.add(dim(ds.get(i), a));
        return List.copyOf(out);
    }

    /** {@code γ(R)} under semantics {@code s}: a {@link Row.Closed} or {@link Row.Rigid}. */
    public static Row row(Row r, Valuation a, Semantics s) {
        return switch (r) { // a ground literal is its own value: the common case allocates nothing
            case Row.Closed c -> allGround(c.lead()) && allGround(c.trail()) ? c : new Row.Closed(dims(c.lead(), a), dims(c.trail(), a));
            case Row.Rigid g -> allGround(g.axes()) ? g : new Row.Rigid(dims(g.axes(), a));
            case Row.Open o -> open(o, a, s);
        };
    }

    private static Row open(Row.Open o, Valuation a, Semantics s) {
        Row v = a.row(o);
        if (v == null) throw new Undefined("row variable <" + o.var() + "> is unassigned");
        if (s != Semantics.RIGID && v instanceof Row.Closed c && o.lead().isEmpty() && o.trail().isEmpty())
            return c; // a bare variable is its (ground) value: (γ[]·l')·◇·(r'·γ[]) = l'·◇·r'
        List<Dim> lead = new ArrayList<>(dims(o.lead(), a));
        List<Dim> trail = dims(o.trail(), a);
        if (s == Semantics.RIGID) {
            lead.addAll(v.flat());
            lead.addAll(trail);
            return new Row.Rigid(lead);
        }
        if (!(v instanceof Row.Closed c))
            throw new Undefined("row variable <" + o.var() + "> has a rigid value " + GroundText.row(v)
                    + ", which only --semantics rigid admits");
        lead.addAll(c.lead());
        List<Dim> right = new ArrayList<>(c.trail());
        right.addAll(trail);
        return new Row.Closed(lead, right);
    }

    private static boolean allGround(List<Dim> ds) {
        for (int i = 0; i < ds.size(); i++) if (!ds.get(i).isGround()) return false;
        return true;
    }
}
