package org.shapeforge.solve.size;

import java.util.Map;
import java.util.OptionalLong;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;

/**
 * {@code i = affine(o, stride, kernel=k, dilation, padding)} solved in every direction (seed 000,
 * "Affine indexing and convolutions"; issue 4): given two of {@code (i, o, k)} the third, through
 * {@link Sizes#affineInput}, {@link Sizes#affineOutput} and {@link Sizes#affineKernel} only, so
 * the sizing mode is the evaluator's (Conj. 8.4(a)). Strided and padded axes ignore the kernel's
 * size. With two unknowns the equation is a {@link SizeResult.Residual} (the unknown kernel is
 * deferred); a slot that is a compound term (a concat, a nested affine) also leaves it residual,
 * for {@link LinearSystem} (the equation is linear, {@link SizeTranslator#size}).
 */
public final class AffineSolver {
    private AffineSolver() {}

    public static SizeResult solve(Dim input, Dim.Affine a, Map<String, Long> known) {
        boolean kernelMatters = a.kernel().isPresent() && !a.padding();
        try {
            Slot i = slot(input, known), o = slot(a.over(), known);
            Slot k = kernelMatters ? slot(a.kernel().get(), known) : new Slot(null, 1L);
            if (i.compound() || o.compound() || k.compound())
                return new SizeResult.Residual("Affine: compound term in " + input + " = " + a);
            int unknown = (i.value == null ? 1 : 0) + (o.value == null ? 1 : 0) + (k.value == null ? 1 : 0);
            if (unknown > 1) return new SizeResult.Residual("Affine: " + unknown + " unknown sizes in " + describe(a)
                    + (k.value == null ? " (kernel deferred)" : ""));
            if (i.value == null) {
                long n = Sizes.affineInput(a, o.value, k.value);
                if (n < 0) // a valid convolution over discardable (size-0) sizes: no dimension has it
                    return new SizeResult.Failed("Affine: " + describe(a) + " with o = " + o.value
                            + (kernelMatters ? ", k = " + k.value : "") + " has size " + n + " < 0");
                return solved(i.var, n);
            }
            if (o.value == null) return output(a, i.value, k.value, o.var);
            if (k.value == null) return kernel(a, i.value, o.value, k.var);
            long want = Sizes.affineInput(a, o.value, k.value);
            return want == i.value
                    ? new SizeResult.Holds(describe(a) + ": " + i.value)
                    : new SizeResult.Failed("Affine: " + describe(a) + " with o = " + o.value
                            + (kernelMatters ? ", k = " + k.value : "") + " has size " + want + ", not " + i.value);
        } catch (ArithmeticException e) {
            return new SizeResult.Failed("Affine: size overflow in " + describe(a));
        }
    }

    private static SizeResult output(Dim.Affine a, long i, long k, String var) {
        OptionalLong o = Sizes.affineOutput(a, i, k);
        if (o.isPresent()) return solved(var, o.getAsLong());
        // o = 0 also solves it when the formula gives i there (a valid convolution whose input is its
        // span minus one stride, a strided axis of size 0): Sizes.affineOutput answers sizes ≥ 1 only.
        // Binding a variable that may not be 0 to 0 is the engine's semantic failure (Def. 1.1);
        // a discardable one takes it (fuzz seed 2026112499: `3 = affine(b, stride=2, kernel=5)`).
        if (Sizes.affineInput(a, 0L, k) == i) return solved(var, 0L);
        if (a.kernel().isEmpty() || a.padding())
            return new SizeResult.Failed("Affine: " + i + " not divisible by stride " + a.stride());
        long span = Sizes.affineInput(a, 1L, k);
        if (i < span) return new SizeResult.Failed("Affine: kernel span " + span + " exceeds input " + i);
        return new SizeResult.Failed("Affine: " + i + " − " + span + " = " + (i - span)
                + " not divisible by stride " + a.stride());
    }

    private static SizeResult kernel(Dim.Affine a, long i, long o, String var) {
        OptionalLong k = Sizes.affineKernel(a, i, o);
        if (k.isPresent()) return solved(var, k.getAsLong());
        long base = Sizes.affineInput(a, o, 1L);
        if (i < base) return new SizeResult.Failed("Affine: output " + o + " at stride " + a.stride()
                + " spans " + base + ", exceeding input " + i);
        return new SizeResult.Failed("Affine: " + i + " − " + base + " = " + (i - base)
                + " not divisible by dilation " + a.dilation());
    }

    private static SizeResult solved(String var, long value) {
        return new SizeResult.Solved(Map.of(var, value));
    }

    /** A slot of the equation: a known size, an unknown variable, or a compound unknown. */
    private record Slot(String var, Long value) {
        boolean compound() {
            return var == null && value == null;
        }
    }

    private static Slot slot(Dim d, Map<String, Long> known) {
        LinearExpr e = SizeTranslator.size(d).substitute(known);
        if (e.isConstant()) return new Slot(null, e.constant().longValueExact());
        if (d instanceof Dim.Var v) return new Slot(v.name(), null);
        return new Slot(null, null);
    }

    private static String describe(Dim.Affine a) {
        String mode = a.kernel().isEmpty() ? "strided" : a.padding() ? "padded" : "valid convolution";
        return "affine(stride=" + a.stride() + (a.kernel().isPresent() ? ", dilation=" + a.dilation() : "") + ", " + mode + ")";
    }
}
