package org.shapeforge.pipeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Program;
import org.shapeforge.program.Stmt;
import org.shapeforge.program.dynamic.Binding;
import org.shapeforge.program.dynamic.DimClasses;
import org.shapeforge.program.dynamic.Facts;
import org.shapeforge.program.dynamic.Specialise;
import org.shapeforge.program.dynamic.SymbolicShapes;

/**
 * Concrete sizes for {@code run} on a program with {@code dynamic} dimensions (docs/codegen.md,
 * "Running a program with dynamic dims"): generated code and its random inputs need numbers. Sizes
 * are chosen per equal-dim class ({@link DimClasses} of the symbolic inference: dims that the
 * constraints make equal get one size, issue 31): a {@code --bind} of any member, else the value the
 * program forces, else the first value of a {@code likely(...)} fact of any member (the least member
 * name with one), else the smallest size ≥ 1 all members' facts ({@code in}, {@code %}) allow. The
 * sizes must satisfy the facts ({@link Facts#violated}); the program is then {@link Specialise}d at
 * them — the program {@code infer --bind} checks.
 */
final class Specialization {
    private Specialization() {}

    /**
     * {@code p} at the sizes {@code given} (NAME → SIZE, as {@code --bind}) and chosen for the rest;
     * {@code infer} is the pipeline's inference, run once on the unbound program for its equal-dim
     * classes. A name that is not a dynamic dim, a size below 1, sizes that break a fact or a dim
     * that cannot be sized are usage errors ({@link ShapeError} "usage").
     */
    static Sized of(Program p, Map<String, Long> given, Function<Program, Inference> infer) {
        List<String> dynamic = new ArrayList<>();
        for (Stmt s : p.statements()) if (s instanceof Stmt.Dynamic(var names, var _)) dynamic.addAll(names);
        for (var e : given.entrySet()) {
            String n = e.getKey(), b = n + "=" + e.getValue();
            if (!dynamic.contains(n))
                throw new ShapeError("usage", Span.NONE, "--bind " + b + ": '" + n + "' is not a dynamic dimension of "
                        + p.file() + (dynamic.isEmpty() ? " (it declares none)" : " (it declares " + String.join(", ", dynamic) + ")"));
            if (e.getValue() < 1) throw new ShapeError("usage", Span.NONE, "--bind " + b + ": a size is at least 1");
        }
        if (dynamic.isEmpty()) return new Sized(p, p, Map.of(), Map.of(), Optional.empty());
        Optional<Inference> unbound;
        try {
            unbound = Optional.of(infer.apply(p));
        } catch (ShapeError e) {
            unbound = Optional.empty();
        }
        List<DimClasses.EqClass> classes = classes(unbound, dynamic);
        Binding.check(new DimClasses(classes), given).ifPresent(m -> {
            throw new ShapeError("usage", Span.NONE, "--bind: " + m);
        });
        List<Stmt.Fact> facts = Facts.of(p);
        Map<String, Long> sizes = new LinkedHashMap<>();
        Map<String, String> why = new LinkedHashMap<>();
        for (DimClasses.EqClass c : classes) {
            String of = c.members().size() > 1 ? ", class " + c.printed() : "";
            Optional<String> bound = c.members().stream().filter(given::containsKey).findFirst();
            long size;
            String reason;
            if (bound.isPresent()) {
                size = given.get(bound.get());
                reason = "--bind " + bound.get();
            } else if (c.value().isPresent()) {
                size = c.value().getAsLong();
                reason = "forced";
            } else {
                List<Stmt.Fact> own = facts.stream().filter(f -> c.members().contains(f.dim())).toList();
                var likely = own.stream().filter(f -> f.constraint() instanceof Constraint.Likely)
                        .min(Comparator.comparing(Stmt.Fact::dim));
                if (likely.isPresent()) {
                    size = ((Constraint.Likely) likely.get().constraint()).values().getFirst();
                    reason = "likely(" + likely.get().dim() + ")";
                } else {
                    OptionalLong least = smallestAllowed(c, own);
                    if (least.isEmpty())
                        throw new ShapeError("usage", Span.NONE, "dynamic dimension '" + c.representative()
                                + "' needs a size: give --bind " + c.representative() + "=SIZE");
                    size = least.getAsLong();
                    reason = "smallest allowed";
                }
            }
            for (String m : c.members()) {
                sizes.put(m, size);
                why.put(m, reason + of);
            }
        }
        Facts.violated(facts, sizes).ifPresent(m -> {
            throw new ShapeError("usage", Span.NONE, "--bind: " + m);
        });
        Map<String, Long> ordered = new LinkedHashMap<>(); // declaration order, as the user wrote them
        Map<String, String> reasons = new LinkedHashMap<>();
        for (String n : dynamic) {
            ordered.put(n, sizes.get(n));
            reasons.put(n, why.get(n));
        }
        return new Sized(Specialise.of(p, ordered), p, ordered, reasons, unbound);
    }

    /**
     * The equal-dim classes of the program's symbolic inference; a dim the inference does not class
     * (it failed, or the dim is unused) is a class of its own, and the failure is reported later.
     */
    private static List<DimClasses.EqClass> classes(Optional<Inference> unbound, List<String> dynamic) {
        DimClasses cl = unbound.map(SymbolicShapes::classes).orElseGet(() -> new DimClasses(List.of()));
        List<DimClasses.EqClass> out = new ArrayList<>(cl.classes());
        for (String n : new TreeSet<>(dynamic))
            if (cl.of(n).isEmpty()) out.add(new DimClasses.EqClass(Set.of(n), OptionalLong.empty()));
        return out;
    }

    private static OptionalLong smallestAllowed(DimClasses.EqClass c, List<Stmt.Fact> own) {
        for (long v = 1; v <= 1 << 16; v++) {
            Map<String, Long> env = new LinkedHashMap<>();
            for (String m : c.members()) env.put(m, v);
            if (Facts.violated(own, env).isEmpty()) return OptionalLong.of(v);
        }
        return OptionalLong.empty();
    }
}
