package org.shapeforge.oracle.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Statement;

/**
 * The second phase of minimization, after {@link DeltaDebug} over the statements: each
 * constraint is shrunk in place — one axis dropped from a flank, one number made smaller (to 2,
 * or by one) — as long as the failure persists, until no single edit keeps it. Edits are made on
 * the printed statement and parsed back (an edit that does not parse is skipped).
 */
public final class Shrink {
    private Shrink() {}

    private static final Pattern NUMBER = Pattern.compile("(?<![\\w:=.])(\\d+)(?![\\w.])");
    private static final Pattern LIST = Pattern.compile("\\[([^\\[\\]]*)\\]");

    public static List<Statement> shrink(List<Statement> statements, String file, Predicate<List<Statement>> fails) {
        List<Statement> cur = new ArrayList<>(statements);
        boolean changed = true;
        int budget = 400; // predicate calls: each may run both solvers
        while (changed && budget > 0) {
            changed = false;
            for (int i = 0; i < cur.size() && budget > 0; i++) {
                if (!(cur.get(i) instanceof Constraint)) continue;
                for (String cand : candidates(Printer.print(cur.get(i)))) {
                    Statement s = parse(file, cand);
                    if (s == null) continue;
                    List<Statement> next = new ArrayList<>(cur);
                    next.set(i, s);
                    budget--;
                    if (fails.test(next)) {
                        cur = next;
                        changed = true;
                        break;
                    }
                    if (budget <= 0) break;
                }
            }
        }
        return cur;
    }

    private static Statement parse(String file, String text) {
        try {
            var p = Parser.parse(file, text);
            return p.statements().size() == 1 ? p.statements().getFirst() : null;
        } catch (ShapeError | IllegalArgumentException e) {
            return null;
        }
    }

    /** Smaller variants of one printed statement: an axis dropped, a number lowered. */
    static List<String> candidates(String text) {
        Set<String> out = new LinkedHashSet<>();
        Matcher l = LIST.matcher(text);
        while (l.find()) {
            String body = l.group(1);
            if (body.isBlank()) continue;
            String[] parts = body.split(",\\s*");
            for (int j = 0; j < parts.length; j++) {
                List<String> keep = new ArrayList<>();
                for (int k = 0; k < parts.length; k++) if (k != j) keep.add(parts[k]);
                out.add(text.substring(0, l.start()) + "[" + String.join(", ", keep) + "]" + text.substring(l.end()));
            }
        }
        Matcher n = NUMBER.matcher(text);
        while (n.find()) {
            long v;
            try {
                v = Long.parseLong(n.group(1));
            } catch (NumberFormatException e) {
                continue;
            }
            for (long smaller : new long[] {2, v - 1})
                if (smaller >= 2 && smaller < v) out.add(text.substring(0, n.start()) + smaller + text.substring(n.end()));
        }
        return new ArrayList<>(out);
    }
}
