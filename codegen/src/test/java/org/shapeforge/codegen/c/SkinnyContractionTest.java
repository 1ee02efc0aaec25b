package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.reference.LoopIrSemantics;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.testenv.Requires;

/**
 * Contractions with at most {@link SkinnyShape#MAX_THIN} output points on one side (issue 29's
 * GEMVs: resnet18's layer4 convolutions on a 1×1 map, mobilenet's last 1×1 convolutions) take
 * {@link CSkinnyGemm}'s schedule and compute what the loop IR means ({@link LoopIrSemantics}, the
 * reference semantics): thin sides of 1 to 8 points, on either operand, row counts that are
 * no multiple of {@link CSkinnyGemm#rowsPerItem}, K no multiple of a vector (a remainder after the lanes),
 * wide operands read in place and gathered, batch axes, and sizes that get a parallel region.
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

    @Test
    void randomSkinnyContractionsComputeTheirLoopIrMeaning() {
        requireGcc();
        SplittableRandom rnd = new SplittableRandom(29);
        int checked = 0;
        boolean[] thinSeen = new boolean[(int) SkinnyShape.MAX_THIN + 1];
        for (int i = 0; checked < 20 || !allSeen(thinSeen); i++) {
            assertTrue(i < 5000, "5000 draws without a skinny contraction of every thin size");
            MultiAxisContractionTest.Drawn d = MultiAxisContractionTest.randomContraction(rnd, i);
            Operation op = d.op();
            assertTrue(Contraction.of(op).isPresent(), () -> "not recognized: " + op);
            long m = 1, n = 1;
            for (var e : d.extents().entrySet()) {
                boolean inA = d.a().contains(e.getKey()), inB = d.b().contains(e.getKey()), inC = d.c().contains(e.getKey());
                if (inC && inA && !inB) m *= e.getValue();
                if (inC && inB && !inA) n *= e.getValue();
            }
            if (Math.min(m, n) > SkinnyShape.MAX_THIN) continue; // the drawn shapes are mostly wide: only skinny ones count
            assertTrue(skinny(op), () -> "not skinny: " + op);
            thinSeen[(int) Math.min(m, n)] = true;
            Harness.check(op, 2900 + i, in -> LoopIrSemantics.run(op, in));
            checked++;
        }
        for (int t = 2; t <= SkinnyShape.MAX_THIN; t++) assertTrue(thinSeen[t], "no drawn contraction had a thin side of " + t);
    }

    private static boolean allSeen(boolean[] seen) {
        for (int t = 2; t < seen.length; t++) if (!seen[t]) return false;
        return true;
    }

    /** {@code c[s, f] += a[s, d] · w[d, f]} with s or f thin, d no multiple of 16, s and f no multiple of 4. */
    @Test
    void thinSidesOfOneToEightOnEitherOperand() {
        requireGcc();
        long seed = 2901;
        for (int thin : new int[] {1, 2, 3, 4, 5, 7, 8})
            for (int[] wideK : new int[][] {{7, 5}, {37, 67}, {130, 300}}) {
                Operation nThin = MultiAxisContractionTest.dense(1, wideK[0], wideK[1], thin, false);
                Operation mThin = MultiAxisContractionTest.dense(1, thin, wideK[1], wideK[0], true);
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

    /** Nine points on each side: the tiled GEMM, not this schedule. */
    @Test
    void ninePointsOnEachSideKeepTheTiledGemm() {
        assertEquals(false, skinny(MultiAxisContractionTest.dense(1, 9, 64, 9, false)));
        assertTrue(skinny(MultiAxisContractionTest.dense(1, 9, 64, 8, false)));
    }
}
