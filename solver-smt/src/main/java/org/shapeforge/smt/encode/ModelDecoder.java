package org.shapeforge.smt.encode;

import com.microsoft.z3.Expr;
import com.microsoft.z3.IntNum;
import com.microsoft.z3.Model;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Decodes a Z3 model of the bounded encoding into a ground {@link Assignment}: dimension
 * variables to {@code 1∅} or {@code n_b}; row variables to closed rows {@code l·◇·r} (the first
 * {@code m} slots, then the rest up to {@code n}) or, under {@code rigid}, to rigid rows.
 */
public final class ModelDecoder {
    private ModelDecoder() {}

    /** Thrown when a model value does not fit the language's {@code long} sizes. */
    public static final class OutOfRange extends Exception {
        OutOfRange(String what) {
            super(what);
        }
    }

    public static Assignment decode(Model m, Encoding enc, Semantics s) throws OutOfRange {
        Map<String, Dim> dims = new LinkedHashMap<>();
        for (var e : enc.vars().dims().entrySet()) dims.put(e.getKey(), dim(m, e.getValue(), enc.bases()));
        Map<String, Row> rows = new LinkedHashMap<>();
        for (var e : enc.vars().rows().entrySet()) {
            RowVarE v = e.getValue();
            int n = (int) num(m, v.length());
            int mark = (int) num(m, v.marker());
            if (n > v.slots().size() || mark > n)
                throw new IllegalStateException("model outside the unrolling: <" + e.getKey() + "> has n=" + n + ", m=" + mark);
            List<Dim> axes = new ArrayList<>();
            for (int j = 0; j < n; j++) axes.add(dim(m, v.slots().get(j), enc.bases()));
            rows.put(e.getKey(), s == Semantics.RIGID ? new Row.Rigid(axes)
                    : new Row.Closed(axes.subList(0, mark), axes.subList(mark, n)));
        }
        return new Assignment(dims, rows);
    }

    private static Dim dim(Model m, DimE d, BasisCodes bases) throws OutOfRange {
        if (m.eval(d.unit(), true).isTrue()) return Dim.unit();
        long size = num(m, d.size());
        return new Dim.Atom(size, bases.tag(num(m, d.basis())));
    }

    private static long num(Model m, Expr<?> e) throws OutOfRange {
        Expr<?> v = m.eval(e, true);
        if (!(v instanceof IntNum n)) throw new IllegalStateException("model value of " + e + " is not a numeral: " + v);
        var big = n.getBigInteger();
        if (big.bitLength() > 62 || big.signum() < 0) throw new OutOfRange("model value " + big + " of " + e);
        return big.longValue();
    }
}
