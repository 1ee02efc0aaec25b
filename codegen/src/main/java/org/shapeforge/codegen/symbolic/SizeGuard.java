package org.shapeforge.codegen.symbolic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Stmt;
import org.shapeforge.program.dynamic.DimClasses;
import org.shapeforge.program.dynamic.SymbolicShapes;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * One condition on the dynamic dims that a symbolic kernel checks at entry, before it reads or
 * writes any buffer: {@code condition} over the
 * program's dynamic dims, and {@code source}, where it comes from — a fact the program states
 * ({@code seq % 8 == 0}, with its file and line) or a domain condition of the unbound program's
 * symbolic answer ({@link SymbolicShapes#requires}: a derived size is at least 1, a division is
 * exact). The symbolic sizes the kernel computes its extents from are a solution exactly where
 * every such condition holds (docs/dynamic.md, "Domain conditions"), so a call outside them is
 * refused with the relation, never run on extents the program does not have.
 */
public record SizeGuard(SymCondition condition, String source) {
    /** The relation as the user reads it, with its source: {@code seq % 8 == 0 (fact, p.shp:11:1)}. */
    public String relation() {
        return condition + " (" + source + ")";
    }

    /** Whether every name of the condition is one of {@code params} (a kernel checks only what it reads). */
    public boolean over(Set<String> params) {
        return params.containsAll(condition.left().vars()) && params.containsAll(condition.right().vars());
    }

    /**
     * The domain of {@code unbound} (a solved inference of a program with dynamic dims) and its
     * {@code facts} ({@code in} ranges, {@code %} conditions; a {@code likely} is a hint and
     * guards nothing), each fact's dim read as its equal-dim class's representative, a class forced
     * to a number left out (the binding decides it). Sorted by text, facts first: the order of the
     * program's statements does not change which guard a kernel checks first.
     */
    public static List<SizeGuard> domain(Inference unbound, List<Stmt.Fact> facts) {
        DimClasses classes = SymbolicShapes.classes(unbound);
        List<SizeGuard> stated = new ArrayList<>();
        for (Stmt.Fact f : facts) {
            Optional<DimClasses.EqClass> c = classes.of(f.dim());
            if (c.isPresent() && c.get().value().isPresent()) continue;
            SymSize d = SymSize.name(c.map(DimClasses.EqClass::representative).orElse(f.dim()));
            String where = "fact, " + f.span();
            switch (f.constraint()) {
                case Constraint.SizeIn in -> {
                    stated.add(new SizeGuard(new SymCondition(d, Rel.GE, SymSize.constant(in.lo())), where));
                    stated.add(new SizeGuard(new SymCondition(d, Rel.LE, SymSize.constant(in.hi())), where));
                }
                case Constraint.SizeRel(SizeExpr.Mod(var x, long k), var rel, SizeExpr.Lit(long r), var sp) ->
                        stated.add(new SizeGuard(new SymCondition(d.mod(k), rel, SymSize.constant(r)), where));
                default -> {} // likely: a hint
            }
        }
        List<SizeGuard> inferred = new ArrayList<>();
        for (SymCondition c : SymbolicShapes.requires(unbound)) inferred.add(new SizeGuard(c, "requires"));
        Comparator<SizeGuard> byText = Comparator.comparing(g -> g.condition().toString());
        stated.sort(byText.thenComparing(SizeGuard::source));
        inferred.sort(byText);
        Set<String> seen = new HashSet<>(); // one guard per condition text, the first source kept
        List<SizeGuard> out = new ArrayList<>();
        stated.removeIf(g -> g.condition().trivial()); // n >= 1 of a size: every binding meets it
        for (SizeGuard g : stated) if (seen.add(g.condition().toString())) out.add(g);
        for (SizeGuard g : inferred) if (seen.add(g.condition().toString())) out.add(g);
        return List.copyOf(out);
    }
}
