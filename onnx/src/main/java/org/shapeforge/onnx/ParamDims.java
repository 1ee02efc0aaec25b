package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.shapeforge.term.Dim;

/**
 * A graph input's {@code dim_param} as its axis term: a plain name is its dynamic dimension; an
 * expression ({@link ParamExpr}: {@code 16*h16}, {@code s0 + 1}, {@code (s0//2)}) is the size that
 * expression gives over its names' dynamic dimensions (declared only when the whole text reads),
 * made as shape arithmetic is ({@link ShapeTerms}): a sum is a size relation the solver derives
 * the size from, a floor division the form it reads symbolically — the graph then constrains the
 * axis as any other. So {@code MaxPool 2×2} of {@code 16*h16} is {@code h16 * 8}, and the same
 * expression on two inputs is one term (written in any order: {@code 16*h16}, {@code h16 * 16}).
 * An expression outside what {@link SizeForm} holds (a product of two sums, a division by a
 * name, no positive part, a number beyond 2^40) stays one opaque symbol named after its text, as before.
 */
final class ParamDims {
    private ParamDims() {}

    /** The axis term of dim_param {@code param} on graph input {@code input}. */
    static Dim of(Emitter e, String param, String input) {
        Optional<ParamExpr> x = ParamExpr.parse(param);
        Optional<SizeForm> trial = x.flatMap(p -> form(Dim::var, p)); // no name declared unless the whole text reads
        if (trial.isEmpty() || trial.get().atoms().isEmpty() || !positive(trial.get())) return Dim.var(e.param(param));
        Optional<SizeForm> f = form(n -> Dim.var(e.param(n)), x.get());
        ShapeTerms.Site at = new ShapeTerms.Site(NodeOrigin.ofValue("graph input", input).as("dim_param " + Names.quoted(param)), "in", true);
        return ShapeTerms.dim(at, e, f.orElseThrow().value());
    }

    /** Whether some coefficient or the constant is positive (a size can be; {@code -s0} cannot). */
    private static boolean positive(SizeForm f) {
        return f.constant() > 0 || f.coefficients().values().stream().anyMatch(c -> c > 0);
    }

    /** {@code x} as a form over the dynamic dimensions its names declare, when {@link SizeForm} can hold it. */
    private static Optional<SizeForm> form(Function<String, Dim> names, ParamExpr x) {
        try {
            return switch (x) {
                case ParamExpr.Num(long k) -> k <= WellFormed.MAX_ELEMENTS ? Optional.of(SizeForm.known(k)) : Optional.empty(); // an absurd number: no size
                case ParamExpr.Name(String n) -> Optional.of(SizeForm.atom(new SizeForm.Atom.Factors(List.of(names.apply(n)))));
                case ParamExpr.Bin(ParamExpr.Op op, ParamExpr l, ParamExpr r) -> {
                    Optional<SizeForm> a = form(names, l), b = form(names, r);
                    if (a.isEmpty() || b.isEmpty()) yield Optional.empty();
                    yield combine(op, a.get(), b.get());
                }
            };
        } catch (ArithmeticException overflow) {
            return Optional.empty();
        }
    }

    private static Optional<SizeForm> combine(ParamExpr.Op op, SizeForm a, SizeForm b) {
        Optional<Long> kb = constant(b), ka = constant(a);
        return switch (op) {
            case ADD -> Optional.of(a.plus(b));
            case SUB -> Optional.of(a.minus(b));
            case MUL -> kb.isPresent() ? Optional.of(a.times(kb.get()))
                    : ka.isPresent() ? Optional.of(b.times(ka.get())) : product(a, b);
            case FLOOR_DIV -> kb.filter(k -> k >= 1).map(a::floorDiv);
            case MOD -> kb.filter(k -> k >= 1).map(a::mod);
        };
    }

    private static Optional<Long> constant(SizeForm f) {
        return f.atoms().isEmpty() ? Optional.of(f.constant()) : Optional.empty();
    }

    /** The product of two products of names ({@code h*w}, {@code 2*h*w}); empty for any other pair. */
    private static Optional<SizeForm> product(SizeForm a, SizeForm b) {
        Optional<List<Dim>> fa = factors(a), fb = factors(b);
        if (fa.isEmpty() || fb.isEmpty()) return Optional.empty();
        List<Dim> all = new ArrayList<>(fa.get());
        all.addAll(fb.get());
        long c = Math.multiplyExact(a.coefficients().values().iterator().next(), b.coefficients().values().iterator().next());
        return Optional.of(SizeForm.atom(new SizeForm.Atom.Factors(all)).times(c));
    }

    private static Optional<List<Dim>> factors(SizeForm f) {
        if (f.constant() != 0 || f.atoms().size() != 1 || !(f.atoms().values().iterator().next() instanceof SizeForm.Atom.Factors(List<Dim> ds)))
            return Optional.empty();
        return Optional.of(ds);
    }
}
