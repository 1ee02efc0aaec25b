package org.shapeforge.program.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.shapeforge.term.Dim;

/**
 * Equivalence classes of equal {@code dynamic} dimensions (union-find over the solver's bindings σ⋆,
 * seed 002 "dimension size equality"): {@code m ↦ n} puts {@code m} and {@code n} in one class; a
 * binding to a number makes the class constant. The representative is the least name, so printing
 * depends on names only through that choice, never the verdicts.
 */
public record DimClasses(List<EqClass> classes) {
    public DimClasses {
        classes = List.copyOf(classes);
    }

    /** One class: its members (sorted) and the number all equal, if one is forced. */
    public record EqClass(Set<String> members, OptionalLong value) {
        public EqClass {
            members = java.util.Collections.unmodifiableSet(new TreeSet<>(members));
        }

        public String representative() {
            return members.iterator().next();
        }

        /** {@code n = m} or {@code n = m = 784}. */
        public String printed() {
            return String.join(" = ", members) + (value.isPresent() ? " = " + value.getAsLong() : "");
        }
    }

    /** The class of {@code name}, if it is a dynamic dimension. */
    public Optional<EqClass> of(String name) {
        return classes.stream().filter(c -> c.members().contains(name)).findFirst();
    }

    static DimClasses build(Set<String> dynamic, Map<String, Dim> bindings) {
        Map<String, String> parent = new TreeMap<>();
        Map<String, Long> value = new TreeMap<>();
        for (String v : dynamic) parent.put(v, v);
        for (String v : dynamic) {
            Dim d = bindings.get(v);
            for (int guard = 0; d != null && guard < 10_000; guard++) {
                if (d instanceof Dim.Var(String w, _) && dynamic.contains(w)) {
                    union(parent, v, w);
                    break;
                } else if (d instanceof Dim.Var(String w, _)) {
                    d = bindings.get(w);
                } else {
                    if (d instanceof Dim.Atom a) value.put(v, a.size());
                    if (d instanceof Dim.Unit) value.put(v, 1L);
                    break;
                }
            }
        }
        Map<String, TreeSet<String>> groups = new TreeMap<>();
        for (String v : dynamic) groups.computeIfAbsent(find(parent, v), k -> new TreeSet<>()).add(v);
        List<EqClass> out = new ArrayList<>();
        for (TreeSet<String> g : groups.values()) {
            OptionalLong val = g.stream().filter(value::containsKey).mapToLong(value::get).findFirst();
            out.add(new EqClass(g, val));
        }
        out.sort(java.util.Comparator.comparing(EqClass::representative));
        return new DimClasses(out);
    }

    private static String find(Map<String, String> p, String v) {
        while (!p.get(v).equals(v)) v = p.get(v);
        return v;
    }

    private static void union(Map<String, String> p, String a, String b) {
        String ra = find(p, a), rb = find(p, b);
        if (ra.compareTo(rb) < 0) p.put(rb, ra);
        else if (!ra.equals(rb)) p.put(ra, rb);
    }
}
