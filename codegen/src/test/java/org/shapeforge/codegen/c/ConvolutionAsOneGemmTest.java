package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.emit.MergedAxes;
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
import org.shapeforge.codegen.reference.Reference;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Convolutions as one GEMM per group ({@link MergedAxes}, {@link CMergedGemm}): M = output
 * channels, N = images · output rows · output columns, K = input channels · taps, the operands
 * gathered through offset tables. Checked against {@link #expected}, a convolution written here
 * from the definition (ONNX's: groups, strides, dilations, begin and end pads, taps outside the
 * input skipped), on shapes that reach every path: several reduction blocks (K past 256), several
 * column chunks (N past 512), partial tiles, 1×1 convolutions (plain iterators: merged because N has
 * three axes), stride 2, dilation, unequal pads, taps that only read the pads.
 */
class ConvolutionAsOneGemmTest {

    /** One convolution (a grouped one is no {@link Contraction}: its output index {@code g·M + o} is no iterator): images, groups, channels in and out (totals), input size, kernel, stride, dilation, pads. */
    record Conv(int n, int group, int cin, int cout, int[] in, int[] kernel, int[] stride, int[] dil, int[] begin, int[] end) {
        int out(int a) {
            return (in[a] + begin[a] + end[a] - (dil[a] * (kernel[a] - 1) + 1)) / stride[a] + 1;
        }
    }

    /** Fix(0) at extent 1, else a fresh iterator (the loop IR mints no factor of extent 1). */
    private static Index iter(List<Factor> fs, String s, int extent) {
        if (extent == 1) return Index.fixed(0);
        fs.add(new Factor.Single(new LoopVar(s, extent)));
        return Index.iter(s);
    }

    private static int[] two(int a, int b) {
        return new int[] {a, b};
    }

    /** {@code y[n, g·M + o, s…] += x[n, g·C + c, stride·s + dil·k − begin …] · w[g·M + o, c, k…]}, pads in x's margins. */
    static Operation op(Conv cv) {
        List<Factor> fs = new ArrayList<>();
        int cg = cv.cin() / cv.group(), mg = cv.cout() / cv.group(), sp = cv.in().length;
        Index n = iter(fs, "n", cv.n()), g = iter(fs, "g", cv.group()), o = iter(fs, "o", mg), c = iter(fs, "c", cg);
        List<Index> xi = new ArrayList<>(List.of(n, grouped(g, cg, c))), wi = new ArrayList<>(List.of(grouped(g, mg, o), c)),
                yi = new ArrayList<>(List.of(n, grouped(g, mg, o)));
        List<Integer> xd = new ArrayList<>(List.of(cv.n(), cv.cin())), wd = new ArrayList<>(List.of(cv.cout(), cg)),
                yd = new ArrayList<>(List.of(cv.n(), cv.cout()));
        List<TensorDecl.Margin> xm = new ArrayList<>(List.of(TensorDecl.Margin.NONE, TensorDecl.Margin.NONE));
        for (int a = 0; a < sp; a++) {
            Index s = iter(fs, "s" + a, cv.out(a)), k = iter(fs, "k" + a, cv.kernel()[a]);
            List<Index.Term> terms = new ArrayList<>();
            if (s instanceof Index.Affine && !s.symbols().isEmpty()) terms.add(new Index.Term(cv.stride()[a], s.symbols().getFirst()));
            if (!k.symbols().isEmpty()) terms.add(new Index.Term(cv.dil()[a], k.symbols().getFirst()));
            xi.add(new Index.Affine(terms, -cv.begin()[a]));
            wi.add(k);
            yi.add(s);
            xd.add(cv.in()[a]);
            wd.add(cv.kernel()[a]);
            yd.add(cv.out(a));
            int reach = cv.stride()[a] * (cv.out(a) - 1) + cv.dil()[a] * (cv.kernel()[a] - 1) - cv.begin()[a];
            xm.add(new TensorDecl.Margin(cv.begin()[a], Math.max(0, reach - (cv.in()[a] - 1))));
        }
        return new Operation("conv", List.of(new TensorDecl("x", xd, xm, 0.0), TensorDecl.of("w", wd), TensorDecl.of("y", yd)),
                new ProductSpace(fs), new Access("y", yi),
                new Expr.Binary(BinOp.MUL, new Expr.Read(new Access("x", xi)), new Expr.Read(new Access("w", wi))),
                Update.accumulate(BinOp.ADD));
    }

    private static Index grouped(Index g, int width, Index within) {
        List<Index.Term> terms = new ArrayList<>();
        if (!g.symbols().isEmpty()) terms.add(new Index.Term(width, g.symbols().getFirst()));
        if (!within.symbols().isEmpty()) terms.add(new Index.Term(1, within.symbols().getFirst()));
        return new Index.Affine(terms, 0);
    }

    /** The convolution from its definition (2 spatial axes), in doubles. */
    static HostTensor expected(Conv cv, HostTensor x, HostTensor w) {
        int cg = cv.cin() / cv.group(), mg = cv.cout() / cv.group();
        HostTensor y = HostTensor.zeros(List.of(cv.n(), cv.cout(), cv.out(0), cv.out(1)));
        for (int b = 0; b < cv.n(); b++)
            for (int m = 0; m < cv.cout(); m++)
                for (int i = 0; i < cv.out(0); i++)
                    for (int j = 0; j < cv.out(1); j++) {
                        double s = 0;
                        int g = m / mg;
                        for (int c = 0; c < cg; c++)
                            for (int p = 0; p < cv.kernel()[0]; p++)
                                for (int q = 0; q < cv.kernel()[1]; q++) {
                                    int r = i * cv.stride()[0] + p * cv.dil()[0] - cv.begin()[0], t = j * cv.stride()[1] + q * cv.dil()[1] - cv.begin()[1];
                                    if (r < 0 || r >= cv.in()[0] || t < 0 || t >= cv.in()[1]) continue;
                                    s += x.get(b, g * cg + c, r, t) * w.get(m, c, p, q);
                                }
                        y.data()[y.offset(new int[] {b, m, i, j})] = s;
                    }
        return y;
    }

    @Test
    void aConvolutionMergesItsAxesIntoMNAndK() {
        Conv cv = new Conv(2, 1, 8, 12, two(9, 7), two(3, 3), two(2, 2), two(1, 1), two(1, 1), two(1, 1));
        Operation op = op(cv);
        MergedAxes x = MergedAxes.of(op, Contraction.of(op).orElseThrow()).orElseThrow();
        assertEquals(List.of(), x.batch());
        assertEquals(List.of("o"), x.ms());
        assertEquals(List.of("n", "s0", "s1"), x.ns());
        assertEquals(List.of("k0", "k1", "c"), x.ks(), "taps outside, channels inside: the per-tap GEMMs' order");
        assertEquals(8, x.innerK(op));
        Conv one = new Conv(2, 1, 8, 12, two(9, 7), two(1, 1), two(1, 1), two(1, 1), two(0, 0), two(0, 0));
        Operation op1 = op(one);
        MergedAxes x1 = MergedAxes.of(op1, Contraction.of(op1).orElseThrow()).orElseThrow();
        assertEquals(List.of("c"), x1.ks());
        CEmitter e = new CEmitter(op1);
        Access xs = ((Expr.Read) ((Expr.Binary) op1.rhs()).left()).access(), ws = ((Expr.Read) ((Expr.Binary) op1.rhs()).right()).access();
        assertTrue(MergedAxes.progression(op1, x1.ks(), e.offset(ws), 1), "a 1x1 convolution's weights run at unit stride along K");
        assertTrue(MergedAxes.progression(op1, List.of("s0", "s1"), e.offset(xs), 1), "an unpadded image's rows and columns are one run");
        assertTrue(!MergedAxes.progression(op1, x1.ns(), e.offset(xs), 1), "the images are apart by a whole channel stack");
    }

    @Test
    void aPlainMatrixProductKeepsItsPerBatchPointGemms() {
        Operation dense = MultiAxisContractionTest.dense(2, 30, 40, 50, false);
        assertTrue(MergedAxes.of(dense, Contraction.of(dense).orElseThrow()).isEmpty());
    }

    @Test
    void mergedConvolutionsComputeTheDefinition() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        long seed = 2911;
        for (Conv cv : List.of(
                new Conv(2, 1, 3, 32, two(32, 32), two(3, 3), two(2, 2), two(1, 1), two(1, 1), two(1, 1)), // a stem: K = 27, stride 2
                new Conv(2, 1, 40, 24, two(7, 9), two(3, 3), two(1, 1), two(1, 1), two(1, 1), two(1, 1)), // K = 360: two reduction blocks
                new Conv(3, 1, 300, 50, two(13, 11), two(1, 1), two(1, 1), two(1, 1), two(0, 0), two(0, 0)), // 1×1: plain iterators
                new Conv(2, 1, 17, 30, two(9, 11), two(1, 1), two(2, 2), two(1, 1), two(0, 0), two(0, 0)), // 1×1, stride 2
                new Conv(2, 1, 6, 13, two(15, 12), two(3, 3), two(2, 2), two(2, 2), two(2, 1), two(1, 2)), // stride, dilation, unequal pads
                new Conv(2, 1, 8, 70, two(24, 24), two(3, 3), two(1, 1), two(1, 1), two(1, 1), two(1, 1)), // N = 1152: column chunks, threads
                new Conv(2, 1, 512, 40, two(1, 1), two(3, 3), two(1, 1), two(1, 1), two(1, 1), two(1, 1)))) { // 1×1 output: taps in the pads
            Operation op = op(cv);
            assertTrue(Contraction.of(op).flatMap(g -> MergedAxes.of(op, g)).isPresent(), () -> "not merged: " + op);
            Harness.check(op, seed++, in -> expected(cv, in.get("x"), in.get("w")));
        }
    }

    @Test
    void theDefinitionHereAgreesWithTheReferenceConvolution() {
        Ops.Window same = new Ops.Window(3, 1, 1, true);
        Conv cv = new Conv(2, 1, 3, 4, two(6, 5), two(3, 3), two(1, 1), two(1, 1), two(1, 1), two(1, 1));
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        HostTensor x = HostTensor.random(List.of(2, 3, 6, 5), rnd), w = HostTensor.random(List.of(4, 3, 3, 3), rnd);
        Reference.Win win = new Reference.Win(same.kernel(), same.stride(), same.dilation(), same.padded());
        assertEquals(Reference.conv(x, w, List.of(win, win)).data().length, expected(cv, x, w).data().length);
        assertTrue(org.shapeforge.codegen.reference.Errors.compare(expected(cv, x, w), Reference.conv(x, w, List.of(win, win))).within(1e-12));
    }
}
