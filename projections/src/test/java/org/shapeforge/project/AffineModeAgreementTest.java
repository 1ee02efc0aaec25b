package org.shapeforge.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.program.OpKind;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Grounding;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Conj. 8.4(a)'s invariant, checked exhaustively on small convolutions: the sizing mode of each
 * affine axis agrees between the native solver (its closed model), the trusted evaluator (which
 * accepts that model and rejects it under the other mode whenever the two formulas differ) and
 * projections (valid mode addresses exactly {@code 0..n−1}, padded mode exactly
 * {@code −left..}, within the margins it reports, and no other).
 */
class AffineModeAgreementTest {

    private static String affine(int s, int d, boolean padded, int f) {
        return "affine(o, stride=" + s + ", kernel=k, dilation=" + d + (padded ? ", padding=same" : "") + ", offset=" + f + ")";
    }

    private static Operation conv(String axis) {
        return Ops.op("y", OpKind.EINSUM, "y", List.of("a", "w"),
                "<y_b> ~ []", "<y_i> ~ []", "<a_b> ~ []", "<a_i> ~ []", "<w_b> ~ []", "<w_i> ~ []",
                "<a_o> ~ [" + axis + "]", "<w_o> ~ [k]", "<y_o> ~ [o]");
    }

    @Test
    void modePerAxisAgreesBetweenSolverEvaluatorAndProjections() {
        int projected = 0;
        for (int s = 1; s <= 3; s++)
            for (int d = 1; d <= 3; d++)
                for (int kk = 1; kk <= 3; kk++)
                    for (int n = 1; n <= 9; n++)
                        for (boolean padded : new boolean[] {false, true})
                            for (int f = 0; f < s; f++) projected += check(s, d, kk, n, padded, f);
        assertTrue(projected > 300, "too few solvable cases: " + projected);
    }

    /**
     * The operand's size {@code n} and the kernel's size are given, the output size is inferred
     * (the forward direction, the operand's row bound to the affine term, is covered by
     * {@code GoldenProjectionsTest.validConvolutionWithStrideAndDilationNeverPads} and
     * {@code solve.CompoundTermsClosingTest}).
     */
    private int check(int s, int d, int kk, int n, boolean padded, int f) {
        String where = "stride " + s + " dilation " + d + " kernel " + kk + " input " + n + (padded ? " padded" : " valid") + " offset " + f;
        Operation op = conv(affine(s, d, padded, f));
        Dim.Affine term = (Dim.Affine) ((Row.Closed) ((org.shapeforge.lang.Constraint.RowEq) op.constraints().get(6)).right()).trail().getFirst();
        var expectedOut = Sizes.affineOutput(term, n, kk);
        List<org.shapeforge.lang.Statement> all = new java.util.ArrayList<>(
                Ops.cs(Ops.concat(Ops.vec("w", Long.toString(kk)), Ops.vec("a", Long.toString(n)))));
        all.addAll(op.globalConstraints());
        var outcome = new org.shapeforge.solve.NativeSolver().solve(new org.shapeforge.lang.Problem("conv", all),
                org.shapeforge.solver.SolveOptions.defaults());
        // Solver: solvable exactly when the formula has an integer output size, and then with that size.
        assertEquals(expectedOut.isPresent(), outcome instanceof org.shapeforge.solver.Outcome.Sat, where + ": " + outcome);
        if (!(outcome instanceof org.shapeforge.solver.Outcome.Sat sat)) return 0;
        Assignment model = sat.model();
        assertEquals(expectedOut.getAsLong(), Sizes.size(Grounding.dim(new Dim.Var("o"), model)), where);
        // Evaluator: accepts the model in the axis's own mode, rejects it in the other whenever the formulas differ.
        assertTrue(Evaluator.holdsAll(op.globalConstraints(), model, Semantics.FLAT), where);
        Dim.Affine other = new Dim.Affine(term.over(), s, term.kernel(), d, !padded, f);
        boolean formulasDiffer = Sizes.affineInput(other, expectedOut.getAsLong(), kk) != n;
        assertEquals(formulasDiffer, !Evaluator.holdsAll(conv(affine(s, d, !padded, f)).globalConstraints(), model, Semantics.FLAT),
                where);

        if (!padded && f > 0) {
            // valid mode has no room for an offset: bounded addressing rejects it rather than read past the operand
            ProjectionError e = assertThrows(ProjectionError.class, () -> ProjectionInference.project(op, model), where);
            assertEquals(ProjectionError.Kind.DERIVED_CONFLICT, e.kind(), where);
            return 0;
        }
        // Projections: valid mode addresses exactly 0..n-1; padded mode starts at offset - left, stays in its margins.
        Projections p = ProjectionInference.project(op, model);
        Padding pad = p.padding().getOrDefault(new AxisRef("a", AxisKind.OUTPUT, 0), Padding.NONE);
        assertEquals(padded ? Padding.ofExtent(1 + (long) (kk - 1) * d) : Padding.NONE, pad, where);
        long[] range = {Long.MAX_VALUE, Long.MIN_VALUE};
        Map<String, Long> ext = ProductSpace.extents(p.product());
        ProductSpace.forEach(p.product(), pt -> {
            long v = ProductSpace.at(p.rhs().getFirst().getFirst(), pt, ext);
            range[0] = Math.min(range[0], v);
            range[1] = Math.max(range[1], v);
        });
        assertTrue(range[0] >= -pad.left() && range[1] <= n - 1 + pad.right(), where + ": " + range[0] + ".." + range[1]);
        if (!padded) {
            assertEquals(0, range[0], where);
            assertEquals(n - 1, range[1], where);
        } else {
            assertEquals(f - pad.left(), range[0], where);
            assertFalse(range[1] < n - 1 - (s - 1 - f), where + ": the padded reach must cover the operand's last stride window");
        }
        return 1;
    }
}
