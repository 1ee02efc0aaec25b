package org.shapeforge.program.dynamic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
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
 * seed 002 "dimension size equality"). Every variable-to-variable binding is an equation, internal
 * variables included: {@code m ↦ φ3} and {@code e1'r ↦ φ3} put {@code m}, {@code φ3} and {@code e1'r}
 * in one class, so a solver that binds a dynamic dim to a fresh variable loses no name (issue 31).
 * A binding to a number makes the class constant.
 *
 * <p>A class's {@link EqClass#members() members} are its dynamic names; its representative is the
 * least of them in {@link String#compareTo} order — a rule on the names alone, independent of the
 * declaration order and of the order of the constraints, so printing depends on names only through
 * that choice, never the verdicts. {@link #aliases()} maps each internal variable of a class to that
 * representative: every member, dynamic or internal, prints as it.
 */
public record DimClasses(List<EqClass> classes, Map<String, String> aliases) {
    public DimClasses {
        classes = List.copyOf(classes);
        aliases = Map.copyOf(aliases);
    }

    public DimClasses(List<EqClass> classes) {
        this(classes, Map.of());
    }

    /** One class: its dynamic members (sorted) and the number all equal, if one is forced. */
    public record EqClass(Set<String> members, OptionalLong value) {
        public EqClass {
            members = Collections.unmodifiableSet(new TreeSet<>(members));
        }

        /** The least member name: the name every member of the class prints as. */
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

    /** The class an internal (non-dynamic) variable is equal to, if it is equal to a dynamic dimension. */
    public Optional<EqClass> ofInternal(String variable) {
        String r = aliases.get(variable);
        return r == null ? Optional.empty() : of(r);
    }

    static DimClasses build(Set<String> dynamic, Map<String, Dim> bindings) {
        if (dynamic.isEmpty()) return new DimClasses(List.of()); // classes and aliases are those of dynamic members only
        Map<String, String> parent = new TreeMap<>();
        Map<String, Long> value = new TreeMap<>();
        for (String v : dynamic) parent.putIfAbsent(v, v);
        for (var e : bindings.entrySet()) {
            String v = e.getKey();
            parent.putIfAbsent(v, v);
            switch (e.getValue()) {
                case Dim.Var(String w, _) -> {
                    parent.putIfAbsent(w, w);
                    union(parent, v, w);
                }
                case Dim.Atom a -> value.put(v, a.size());
                case Dim.Unit u -> value.put(v, 1L);
                default -> { } // a concatenation or an affine axis: an expression, not an equality of names
            }
        }
        Map<String, TreeSet<String>> dyn = new TreeMap<>(), all = new TreeMap<>();
        for (String v : parent.keySet()) {
            String root = find(parent, v);
            all.computeIfAbsent(root, k -> new TreeSet<>()).add(v);
            if (dynamic.contains(v)) dyn.computeIfAbsent(root, k -> new TreeSet<>()).add(v);
        }
        List<EqClass> out = new ArrayList<>();
        Map<String, String> aliases = new TreeMap<>();
        for (var g : dyn.entrySet()) {
            TreeSet<String> group = all.get(g.getKey());
            OptionalLong val = group.stream().filter(value::containsKey).mapToLong(value::get).findFirst();
            EqClass c = new EqClass(g.getValue(), val);
            out.add(c);
            for (String v : group) if (!dynamic.contains(v)) aliases.put(v, c.representative());
        }
        out.sort(Comparator.comparing(EqClass::representative));
        return new DimClasses(out, aliases);
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
