package org.shapeforge.onnx.fallback;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.term.Dim;

/**
 * The dimension equalities {@code a = b} the constraints state outright, between variables or a
 * variable and a ground dimension: a Relu's output axis is its input's, a Conv's channel axis is
 * 8. Axes of one class have one size in every solution, so the fallback decides each class once
 * (a class with a ground member is that number, one with a graph symbol is that symbol) instead of
 * one proof per axis. The representative is a ground member, else a symbol, else the variable
 * with the least name: it does not depend on the constraints' order.
 */
final class EqualDims {
    private final Map<Dim, Dim> parent = new HashMap<>();
    private final Set<String> symbols;

    private EqualDims(Set<String> symbols) {
        this.symbols = symbols;
    }

    /** The classes of {@code constraints}' equalities; {@code symbols}: the names preferred as representatives. */
    static EqualDims of(List<Constraint> constraints, Set<String> symbols) {
        EqualDims e = new EqualDims(symbols);
        for (Constraint c : constraints)
            if (c instanceof Constraint.DimEq(Dim l, Dim r, var sp) && simple(l) && simple(r)) e.union(l, r);
        return e;
    }

    private static boolean simple(Dim d) {
        return d instanceof Dim.Var || d.isGround();
    }

    /** The class's representative. */
    Dim representative(Dim d) {
        Dim p = parent.getOrDefault(d, d);
        if (p.equals(d)) return d;
        Dim root = representative(p);
        parent.put(d, root);
        return root;
    }

    private void union(Dim a, Dim b) {
        Dim ra = representative(a), rb = representative(b);
        if (ra.equals(rb)) return;
        if (better(ra, rb)) parent.put(rb, ra);
        else parent.put(ra, rb);
    }

    /** Ground first, then a symbol, then the lesser name. */
    private boolean better(Dim a, Dim b) {
        if (a.isGround() != b.isGround()) return a.isGround();
        if (!(a instanceof Dim.Var(String x, int i)) || !(b instanceof Dim.Var(String y, int j))) return true;
        if (symbols.contains(x) != symbols.contains(y)) return symbols.contains(x);
        return x.compareTo(y) <= 0;
    }
}
