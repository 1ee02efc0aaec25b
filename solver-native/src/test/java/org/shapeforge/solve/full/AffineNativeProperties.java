package org.shapeforge.solve.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;

/**
 * Conj. 8.4(a): the Affine sizing modes agree between the native solver, the evaluator and a
 * brute-force enumeration, in both directions (output from input and kernel, and back).
 */
class AffineNativeProperties {
    static String affine(int mode, int stride, int dilation) {
        return switch (mode) {
            case 0 -> "affine(o, stride=" + stride + ")";
            case 1 -> "affine(o, stride=" + stride + ", kernel=k, dilation=" + dilation + ")";
            default -> "affine(o, stride=" + stride + ", kernel=k, dilation=" + dilation + ", padding=same)";
        };
    }

    static long size(Assignment g, String v) {
        Dim d = g.dims().get(v);
        return d instanceof Dim.Atom a ? a.size() : 1;
    }

    @Property(tries = 200)
    void forwardAgreesWithTheEvaluator(@ForAll @IntRange(max = 2) int mode, @ForAll @IntRange(min = 1, max = 3) int stride,
            @ForAll @IntRange(min = 1, max = 3) int dilation, @ForAll @IntRange(min = 1, max = 9) int o,
            @ForAll @IntRange(min = 1, max = 5) int k) {
        Problem p = Parser.parse("a.shc", "i = " + affine(mode, stride, dilation) + "\no = " + o + "\nk = " + k);
        Outcome r = new NativeSolver().solve(p, SolveOptions.defaults());
        Outcome.Sat s = assertInstanceOf(Outcome.Sat.class, r, r::toString);
        assertTrue(Evaluator.holdsAll(p.constraints(), s.model(), Semantics.FLAT));
    }

    @Property(tries = 300)
    void backwardAgreesWithBruteForce(@ForAll @IntRange(max = 2) int mode, @ForAll @IntRange(min = 1, max = 3) int stride,
            @ForAll @IntRange(min = 1, max = 3) int dilation, @ForAll @IntRange(min = 1, max = 30) int i,
            @ForAll @IntRange(min = 1, max = 5) int k) {
        Problem p = Parser.parse("a.shc", "i = " + affine(mode, stride, dilation) + "\ni = " + i + "\nk = " + k);
        List<Long> outs = new ArrayList<>();
        for (int o = 1; o <= i; o++) {
            Assignment g = new Assignment(java.util.Map.of("i", Dim.atom(i), "o", o == 1 ? Dim.unit() : Dim.atom(o),
                    "k", k == 1 ? Dim.unit() : Dim.atom(k)), java.util.Map.of());
            if (i != 1 && Evaluator.holdsAll(p.constraints(), g, Semantics.FLAT)) outs.add((long) o);
        }
        if (i == 1) return; // 1 is the unit: the enumeration above writes atoms only
        Outcome r = new NativeSolver().solve(p, SolveOptions.defaults());
        if (outs.isEmpty()) {
            Outcome.Unsat u = assertInstanceOf(Outcome.Unsat.class, r, r::toString);
            assertEquals(FailureKind.SEMANTIC, u.core().kind());
        } else {
            Outcome.Sat s = assertInstanceOf(Outcome.Sat.class, r, r::toString);
            assertEquals(outs, List.of(size(s.model(), "o")));
        }
    }
}
