package org.shapeforge.oracle.fuzz;

import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Renaming;
import org.shapeforge.lang.Statement;

/** Variables of statements: collected, and renamed by a map (row variables keyed {@code <r>}); the walk is {@link Renaming}. */
final class Vars {
    private Vars() {}

    static void collect(Statement s, Set<String> dims, Set<String> rows) {
        rename(s, new Collector(dims, rows), null);
    }

    /** The statement with every variable renamed by {@code ren}; declarations' variables shuffled when {@code rnd} is given. */
    static Statement rename(Statement s, Map<String, String> ren, SplittableRandom rnd) {
        return rename(s, new Mapper(ren), rnd);
    }

    private record Collector(Set<String> dims, Set<String> rows) implements Renaming.Names {
        public String dim(String v) {
            dims.add(v);
            return v;
        }

        public String row(String v) {
            rows.add(v);
            return v;
        }
    }

    private record Mapper(Map<String, String> ren) implements Renaming.Names {
        public String dim(String v) {
            return ren.getOrDefault(v, v);
        }

        public String row(String v) {
            String to = ren.getOrDefault("<" + v + ">", "<" + v + ">");
            return to.substring(1, to.length() - 1);
        }
    }

    private static Statement rename(Statement s, Renaming.Names n, SplittableRandom rnd) {
        Statement out = Renaming.statement(s, n);
        return rnd != null && out instanceof Declaration d ? Metamorphic.shuffle(d, d.vars(), rnd) : out;
    }
}
