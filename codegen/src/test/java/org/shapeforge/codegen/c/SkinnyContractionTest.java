package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.reference.LoopIrSemantics;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.testenv.Requires;

/**
 * Contractions with at most {@link SkinnyShape#MAX_THIN} output points on one side (issue 29's
 * GEMVs: resnet18's layer4 convolutions on a 1×1 map, mobilenet's last 1×1 convolutions) take
 * {@link CSkinnyGemm}'s schedule and compute what the loop IR means ({@link LoopIrSemantics}, the
 * reference semantics): thin sides of 1 to 8 points, on either operand, row counts that are
 * no multiple of {@link CSkinnyGemm#rowsPerItem}, K no multiple of a vector (a remainder after the lanes),
 * batch axes, and sizes that get a parallel region. A wide operand whose rows are not unit-stride
 * runs along K keeps the tiled GEMM.
 */
class SkinnyContractionTest {

    private static void requireGcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    /** Whether {@code op} takes the skinny schedule (its source says so). */
    private static boolean skinny(Operation op) {
        return new CEmitter(op).source().contains("skinny contraction");
    }

    private static int[] two(int a, int b) {
        return new int[] {a, b};
    }

    /**
     * Random contractions with a thin side (drawn in random layouts, so only some have wide rows at
     * unit stride along K): each computes its loop IR meaning, whichever schedule it takes, and
     * enough of them take this one.
     */
    @Test
    void randomThinContractionsComputeTheirLoopIrMeaning() {
        requireGcc();
        SplittableRandom rnd = new SplittableRandom(29);
        int checked = 0, skinny = 0;
        for (int i = 0; checked < 30; i++) {
            MultiAxisContractionTest.Drawn d = MultiAxisContractionTest.randomContraction(rnd, i);
            Operation op = d.op();
            long m = 1, n = 1;
            for (var e : d.extents().entrySet()) {
                boolean inA = d.a().contains(e.getKey()), inB = d.b().contains(e.getKey()), inC = d.c().contains(e.getKey());
                if (inC && inA && !inB) m *= e.getValue();
                if (inC && inB && !inA) n *= e.getValue();
            }
            if (Math.min(m, n) > SkinnyShape.MAX_THIN) continue; // the drawn shapes are mostly wide: only thin ones count
            if (skinny(op)) skinny++;
            Harness.check(op, 2900 + i, in -> LoopIrSemantics.run(op, in));
            checked++;
        }
        assertTrue(skinny >= 5, "only " + skinny + " of 30 thin contractions took the skinny schedule");
    }

    /** {@code c[s, f] += a[s, d] · w[f, d]} (a Gemm's x·Wᵀ): either side thin, both operands' rows unit-stride along d. */
    static Operation transposedB(int s, int d, int f) {
        var fs = List.<Factor>of(new Factor.Single(new LoopVar("s", s)),
                new Factor.Single(new LoopVar("f", f)),
                new Factor.Single(new LoopVar("d", d)));
        var is = Index.iter("s");
        var jf = Index.iter("f");
        var id = Index.iter("d");
        return new Operation("gemm_bt", List.of(TensorDecl.of("a", List.of(s, d)), TensorDecl.of("w", List.of(f, d)),
                TensorDecl.of("c", List.of(s, f))), new ProductSpace(fs), new Access("c", List.of(is, jf)),
                new Expr.Binary(BinOp.MUL, Expr.read("a", is, id), Expr.read("w", jf, id)), Update.accumulate(BinOp.ADD));
    }

    /** {@link #transposedB} with s or f thin, d no multiple of 16, s and f no multiple of 4. */
    @Test
    void thinSidesOfOneToEightOnEitherOperand() {
        requireGcc();
        long seed = 2901;
        for (int thin : new int[] {1, 2, 3, 4, 5, 7, 8})
            for (int[] wideK : new int[][] {{7, 5}, {37, 67}, {130, 300}}) {
                Operation nThin = transposedB(wideK[0], wideK[1], thin);
                Operation mThin = transposedB(thin, wideK[1], wideK[0]);
                for (Operation op : List.of(nThin, mThin)) {
                    assertTrue(skinny(op), () -> "not skinny: " + op);
                    Harness.check(op, seed++, in -> LoopIrSemantics.run(op, in));
                }
            }
    }

    /** resnet18's layer4 and layer3 in small: 1×1 and 2×2 maps padded for 3×3 windows, N = images × map; weights read in place (K = C·3·3, dense). */
    @Test
    void convolutionsOnOneByOneMapsAreSkinnyAndComputeTheConvolution() {
        requireGcc();
        long seed = 2911;
        for (var cv : List.of(new ConvolutionAsOneGemmTest.Conv(2, 1, 40, 37, two(1, 1), two(3, 3), two(1, 1), two(1, 1), two(1, 1), two(1, 1)),
                new ConvolutionAsOneGemmTest.Conv(3, 1, 64, 130, two(2, 1), two(3, 3), two(2, 1), two(1, 1), two(1, 1), two(1, 1)),
                new ConvolutionAsOneGemmTest.Conv(2, 1, 48, 33, two(2, 2), two(3, 3), two(1, 1), two(1, 1), two(1, 1), two(1, 1)),
                new ConvolutionAsOneGemmTest.Conv(3, 1, 256, 514, two(1, 1), two(1, 1), two(1, 1), two(1, 1), two(0, 0), two(0, 0)))) {
            Operation op = ConvolutionAsOneGemmTest.op(cv);
            assertTrue(skinny(op), () -> "not skinny: " + cv);
            Harness.check(op, seed++, in -> ConvolutionAsOneGemmTest.expected(cv, in.get("x"), in.get("w")));
        }
    }

    /** Enough rows × K for a parallel region: the rows shared by the OpenMP threads give the same cells. */
    @Test
    void aParallelSkinnyContractionComputesItsLoopIrMeaning() {
        requireGcc();
        Operation op = MultiAxisContractionTest.dense(1, 1030, 1100, 3, false);
        assertTrue(ParallelWork.pays(1030L * 1100 * 3), "the shape is meant to reach the parallel path");
        String src = new CEmitter(op).source();
        assertTrue(src.contains("skinny contraction") && src.contains("#pragma omp parallel"), src);
        Harness.check(op, 2921, in -> LoopIrSemantics.run(op, in));
    }

    /** Nine points on each side, or wide rows strided along K ({@code W[K, N]}, a conv's image): the tiled GEMM, not this schedule. */
    @Test
    void ninePointsOnEachSideOrGatheredRowsKeepTheTiledGemm() {
        assertFalse(skinny(transposedB(9, 64, 9)));
        assertTrue(skinny(transposedB(9, 64, 8)));
        assertFalse(skinny(MultiAxisContractionTest.dense(1, 2, 64, 300, true)), "w[d, f] read along d at stride 300");
        assertFalse(skinny(Ops.conv(2, 8, 8, List.of(34, 34), List.of(new Ops.Window(3, 1, 1, false), new Ops.Window(3, 1, 1, false)))),
                "8 output channels over an image gathered per point");
    }
}
