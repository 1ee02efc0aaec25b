package org.shapeforge.smt.encode;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.List;

/** Conjunctions that print as valid SMT-LIB: {@code true} when empty (Z3 prints a nullary {@code and} bare). */
final class Bools {
    private Bools() {}

    static BoolExpr and(Context ctx, List<BoolExpr> cs) {
        if (cs.isEmpty()) return ctx.mkTrue();
        if (cs.size() == 1) return cs.get(0);
        return ctx.mkAnd(cs.toArray(BoolExpr[]::new));
    }
}
