package org.shapeforge.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Interning;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The generator of {@code bench native-mix}: a layered network as front ends produce it (issue
 * 12). Layer k's spine is einsum-like: {@code <x_k> ~ <bt> [i_k]}, {@code <w_k> ~ [i_k, j_k]},
 * {@code <m_k> ~ <bt> [j_k]}, the width {@code j_k = 64·(1 + k mod 4)} and the link
 * {@code <x_k> ~ <m_(k-1)>} (a layer reads the previous one's output; {@code <bt>} is the batch
 * row all layers share). Optional kinds, each in every {@code period}-th layer (0: never):
 * broadcast {@code <y_k> <= <m_k>}, {@code <y_k> <= <bias_k>}; trailing-literal broadcast
 * {@code <g_k> <= <y_k> [3]}; a capped dimension inequality chained across layers
 * {@code c_(k-1) <= c_k} (with {@code 64 <= c_0}); {@code total(<w_k>) = 64 * v_k}; a concat
 * {@code h_k = j_k ^ 32}; a valid convolution {@code h_k = affine(o_k, stride=1, kernel=3)}.
 * Satisfiable by construction; the first {@code n} constraints are kept, and interned as the
 * {@code .shc} parser interns a file ({@code lang.Interning}).
 */
public record NetworkMix(Map<String, Integer> periods) {
    /** The optional kinds and their default periods (every layer). */
    public static final List<String> KINDS = List.of("broadcast", "trail", "dimle", "total", "concat", "conv");

    public NetworkMix {
        for (var e : periods.entrySet()) {
            if (!KINDS.contains(e.getKey()))
                throw new IllegalArgumentException("unknown kind '" + e.getKey() + "' (known: " + String.join(", ", KINDS) + ")");
            if (e.getValue() < 0) throw new IllegalArgumentException("period of " + e.getKey() + " must be >= 0, got " + e.getValue());
        }
        Map<String, Integer> all = new LinkedHashMap<>();
        for (String k : KINDS) all.put(k, periods.getOrDefault(k, 1));
        periods = Map.copyOf(all);
    }

    /** Every kind in every layer. */
    public static NetworkMix full() {
        return new NetworkMix(Map.of());
    }

    private boolean in(String kind, int layer) {
        int p = periods.get(kind);
        return p > 0 && layer % p == 0;
    }

    /** The first {@code n} constraints of the network. */
    public Problem generate(int n) {
        List<Statement> st = new ArrayList<>();
        Dim prevC = Dim.var("c0");
        st.add(new Constraint.DimLe(Dim.atom(64), prevC, Span.NONE));
        // One String instance per name, as a parser that interns identifiers gives (the previous
        // layer's m and c are carried over rather than rebuilt); the problem is then interned as the
        // .shc parser interns what it reads (lang.Interning: one term per variable, with its id).
        String prevM = null;
        for (int k = 1; st.size() < n; k++) {
            String x = "x" + k, w = "w" + k, m = "m" + k, y = "y" + k;
            Dim c = Dim.var("c" + k);
            Dim i = Dim.var("i" + k), j = Dim.var("j" + k);
            st.add(eq(new Row.Open(List.of(), x, List.of()), new Row.Open(List.of(), "bt", List.of(i))));
            st.add(eq(Row.var(w), Row.literal(List.of(i, j))));
            st.add(eq(Row.var(m), new Row.Open(List.of(), "bt", List.of(j))));
            st.add(new Constraint.DimEq(j, Dim.atom(64L * (1 + k % 4)), Span.NONE));
            if (k > 1) st.add(eq(Row.var(x), Row.var(prevM)));
            else st.add(new Constraint.DimEq(i, Dim.atom(64), Span.NONE));
            if (in("broadcast", k)) {
                st.add(new Constraint.RowLe(Row.var(y), Row.var(m), Span.NONE));
                st.add(new Constraint.RowLe(Row.var(y), Row.var("bias" + k), Span.NONE));
            }
            if (in("trail", k))
                st.add(new Constraint.RowLe(Row.var("g" + k), new Row.Open(List.of(), in("broadcast", k) ? y : m,
                        List.of(Dim.atom(3))), Span.NONE));
            if (in("dimle", k)) st.add(new Constraint.DimLe(prevC, c, Span.NONE));
            if (in("total", k))
                st.add(new Constraint.Total(List.of(Row.var(w)),
                        new Constraint.TotalNum.StridedVar(64, new Dim.Var("v" + k), 1), List.of(), Span.NONE));
            Dim h = Dim.var("h" + k);
            if (in("concat", k)) st.add(new Constraint.DimEq(h, new Dim.Concat(List.of(j, Dim.atom(32))), Span.NONE));
            if (in("conv", k))
                st.add(new Constraint.DimEq(in("concat", k) ? h : j, Dim.Affine.conv(Dim.var("o" + k), 1, Dim.atom(3), 1, false),
                        Span.NONE));
            prevM = m;
            prevC = c;
        }
        return Interning.of(new Problem("native-mix", st.subList(0, n)));
    }

    private static Constraint eq(Row l, Row r) {
        return new Constraint.RowEq(l, r, Span.NONE);
    }
}
