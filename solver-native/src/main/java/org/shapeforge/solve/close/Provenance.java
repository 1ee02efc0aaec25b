package org.shapeforge.solve.close;

import java.util.HashSet;
import java.util.Set;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Problem;

/** The provenance tags of Def. 6.1 / {@code language.md}: leaf, param, discardable, dynamic. */
public record Provenance(Set<String> leaf, Set<String> param, Set<String> discardable, Set<String> dynamic) {

    /** Keys are {@code a} for dimension variables and {@code <r>} for row variables. */
    public static Provenance of(Problem p) {
        Set<String> leaf = new HashSet<>(), param = new HashSet<>(), disc = new HashSet<>(), dyn = new HashSet<>();
        for (Declaration d : p.declarations())
            for (Declaration.VarRef v : d.vars()) {
                String key = v.toString();
                switch (d.kind()) {
                    case LEAF -> leaf.add(key);
                    case PARAM -> {
                        param.add(key);
                        leaf.add(key);
                    }
                    case DISCARDABLE -> disc.add(key);
                    case DYNAMIC -> dyn.add(key);
                }
            }
        return new Provenance(Set.copyOf(leaf), Set.copyOf(param), Set.copyOf(disc), Set.copyOf(dyn));
    }

    public static String dimKey(String v) {
        return v;
    }

    public static String rowKey(String v) {
        return "<" + v + ">";
    }
}
