package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowerings;

/**
 * Einsum in NumPy's syntax ({@code "ij,jk->ik"}, {@code "...ii->...i"}, implicit output): every
 * letter is one dimension term, equal wherever it occurs (no broadcasting of letters, as ONNX
 * specifies); the {@code ...} axes of the operands broadcast together (right-aligned, the
 * broadcast order as in elementwise ops). Without {@code ->} the output is the ellipsis followed
 * by the letters used once, in alphabetical order.
 */
final class Einsum {
    private Einsum() {}

    /** Einsum: its shape logic here, its lowering in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.each(Einsum::einsum, Lowerings.CONTRACTIONS, "Einsum");

    static List<Tensor> einsum(Node n, Emitter e) {
        String eq = n.attrs().s("equation", "").replace(" ", "");
        if (eq.isEmpty()) throw n.error("the equation attribute is required");
        String lhs = eq, rhs = null;
        int arrow = eq.indexOf("->");
        if (arrow >= 0) {
            lhs = eq.substring(0, arrow);
            rhs = eq.substring(arrow + 2);
        }
        String[] terms = lhs.split(",", -1);
        List<Tensor> ins = new ArrayList<>();
        for (Tensor t : n.inputs()) if (t != null) ins.add(t);
        if (terms.length != ins.size()) throw n.error("equation '" + eq + "' has " + terms.length + " operands, the node " + ins.size());
        Map<Character, Dim> letters = new LinkedHashMap<>();
        Map<Character, Integer> counts = new LinkedHashMap<>();
        int ellRank = 0;
        List<List<Dim>> ells = new ArrayList<>();
        for (int k = 0; k < terms.length; k++) {
            String term = terms[k];
            Tensor t = ins.get(k);
            boolean ell = term.contains("...");
            String plain = term.replace("...", "");
            if (!plain.chars().allMatch(Character::isLetter)) throw n.error("equation term '" + term + "' is not NumPy einsum syntax");
            int explicit = plain.length();
            if (ell ? explicit > t.rank() : explicit != t.rank())
                throw n.error("equation term '" + term + "' has " + explicit + " letters for input " + k + " of rank " + t.rank());
            int ellAt = ell ? term.indexOf("...") : -1, er = t.rank() - explicit;
            ells.add(ell ? t.dims().subList(ellAt, ellAt + er) : List.of());
            ellRank = Math.max(ellRank, ell ? er : 0);
            for (int i = 0; i < plain.length(); i++) {
                char c = plain.charAt(i);
                int axis = ell && i >= ellAt ? i + er : i;
                Dim d = t.dim(axis);
                Dim prev = letters.putIfAbsent(c, d);
                if (prev != null) e.eq(prev, d, n.origin("input " + k + "'s axis " + axis + " (letter '" + c + "')"));
                counts.merge(c, 1, Integer::sum);
            }
        }
        List<Dim> ellOut = e.freshRow("e", ellRank);
        List<List<Dim>> ellOps = new ArrayList<>();
        List<NodeOrigin> ellOrigins = new ArrayList<>();
        for (int k = 0; k < ells.size(); k++)
            if (terms[k].contains("...")) {
                ellOps.add(ells.get(k));
                ellOrigins.add(n.origin("input " + k + "'s '...' axes"));
            }
        if (!ellOps.isEmpty()) e.broadcastAll(ellOut, ellOps, ellOrigins);
        if (rhs == null) {
            StringBuilder sb = new StringBuilder(ellRank > 0 ? "..." : "");
            TreeSet<Character> once = new TreeSet<>();
            counts.forEach((c, m) -> {
                if (m == 1) once.add(c);
            });
            once.forEach(sb::append);
            rhs = sb.toString();
        }
        List<Dim> y = new ArrayList<>();
        String plainOut = rhs.replace("...", "");
        int ellAt = rhs.indexOf("...");
        for (int i = 0; i <= plainOut.length(); i++) {
            if (i == ellAt) y.addAll(ellOut);
            if (i == plainOut.length()) break;
            char c = plainOut.charAt(i);
            Dim d = letters.get(c);
            if (d == null) throw n.error("output letter '" + c + "' does not occur in the inputs");
            Dim o = e.fresh("y");
            e.eq(o, d, n.origin("output letter '" + c + "'"));
            y.add(o);
        }
        return List.of(n.result(0, y));
    }
}
