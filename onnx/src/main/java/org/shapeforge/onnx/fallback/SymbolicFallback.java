package org.shapeforge.onnx.fallback;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.onnx.ImportFailureKind;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Imported;
import org.shapeforge.onnx.InferredDim;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymSize;

/**
 * The shapes of an imported graph from a solver that gives models, not solved forms (Z3, the
 * {@code import --verified} fallback): each axis as an expression over the graph's dim_params,
 * proved, never read off one model. Per axis: a guess of the form {@code (Σ a_i·p_i + b) // k}
 * fitted to the axis's sizes at a base solution (every dim_param at least 2 where the graph
 * allows) and at one solution per dim_param moving it alone by {@link ProbeStep} ({@link FloorFit});
 * then the entailment query "the constraints and {@code size(axis) != guess}" — unsat proves the
 * guess (a number when every slope is 0), a solution refutes it and narrows the next guess, until
 * no form of those slopes fits; then multiples of products of axes proved before it
 * ({@link ProductGuesses}: a Flatten's {@code h * w * 3}), each proved the same way. An axis with
 * no proved form is {@code ?} with the reason
 * ({@link AxisNote}): {@code NOT_DETERMINED} only when two solutions with equal dim_params give it
 * different sizes; {@code NO_FORM}, {@code TIMEOUT}, {@code BUDGET} otherwise. Where native also
 * answered an axis ({@code nativeAnswer}), a number or an expression over the dynamic dims, the two
 * must agree (Z3 proves native's form or refutes it with a solution): else a {@link Disagreement},
 * and the result is a {@code disagreement} failure; where Z3 proved nothing, native's form is
 * tried as a candidate (a seed) and kept when Z3 proves it. Axes the constraints equate outright
 * are decided once per class ({@link EqualDims}). Every query goes through the {@link ShapeSolver}
 * given, within the {@link SmtBudget}.
 */
public final class SymbolicFallback {

    private sealed interface Derived {
        record Proved(InferredDim dim) implements Derived {}

        record Open(AxisNote.Reason reason, String detail) implements Derived {}
    }

    private final Imported im;
    private final Queries q;
    private final List<String> inputs;
    private final long step;
    private final EqualDims classes;
    private Assignment base;
    private final List<Optional<Assignment>> moved = new ArrayList<>();
    private final Map<Dim, Derived> cache = new HashMap<>();
    private final Map<List<Long>, SymSize> provedBySizes = new HashMap<>();
    private int seeded;
    private final ProductGuesses products = new ProductGuesses();

    private SymbolicFallback(Imported im, ShapeSolver checker, SmtBudget budget) {
        this.im = im;
        this.q = new Queries(im.problem(), checker, budget);
        this.inputs = List.copyOf(new TreeSet<>(im.dynamic()));
        this.step = ProbeStep.of(im.constraints());
        this.classes = EqualDims.of(im.constraints(), Set.copyOf(inputs));
    }

    /**
     * Every value's shape of {@code im} given {@code model}, a solution of its problem; queries to
     * {@code checker} within {@code budget}; {@code nativeAnswer}: native's shapes where it has
     * any, to agree with (empty where native answered nothing).
     */
    public static FallbackShapes derive(Imported im, Assignment model, ShapeSolver checker, SmtBudget budget,
            Optional<ImportResult> nativeAnswer) {
        return new SymbolicFallback(im, checker, budget).run(model, nativeAnswer);
    }

    private FallbackShapes run(Assignment model, Optional<ImportResult> nativeAnswer) {
        probe(model);
        Map<String, List<InferredDim>> out = new LinkedHashMap<>();
        List<AxisNote> notes = new ArrayList<>();
        List<Disagreement> disagreements = new ArrayList<>();
        Map<String, List<InferredDim>> nat = nativeAnswer.map(ImportResult::values).orElse(Map.of());
        im.values().forEach((name, ds) -> {
            List<InferredDim> dims = new ArrayList<>();
            for (int i = 0; i < ds.size(); i++) {
                Derived r = derive(ds.get(i));
                List<InferredDim> n = nat.get(name);
                if (n != null && i < n.size()) r = agree(name, i, ds.get(i), r, n.get(i), disagreements);
                switch (r) {
                    case Derived.Proved(InferredDim d) -> dims.add(d);
                    case Derived.Open(AxisNote.Reason why, String detail) -> {
                        dims.add(InferredDim.UNDETERMINED);
                        notes.add(new AxisNote(name, i, why, detail));
                    }
                }
            }
            out.put(name, dims);
            products.add(ds, dims.stream().map(this::form).toList());
        });
        // the gaps the graph's sources give in these shapes, and native's domain where it answered
        ImportResult result = disagreements.isEmpty()
                ? new ImportResult(out, null, im.gaps().read(out), nativeAnswer.filter(ImportResult::succeeded).map(ImportResult::requires).orElse(List.of()))
                : new ImportResult(out, new ImportResult.Failure(ImportFailureKind.DISAGREEMENT, "native and Z3 disagree on " + disagreements.size()
                        + " axis(es), a bug: " + disagreements.getFirst().line(), disagreements.stream().map(Disagreement::line).toList(), List.of()));
        return new FallbackShapes(result, notes, disagreements, q.asked(), seeded);
    }

    /** The base solution (every dim_param ≥ 2 where the graph allows, else {@code model}) and one per dim_param moved by the step. */
    private void probe(Assignment model) {
        base = model;
        if (inputs.isEmpty()) return;
        List<Constraint> atLeast2 = inputs.stream().<Constraint>map(p -> rel(size(p), Constraint.Rel.GE, 2)).toList();
        if (q.ask(atLeast2) instanceof Queries.Answer.Solution(Assignment m) && point(m).isPresent()) base = m;
        Map<String, Long> v0 = point(base).orElse(Map.of());
        for (String p : inputs) {
            Optional<Assignment> m = Optional.empty();
            if (v0.size() == inputs.size()) {
                List<Constraint> at = new ArrayList<>();
                for (String o : inputs) at.add(rel(size(o), Constraint.Rel.EQ, o.equals(p) ? v0.get(o) + step : v0.get(o)));
                if (q.ask(at) instanceof Queries.Answer.Solution(Assignment s) && point(s).isPresent()) m = Optional.of(s);
            }
            moved.add(m);
        }
    }

    private Derived derive(Dim axis) {
        Dim d = classes.representative(axis);
        if (d.isGround()) return new Derived.Proved(InferredDim.of(d));
        if (d instanceof Dim.Var(String name, int id) && inputs.contains(name)) return new Derived.Proved(InferredDim.named(name));
        Derived cached = cache.get(d);
        if (cached != null) return cached;
        Derived r = fit(d);
        cache.put(d, r);
        return r;
    }

    private Derived fit(Dim d) {
        Optional<FloorFit.Point> b = at(base, d);
        if (b.isEmpty()) return new Derived.Open(AxisNote.Reason.NO_FORM, "the solver's solution gives it no size");
        List<Optional<FloorFit.Point>> ms = new ArrayList<>();
        List<Long> sizes = new ArrayList<>(List.of(b.get().size()));
        for (Optional<Assignment> m : moved) {
            Optional<FloorFit.Point> p = m.flatMap(s -> at(s, d));
            ms.add(p);
            sizes.add(p.map(FloorFit.Point::size).orElse(-1L));
        }
        SymSize known = provedBySizes.get(sizes);
        if (known != null && q.ask(List.of(ne(d, known))) instanceof Queries.Answer.None) return new Derived.Proved(InferredDim.of(known));
        Optional<FloorFit> f = FloorFit.through(inputs, b.get(), ms, step);
        while (f.isPresent()) {
            SymSize guess = f.get().guess();
            switch (q.ask(List.of(ne(d, guess)))) {
                case Queries.Answer.None n -> {
                    provedBySizes.put(sizes, guess);
                    return new Derived.Proved(InferredDim.of(guess));
                }
                case Queries.Answer.Solution(Assignment m) -> {
                    FloorFit now = f.get();
                    f = at(m, d).map(now::narrow);
                }
                case Queries.Answer.Open(AxisNote.Reason why, String detail) -> {
                    return new Derived.Open(why, "proving it " + guess + ": " + detail);
                }
            }
        }
        List<FloorFit.Point> points = new ArrayList<>(List.of(b.get()));
        ms.forEach(p -> p.ifPresent(points::add));
        for (ProductGuesses.Guess g : products.fitting(d, points))
            switch (q.ask(List.of(g.negation()))) {
                case Queries.Answer.None n -> {
                    return new Derived.Proved(InferredDim.of(g.form()));
                }
                case Queries.Answer.Solution s -> { }
                case Queries.Answer.Open(AxisNote.Reason why, String detail) -> {
                    return new Derived.Open(why, "proving it " + g.form() + ": " + detail);
                }
            }
        return undetermined(d, b.get());
    }

    /** A proved axis's form over the dim_params (for {@link ProductGuesses}); empty for {@code ?} or a form naming anything else. */
    private Optional<SymSize> form(InferredDim d) {
        return switch (d) {
            case InferredDim.Known(long n) -> Optional.of(SymSize.constant(n));
            case InferredDim.Symbolic(SymSize s) when inputs.containsAll(s.vars()) -> Optional.of(s);
            default -> Optional.empty();
        };
    }

    /** No form proved: two solutions at the base's dim_params with different sizes prove it undetermined. */
    private Derived undetermined(Dim d, FloorFit.Point b) {
        List<Constraint> same = new ArrayList<>();
        b.inputs().forEach((p, v) -> same.add(rel(size(p), Constraint.Rel.EQ, v)));
        same.add(new Constraint.SizeRel(new SizeExpr.Size(d), Constraint.Rel.NE, new SizeExpr.Lit(b.size()), Span.NONE));
        return switch (q.ask(same)) {
            case Queries.Answer.Solution(Assignment m) -> new Derived.Open(AxisNote.Reason.NOT_DETERMINED, "at " + b.inputs()
                    + " it is " + b.size() + " in one solution, " + at(m, d).map(p -> Long.toString(p.size())).orElse("another size") + " in another");
            case Queries.Answer.None n -> new Derived.Open(AxisNote.Reason.NO_FORM, "");
            case Queries.Answer.Open(AxisNote.Reason why, String detail) -> new Derived.Open(why, "deciding whether the inputs determine it: " + detail);
        };
    }

    /** Axis {@code d}'s derivation checked against native's answer {@code n} for it. */
    private Derived agree(String value, int axis, Dim d, Derived smt, InferredDim n, List<Disagreement> out) {
        Optional<SymSize> ns = switch (n) {
            case InferredDim.Known(long k) -> Optional.of(SymSize.constant(k));
            case InferredDim.Symbolic(SymSize s) when im.dynamic().containsAll(s.vars()) -> Optional.of(s);
            default -> Optional.empty();
        };
        if (ns.isEmpty()) return smt;
        if (smt instanceof Derived.Proved(InferredDim mine) && mine.equals(InferredDim.of(ns.get()))) return smt;
        Optional<Constraint> differs = neq(d, ns.get());
        Queries.Answer a = differs.isPresent() ? q.ask(List.of(differs.get()))
                : new Queries.Answer.Open(AxisNote.Reason.NO_FORM, "native's form has no .shc relation to ask Z3 about");
        // Z3 proved nothing: native's form is a seed, kept when Z3 proves it
        if (!(smt instanceof Derived.Proved(InferredDim mine))) {
            if (!(a instanceof Queries.Answer.None)) return smt;
            seeded++;
            return new Derived.Proved(InferredDim.of(ns.get()));
        }
        switch (a) {
            case Queries.Answer.None none -> { }
            case Queries.Answer.Solution(Assignment m) -> out.add(new Disagreement(value, axis, n.printed(), mine.printed(),
                    "a solution with " + point(m).map(Object::toString).orElse("?") + " gives it " + at(m, d).map(p -> Long.toString(p.size())).orElse("?")));
            case Queries.Answer.Open(AxisNote.Reason why, String detail) -> out.add(new Disagreement(value, axis, n.printed(), mine.printed(),
                    "their equality was not decided: " + detail));
        }
        return smt;
    }

    /** The dim_params' sizes in {@code m}, when it gives each one. */
    private Optional<Map<String, Long>> point(Assignment m) {
        Map<String, Long> v = new LinkedHashMap<>();
        for (String p : inputs) {
            Optional<Long> s = Sizing.of(Dim.var(p), m);
            if (s.isEmpty()) return Optional.empty();
            v.put(p, s.get());
        }
        return Optional.of(v);
    }

    private Optional<FloorFit.Point> at(Assignment m, Dim d) {
        Optional<Map<String, Long>> v = point(m);
        Optional<Long> s = Sizing.of(d, m);
        return v.isPresent() && s.isPresent() ? Optional.of(new FloorFit.Point(v.get(), s.get())) : Optional.empty();
    }

    private static SizeExpr size(String p) {
        return new SizeExpr.Size(Dim.var(p));
    }

    private static Constraint rel(SizeExpr l, Constraint.Rel r, long n) {
        return new Constraint.SizeRel(l, r, new SizeExpr.Lit(n), Span.NONE);
    }

    /** {@code size(d) != e}: the negation of {@link SymSize#definition} (every form a guess makes has one). */
    private static Constraint ne(Dim d, SymSize e) {
        return neq(d, e).orElseThrow(() -> new IllegalStateException("no .shc form of " + e));
    }

    /** {@code size(d) != e}, when {@code e} has a {@code .shc} relation (no division nested in a product or a division). */
    private static Optional<Constraint> neq(Dim d, SymSize e) {
        return e.definition(d).map(c -> {
            Constraint.SizeRel eq = (Constraint.SizeRel) c;
            return new Constraint.SizeRel(eq.left(), Constraint.Rel.NE, eq.right(), Span.NONE);
        });
    }
}
