package org.shapeforge.onnx;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.List;
import java.util.OptionalLong;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.semantics.Grounding;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.semantics.Undefined;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymSize;

/**
 * Sizes an {@link Emitter}'s shape logics read while the graph is still being imported: Slice
 * clamps its bounds to the axis, so which formula applies depends on a size, and {@code Shape}
 * turns axis terms into values. A size is read off a ground term, else from a solve of the
 * constraints so far that are {@link Connected} to it ({@link Presolve}, reused while they are
 * unchanged; ONNX shapes are determined by the graph inputs, so the size is fixed there); a case
 * chosen on a closed size is recorded as a guard constraint, so the final solve re-checks the
 * assumption.
 */
final class ImportReading {
    private final Emitter e;
    /** The latest presolves ({@link #presolve}), most recent first. */
    private final ArrayDeque<Presolve> presolves = new ArrayDeque<>();

    ImportReading(Emitter e) {
        this.e = e;
    }

    /**
     * The size of {@code d} as a number: read off a ground term, else from a solve of the
     * constraints so far. A dimension left symbolic there (a {@code dim_param}) is an
     * {@link ImportError}: the op needs a number to choose its case.
     */
    long sizeOf(Dim d, NodeOrigin o, String why) {
        return numberOf(d, o, why).orElseThrow(() -> ImportError.at("unsupported", e.file(), o, why + " needs the size of "
                + Printer.print(d) + " as a number, but it is symbolic (a dim_param); dynamic shapes here are a later issue"));
    }

    /**
     * {@link #sizeOf}'s number where the constraints so far give one, else empty: a size tied to a
     * dim_param or to an unknown extent (seed 004), for an op that has a symbolic fallback.
     */
    OptionalLong numberOf(Dim d, NodeOrigin o, String why) {
        if (d.isGround()) return OptionalLong.of(Sizes.size(d));
        Presolve p = presolve(o, why, d);
        try {
            // a size tied to a dim_param by a residual relation has no number: the closed model's
            // holds for the dynamic dimensions at 1 only (found 2026-11-24: a Slice past the end of
            // Reshape(x, [-1, 6])'s first axis pinned batch to 1)
            Dim g = p.symbolic.dependsOnDynamic(d) ? null : Grounding.dim(d, p.sat.model());
            if (g != null && g.isGround()) return OptionalLong.of(Sizes.size(g));
        } catch (Undefined e) {
            // fall through: symbolic
        }
        return OptionalLong.empty();
    }

    /**
     * What the constraints so far make of axis term {@code d}, for a shape read at import time
     * ({@code Shape}): a ground term when σ⋆ binds it to one through no policy step (entailed, so no
     * guard is needed), the dim_param it is bound to or that is bound to it (a transposed batch axis
     * is {@code batch} itself), else {@code d} — also when the constraints so far are inconsistent
     * (the final solve reports that) or a residual relation ties it to a dim_param.
     */
    Dim resolve(Dim d, NodeOrigin o) {
        if (d.isGround() || !(d instanceof Dim.Var) || e.isDynamic(((Dim.Var) d).name())) return d;
        Presolve p;
        try {
            p = presolve(o, "reading a shape", d);
        } catch (ImportError ex) {
            return d;
        }
        var solved = p.sat.solved();
        // the solver determines it as a dim_param of its equal-dim class: that name (issue 31)
        var named = p.symbolic.symbolic(d).flatMap(SymSize::asName);
        if (named.isPresent() && e.isDynamic(named.get())) return Dim.var(named.get());
        if (solved.isEmpty() || p.symbolic.dependsOnDynamic(d)) return d;
        Dim end = chain(d, solved.get());
        if (end == null) return d;
        if (end.isGround() || end instanceof Dim.Var(String v, _) && e.isDynamic(v)) return end;
        for (String w : e.dynamicSoFar()) // a dim_param bound to the same representative
            if (end.equals(chain(Dim.var(w), solved.get()))) return Dim.var(w);
        if (!(end instanceof Dim.Var(String endName, _)) || p.nearDynamic(e.dynamicSoFar()).contains(endName) || p.nearDynamic(e.dynamicSoFar()).contains(((Dim.Var) d).name()))
            return d;
        try { // decided only by closing (a Conv output, a Reshape's −1): that number, with a guard as sizeOf's
            Dim g = Grounding.dim(d, p.sat.model());
            if (!g.isGround()) return d;
            e.rel(Emitter.sz(d), Constraint.Rel.EQ, Emitter.lit(Sizes.size(g)), o.as("a shape read as " + Sizes.size(g)
                    + " (the size the constraints before it give; the final solve re-checks it)"));
            p.cover(e.constraintsSoFar().size() - 1); // the model satisfies the guard: the presolve stands
            return g;
        } catch (Undefined ex) {
            return d;
        }
    }

    /** σ⋆'s chain from {@code d} to its end, or null through a policy step. */
    private static Dim chain(Dim d, SolvedForm s) {
        for (int i = 0; i < 64 && d instanceof Dim.Var(String v, _); i++) {
            if (s.policyDims().contains(v)) return null;
            Dim next = s.dimBindings().get(v);
            if (next == null) next = s.closedSymbolic().get(v); // below a dim_param: closing sets it to it (Def. 6.1)
            if (next == null) return d;
            d = next;
        }
        return d;
    }

    /**
     * The presolve for reading {@code d}: the constraints so far {@link Connected} to it, solved
     * (reused while those are unchanged but for variable-free facts that hold, {@link Presolve});
     * inconsistent ones are an error at {@code o}.
     */
    private Presolve presolve(NodeOrigin o, String why, Dim d) {
        BitSet wanted = Connected.to(e.constraintsSoFar(), List.of(d));
        for (Presolve p : presolves)
            if (p.covers(wanted, e.declarations(), e.constraintsSoFar())) return p;
        List<Constraint> cs = wanted.stream().mapToObj(e.constraintsSoFar()::get).toList();
        Outcome out = e.solver().solve(e.problem(cs), SolveOptions.defaults());
        if (!(out instanceof Outcome.Sat s))
            throw ImportError.at("onnx-node", e.file(), o, "the shapes before this node are inconsistent ("
                    + out.failure().map(Failure::message).orElseGet(() -> ((Outcome.Unknown) out).reason())
                    + "); " + why + " needs them");
        Presolve p = new Presolve(wanted, e.declarations(), s, SymbolicReading.of(s, e.dynamicSoFar(), e.runtime(), cs));
        presolves.addFirst(p);
        if (presolves.size() > 8) presolves.removeLast();
        return p;
    }
}
