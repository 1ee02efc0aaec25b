package org.shapeforge.oracle.fuzz;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Statement;
import org.shapeforge.solver.Outcome;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Metamorphic variants (issue 10): the statements shuffled (constraints and declarations alike,
 * and the variables inside each declaration) and every variable renamed by a random bijection to
 * fresh names. Native's verdict and closed values must not change, up to the renaming
 * (docs/solver.md: results depend neither on order nor on names).
 */
public final class Metamorphic {
    private Metamorphic() {}

    /** A variant and its renaming (original name → new name; row variables as {@code <r>}). */
    public record Variant(Problem problem, Map<String, String> renaming) {}

    public static Variant variant(Problem p, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        TreeSet<String> dims = new TreeSet<>(), rows = new TreeSet<>();
        for (Statement s : p.statements()) Vars.collect(s, dims, rows);
        Map<String, String> ren = new LinkedHashMap<>();
        List<String> dn = new ArrayList<>(dims), rn = new ArrayList<>(rows);
        List<Integer> di = shuffled(dn.size(), rnd), ri = shuffled(rn.size(), rnd);
        for (int i = 0; i < dn.size(); i++) ren.put(dn.get(i), "v" + di.get(i) + "q");
        for (int i = 0; i < rn.size(); i++) ren.put("<" + rn.get(i) + ">", "<W" + ri.get(i) + ">");
        List<Statement> out = new ArrayList<>();
        for (Statement s : p.statements()) out.add(Vars.rename(s, ren, rnd));
        Collections.shuffle(out, new Random(rnd.nextLong()));
        String text = Printer.print(new Problem(p.file(), out));
        return new Variant(Parser.parse(p.file(), text), ren);
    }

    private static List<Integer> shuffled(int n, SplittableRandom rnd) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(i);
        Collections.shuffle(out, new Random(rnd.nextLong()));
        return out;
    }

    /** The verdict as compared: outcome kind and failure kind. */
    static String key(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> "sat";
            case Outcome.Unsat u -> "unsat/" + u.core().kind().keyword;
            case Outcome.Unknown u -> "unknown/" + u.cause().map(f -> f.kind().keyword).orElse("none");
        };
    }

    /** Why the variant's answer differs from the original's up to renaming, or empty. */
    public static Optional<String> compare(Outcome original, Outcome variant, Map<String, String> ren) {
        if (!key(original).equals(key(variant)))
            return Optional.of("verdict " + key(original) + " became " + key(variant));
        if (!(original instanceof Outcome.Sat a) || !(variant instanceof Outcome.Sat b)) return Optional.empty();
        for (Map.Entry<String, Dim> e : a.model().dims().entrySet()) {
            Dim other = b.model().dims().get(ren.getOrDefault(e.getKey(), e.getKey()));
            if (!e.getValue().equals(other))
                return Optional.of("closed " + e.getKey() + " = " + Printer.print(e.getValue()) + " became "
                        + (other == null ? "unassigned" : Printer.print(other)) + " (as " + ren.get(e.getKey()) + ")");
        }
        for (Map.Entry<String, Row> e : a.model().rows().entrySet()) {
            String to = ren.getOrDefault("<" + e.getKey() + ">", "<" + e.getKey() + ">");
            Row other = b.model().rows().get(to.substring(1, to.length() - 1));
            if (other == null || !e.getValue().flat().equals(other.flat()))
                return Optional.of("closed <" + e.getKey() + "> ~ " + Printer.print(e.getValue()) + " became "
                        + (other == null ? "unassigned" : Printer.print(other)) + " (as " + to + ")");
        }
        return Optional.empty();
    }

    /** Declarations list their variables in a shuffled order too. */
    static Declaration shuffle(Declaration d, List<Declaration.VarRef> vars, SplittableRandom rnd) {
        List<Declaration.VarRef> vs = new ArrayList<>(vars);
        Collections.shuffle(vs, new Random(rnd.nextLong()));
        return new Declaration(d.kind(), vs, d.span());
    }

    static boolean isConstraint(Statement s) {
        return s instanceof Constraint;
    }
}
