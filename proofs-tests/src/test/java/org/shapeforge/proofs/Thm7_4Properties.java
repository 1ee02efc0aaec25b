package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.shapeforge.lang.Constraint;
import org.shapeforge.project.Index;
import org.shapeforge.project.Operation;
import org.shapeforge.project.ProjectionError;
import org.shapeforge.project.ProjectionInference;
import org.shapeforge.project.Projections;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Thm. 7.4 (canonicity): the partition, pins, iterate set and labeling do not depend on the
 * processing order; the output is unique up to renaming the fresh symbols; the solver fails
 * exactly when a co-iteration class holds two sizes (a), a class gets two pins (b), or two
 * supplied indices are equated (c).
 */
class Thm7_4Properties {

    @Provide
    Arbitrary<ProjOps.Case> cases() {
        return Arbitraries.oneOf(ProjOps.einsums().map(ProjOps.Einsum::build), ProjOps.pointwise().map(ProjOps.Pointwise::build),
                ProjOps.convs().map(ProjOps.Conv::build), ProjOps.blocks().map(ProjOps.Block::build));
    }

    static Operation shuffled(Operation op, Random random) {
        List<Constraint> cs = new ArrayList<>(op.constraints());
        Collections.shuffle(cs, random);
        List<Map.Entry<String, Index>> pins = new ArrayList<>(op.pins().entrySet());
        Collections.shuffle(pins, random);
        Map<String, Index> p = new LinkedHashMap<>();
        for (var e : pins) p.put(e.getKey(), e.getValue());
        return op.withConstraints(cs).withPins(p);
    }

    /** Shuffling the equations changes nothing — not even the symbol names (they are chosen canonically). */
    @Property(tries = 300)
    void shufflingTheEquationsChangesNothing(@ForAll("cases") ProjOps.Case c, @ForAll Random random) {
        Projections p = ProjectionInference.project(c.op(), c.model());
        assertEquals(p, ProjectionInference.project(shuffled(c.op(), random), c.model()), c.description());
    }

    /** Renaming the spec's labels renames at most the iterator symbols: equal up to a bijection. */
    @Property(tries = 300)
    void renamingLabelsRenamesOnlySymbols(@ForAll("einsums") ProjOps.Einsum e, @ForAll Random random) {
        List<String> names = new ArrayList<>(List.of("p", "q", "r", "u", "v"));
        Collections.shuffle(names, random);
        Map<String, String> rename = new HashMap<>();
        List<String> from = List.of("i", "j", "k", "l", "f");
        for (int x = 0; x < from.size(); x++) rename.put(from.get(x), names.get(x));
        Projections p = ProjectionInference.project(e.build().op(), e.build().model());
        ProjOps.Case renamed = e.build(rename);
        Projections q = ProjectionInference.project(renamed.op(), renamed.model());
        assertEquals("", ProjCheck.differenceUpToRenaming(p, q), e.build().description() + "\n" + p.summary() + "\n" + q.summary());
    }

    @Provide
    Arbitrary<ProjOps.Einsum> einsums() {
        return ProjOps.einsums();
    }

    /**
     * Fails iff (a): with the tensors' sizes perturbed (the model no longer satisfies the spec), the
     * solve fails exactly when some label's class — the label and every axis it names — holds two
     * sizes, in every processing order, with {@link ProjectionError.Kind#SIZE_MISMATCH}.
     */
    @Property(tries = 400)
    void failsExactlyWhenAClassHoldsTwoSizes(@ForAll("einsums") ProjOps.Einsum e,
            @ForAll("noise") List<Long> noise, @ForAll Random random) {
        ProjOps.Case c = e.build();
        Map<String, Row> rows = new LinkedHashMap<>(c.model().rows());
        Map<String, Set<Long>> classSizes = new HashMap<>();
        c.model().dims().forEach((l, d) -> classSizes.computeIfAbsent(l, k -> new HashSet<>()).add(org.shapeforge.semantics.Sizes.size(d)));
        int next = 0;
        for (Constraint k : c.op().constraints()) {
            if (!(k instanceof Constraint.RowEq eq)) continue;
            List<Dim> spec = eq.right().flat();
            if (spec.isEmpty()) continue;
            String var = eq.left().rowVar();
            List<Long> sizes = new ArrayList<>();
            for (Dim d : spec) {
                String label = ((Dim.Var) d).name();
                long s = label.equals("f") ? org.shapeforge.semantics.Sizes.size(c.model().dims().get("f")) : noise.get(next++ % noise.size());
                sizes.add(s);
                classSizes.get(label).add(s);
            }
            rows.put(var, ProjOps.lit(sizes));
        }
        boolean expectFailure = classSizes.values().stream().anyMatch(s -> s.size() > 1);
        net.jqwik.api.statistics.Statistics.label("fails").collect(expectFailure)
                .coverage(cov -> {
                    cov.check(true).percentage(p -> p > 20);
                    cov.check(false).percentage(p -> p > 5);
                });
        Assignment model = new Assignment(c.model().dims(), rows);
        for (Operation op : List.of(c.op(), shuffled(c.op(), random))) {
            if (expectFailure) {
                ProjectionError err = assertThrows(ProjectionError.class, () -> ProjectionInference.project(op, model), c.description());
                assertEquals(ProjectionError.Kind.SIZE_MISMATCH, err.kind(), err.getMessage());
            } else ProjectionInference.project(op, model);
        }
    }

    @Provide
    Arbitrary<List<Long>> noise() {
        return Arbitraries.longs().between(1, 3).list().ofMinSize(12).ofMaxSize(12);
    }

    /** (b): two pins on one class fail, in both orders; equal pins do not. */
    @Property(tries = 100)
    void twoDistinctPinsOnOneClassFail(@ForAll("pinPairs") List<Long> pins, @ForAll Random random) {
        ProjOps.Einsum e = new ProjOps.Einsum(List.of(List.of("i", "j")), List.of("i"), Map.of("i", 2L, "j", 3L, "k", 1L, "l", 1L, "f", 3L),
                java.util.Optional.empty(), 1);
        ProjOps.Case c = e.build();
        List<Constraint> cs = new ArrayList<>(c.op().constraints());
        cs.add(new Constraint.DimEq(new Dim.Var("j"), new Dim.Var("g"), org.shapeforge.lang.Span.NONE));
        Map<String, Index> p = Map.of("j", new Index.Fixed(pins.get(0)), "g", new Index.Fixed(pins.get(1)));
        Operation op = c.op().withConstraints(cs).withPins(p);
        Assignment model = c.model().withDim("g", ProjOps.size(3));
        for (Operation o : List.of(op, shuffled(op, random))) {
            if (pins.get(0).equals(pins.get(1))) assertEquals("[i, " + pins.get(0) + "]",
                    ProjectionInference.project(o, model).rhs().getFirst().stream().map(Index::render).toList().toString());
            else assertEquals(ProjectionError.Kind.PIN_CONFLICT,
                    assertThrows(ProjectionError.class, () -> ProjectionInference.project(o, model)).kind());
        }
    }

    @Provide
    Arbitrary<List<Long>> pinPairs() {
        return Arbitraries.longs().between(0, 2).list().ofSize(2);
    }
}
