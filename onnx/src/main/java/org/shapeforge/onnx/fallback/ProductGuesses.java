package org.shapeforge.onnx.fallback;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymSize;

/**
 * Guesses for an axis no floor-division form fits: a rational multiple {@code num/den} of the
 * product of a contiguous run of at least two axes of a value shaped before it (the sizes a
 * Flatten or a Reshape merges: {@code h * w * 3}, {@code ((height + 3) // 4) * ((width + 3) // 4) * 8}),
 * every axis of the run already proved. A guess must give the axis's size at every probe solution;
 * its proof is the entailment query {@code den·size(axis) != num·Π size(run axis)} unsat, which with
 * the run's own proofs makes the axis the product's form. Guesses, never a proof by themselves.
 */
final class ProductGuesses {
    /** At most this many guesses per axis. */
    static final int LIMIT = 3;

    /** A guess: the form it proves, and the query whose unsat proves it. */
    record Guess(SymSize form, Constraint negation) {}

    private record Proved(Dim dim, SymSize form) {}

    private final List<List<Optional<Proved>>> shapes = new ArrayList<>();

    /** A value's axes ({@code dims}) and, where proved, their forms. */
    void add(List<Dim> dims, List<Optional<SymSize>> forms) {
        List<Optional<Proved>> axes = new ArrayList<>();
        for (int i = 0; i < dims.size(); i++) {
            Dim d = dims.get(i);
            axes.add(forms.get(i).map(f -> new Proved(d, f)));
        }
        shapes.add(axes);
    }

    /** The distinct guesses (at most {@link #LIMIT}) for axis {@code d} that fit {@code points} (the base point first). */
    List<Guess> fitting(Dim d, List<FloorFit.Point> points) {
        Map<SymSize, Guess> out = new LinkedHashMap<>();
        for (List<Optional<Proved>> axes : shapes)
            for (int from = 0; from < axes.size(); from++)
                for (int to = from + 2; to <= axes.size() && out.size() < LIMIT; to++) {
                    List<Optional<Proved>> run = axes.subList(from, to);
                    if (run.stream().anyMatch(Optional::isEmpty)) break;
                    guess(d, run.stream().map(Optional::get).toList(), points).ifPresent(g -> out.putIfAbsent(g.form(), g));
                }
        return List.copyOf(out.values());
    }

    private static Optional<Guess> guess(Dim d, List<Proved> run, List<FloorFit.Point> points) {
        SymSize product = SymSize.constant(1);
        for (Proved p : run) product = product.times(p.form());
        try {
            long p0 = product.eval(points.getFirst().inputs()), d0 = points.getFirst().size();
            if (p0 <= 0 || d0 <= 0) return Optional.empty();
            long g = gcd(p0, d0), num = d0 / g, den = p0 / g;
            for (FloorFit.Point pt : points)
                if (Math.multiplyExact(pt.size(), den) != Math.multiplyExact(product.eval(pt.inputs()), num)) return Optional.empty();
            SymSize scaled = product.times(num);
            SymSize form = den == 1 ? scaled : scaled.divisibleBy(den) ? scaled.exactDiv(den) : scaled.floorDiv(den);
            SizeExpr right = new SizeExpr.Lit(num);
            for (Proved p : run) right = new SizeExpr.Mul(right, new SizeExpr.Size(p.dim()));
            SizeExpr left = new SizeExpr.Mul(new SizeExpr.Lit(den), new SizeExpr.Size(d));
            return Optional.of(new Guess(form, new Constraint.SizeRel(left, Constraint.Rel.NE, right, Span.NONE)));
        } catch (ArithmeticException e) { // SymSize's overflow included {
            return Optional.empty();
        }
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
