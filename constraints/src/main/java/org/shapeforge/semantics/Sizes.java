package org.shapeforge.semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.shapeforge.term.Dim;

/**
 * The size formulas of Concat and Affine, stated once (architecture: "one place for each
 * formula"; Conj. 8.4(a): the sizing mode per axis must agree everywhere). The evaluator, both
 * solvers and projections call these and nothing else.
 *
 * <ul>
 *   <li>Concat: the sum of the parts' sizes.
 *   <li>Affine, no kernel (strided iteration): {@code i = stride·o}.
 *   <li>Affine, kernel, padding (size-preserving): {@code i = stride·o}.
 *   <li>Affine, kernel, no padding (valid convolution): {@code i = stride·(o−1) + 1 + (k−1)·dilation}.
 * </ul>
 *
 * Bases: a single non-default basis among the parts wins over {@code default}; two distinct
 * non-default bases are an error ({@link BasisConflict}). A computed size 1 with the default basis
 * is the unit {@code 1∅} (OCANNL's "dimension-1 without a label").
 */
public final class Sizes {
    private Sizes() {}

    /** Two distinct non-default bases met in one sum or affine size. */
    public static final class BasisConflict extends RuntimeException {
        public BasisConflict(String a, String b) {
            super("distinct bases '" + a + "' and '" + b + "' in one size");
        }
    }

    /** The size of a ground dimension: 1 for the unit, n for {@code n_b}. */
    public static long size(Dim ground) {
        return switch (ground) {
            case Dim.Unit u -> 1;
            case Dim.Atom a -> a.size();
            default -> throw new IllegalArgumentException("not ground: " + ground);
        };
    }

    /** The basis of a ground dimension; the unit has none (reported as {@code default}). */
    public static String basis(Dim ground) {
        return ground instanceof Dim.Atom a ? a.basis() : Dim.DEFAULT_BASIS;
    }

    /** The dimension of a computed size with a basis: {@code 1_default} is read as the unit. */
    public static Dim ofSize(long n, String basis) {
        if (Dim.DEFAULT_BASIS.equals(basis)) return n == 1 ? Dim.Unit.INSTANCE : Dim.atom(n); // small atoms are shared
        return new Dim.Atom(n, basis);
    }

    /** The combined basis of ground parts, per the rule above. */
    public static String combineBases(List<Dim> groundParts) {
        String named = null;
        for (Dim p : groundParts) {
            String b = basis(p);
            if (b.equals(Dim.DEFAULT_BASIS)) continue;
            if (named == null) named = b;
            else if (!named.equals(b)) throw new BasisConflict(named, b);
        }
        return named == null ? Dim.DEFAULT_BASIS : named;
    }

    /**
     * The parts of an affine size whose bases combine ({@code language.md}, "Bases"): the input
     * and, when present, the kernel — the kernel is a part, so {@code affine(o:x, kernel=3:y)} is a
     * basis conflict. Every reader of affine bases (the evaluator here, the SMT encoding) uses this.
     */
    public static List<Dim> affineParts(Dim.Affine a) {
        return a.kernel().isPresent() ? List.of(a.over(), a.kernel().get()) : List.of(a.over());
    }

    /** Input size of an affine axis from the output size {@code o} and kernel size {@code k} (ignored without a kernel). */
    public static long affineInput(Dim.Affine a, long o, long k) {
        return affineInput(a, o, k, Arith.LONG);
    }

    /**
     * The affine size formula over any arithmetic (the symbolic form the SMT encoding uses):
     * {@code stride·o} for strided and padded axes, {@code stride·(o−1) + 1 + (k−1)·dilation}
     * for valid convolutions.
     */
    public static <T> T affineInput(Dim.Affine a, T o, T k, Arith<T> ar) {
        T s = ar.lit(a.stride());
        if (a.kernel().isEmpty() || a.padding()) return ar.mul(s, o);
        T reach = ar.mul(ar.sub(k, ar.lit(1)), ar.lit(a.dilation()));
        return ar.add(ar.add(ar.mul(s, ar.sub(o, ar.lit(1))), ar.lit(1)), reach);
    }

    /**
     * Output size {@code o ≥ 1} from the input size {@code i} (and kernel size {@code k}): empty when
     * no positive integer solves the formula (indivisible, or the kernel's reach exceeds {@code i}).
     */
    public static OptionalLong affineOutput(Dim.Affine a, long i, long k) {
        long s = a.stride();
        if (a.kernel().isEmpty() || a.padding()) {
            return i > 0 && i % s == 0 ? OptionalLong.of(i / s) : OptionalLong.empty();
        }
        long span = 1 + (k - 1) * a.dilation();
        long rest = i - span;
        if (rest < 0 || rest % s != 0) return OptionalLong.empty();
        return OptionalLong.of(rest / s + 1);
    }

    /** Kernel size {@code k ≥ 1} of a valid convolution from {@code i} and {@code o}; empty if none. */
    public static OptionalLong affineKernel(Dim.Affine a, long i, long o) {
        if (a.kernel().isEmpty() || a.padding()) return OptionalLong.empty();
        long rest = i - a.stride() * (o - 1) - 1;
        if (rest < 0 || rest % a.dilation() != 0) return OptionalLong.empty();
        return OptionalLong.of(rest / a.dilation() + 1);
    }

    /**
     * Evaluates a dimension term to a ground dimension, looking variables up with {@code lookup}
     * (which returns ground values or {@code null} when unassigned). Empty when some variable is
     * unassigned. Throws {@link BasisConflict} on conflicting bases and
     * {@link ArithmeticException} on overflow.
     */
    public static Optional<Dim> ground(Dim d, Function<String, Dim> lookup) {
        return groundVars(d, v -> lookup.apply(v.name()));
    }

    /** {@link #ground} with the lookup given each variable term (which may carry an id, {@link Dim.Var#id()}). */
    public static Optional<Dim> groundVars(Dim d, Function<Dim.Var, Dim> lookup) {
        return switch (d) {
            case Dim.Unit u -> Optional.of(u);
            case Dim.Atom a -> Optional.of(a);
            case Dim.Var v -> Optional.ofNullable(lookup.apply(v));
            case Dim.Concat c -> {
                List<Dim> parts = new ArrayList<>();
                long sum = 0;
                for (Dim p : c.parts()) {
                    Optional<Dim> g = groundVars(p, lookup);
                    if (g.isEmpty()) yield Optional.empty();
                    parts.add(g.get());
                    sum = Math.addExact(sum, size(g.get()));
                }
                yield Optional.of(ofSize(sum, combineBases(parts)));
            }
            case Dim.Affine a -> {
                Optional<Dim> o = groundVars(a.over(), lookup);
                if (o.isEmpty()) yield Optional.empty();
                long k = 1;
                if (a.kernel().isPresent()) {
                    Optional<Dim> kg = groundVars(a.kernel().get(), lookup);
                    if (kg.isEmpty()) yield Optional.empty();
                    k = size(kg.get());
                }
                long i = affineInput(a, size(o.get()), k);
                List<Dim> parts = new ArrayList<>(List.of(o.get()));
                if (a.kernel().isPresent()) parts.add(groundVars(a.kernel().get(), lookup).orElseThrow());
                yield Optional.of(ofSize(i, combineBases(parts)));
            }
        };
    }
}
