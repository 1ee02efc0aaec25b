package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.Ops.Window;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.reference.Reference;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.codegen.run.CCompiler;

/**
 * Contractions with several output axes on one side (a transformer's dense layers over a batch of
 * sequences, attention heads): recognized as one GEMM per point of the extra axes, with the kernel's
 * n on C's innermost axis whichever operand comes first, and the tiled C computes what the IR means
 * — checked against an expected value computed independently of the IR: {@link #einsum}'s
 * hand-written loops over named axes, {@link Reference#conv} for convolutions. Several reduction
 * axes: A's innermost is the kernel's k, the others loop outside it, accumulating (only the first
 * GEMM stores).
 */
class MultiAxisContractionTest {

    /** A product space built axis by axis (every extent here is above 1, so every axis is an iterator). */
    private static final class Space {
        final List<Factor> factors = new java.util.ArrayList<>();

        Index iter(String symbol, int extent) {
            factors.add(new Factor.Single(new LoopVar(symbol, extent)));
            return Index.iter(symbol);
        }

        ProductSpace build() {
            return new ProductSpace(factors);
        }
    }

    /** {@code c[b,s,f] += a[b,s,d] · w[d,f]} (weights second) or {@code w[d,f] · a[b,s,d]} (first). */
    static Operation dense(int b, int s, int d, int f, boolean weightsFirst) {
        Space sp = new Space();
        Index ib = sp.iter("b", b), is = sp.iter("s", s), id = sp.iter("d", d), jf = sp.iter("f", f);
        Expr x = Expr.read("a", ib, is, id), w = Expr.read("w", id, jf);
        return new Operation("dense", List.of(TensorDecl.of("a", List.of(b, s, d)), TensorDecl.of("w", List.of(d, f)),
                TensorDecl.of("c", List.of(b, s, f))), sp.build(), new Access("c", List.of(ib, is, jf)),
                weightsFirst ? new Expr.Binary(BinOp.MUL, w, x) : new Expr.Binary(BinOp.MUL, x, w), Update.accumulate(BinOp.ADD));
    }

    /** {@code q[b,s,h,e] += x[b,s,d] · w[d,h,e]}: two m and two n axes. */
    static Operation heads(int b, int s, int d, int h, int e) {
        Space sp = new Space();
        Index ib = sp.iter("b", b), is = sp.iter("s", s), id = sp.iter("d", d), ih = sp.iter("h", h), ie = sp.iter("e", e);
        return new Operation("heads", List.of(TensorDecl.of("x", List.of(b, s, d)), TensorDecl.of("w", List.of(d, h, e)),
                TensorDecl.of("q", List.of(b, s, h, e))), sp.build(), new Access("q", List.of(ib, is, ih, ie)),
                new Expr.Binary(BinOp.MUL, Expr.read("w", id, ih, ie), Expr.read("x", ib, is, id)), Update.accumulate(BinOp.ADD));
    }

    /** {@code y[b,s,o] += ctx[b,s,h,e] · w[h,e,o]}: two reduction axes. */
    static Operation twoReductions(int b, int s, int h, int e, int o) {
        Space sp = new Space();
        Index ib = sp.iter("b", b), is = sp.iter("s", s), ih = sp.iter("h", h), ie = sp.iter("e", e), io = sp.iter("o", o);
        return new Operation("out", List.of(TensorDecl.of("ctx", List.of(b, s, h, e)), TensorDecl.of("w", List.of(h, e, o)),
                TensorDecl.of("y", List.of(b, s, o))), sp.build(), new Access("y", List.of(ib, is, io)),
                new Expr.Binary(BinOp.MUL, Expr.read("ctx", ib, is, ih, ie), Expr.read("w", ih, ie, io)), Update.accumulate(BinOp.ADD));
    }

    @Test
    void extraOutputAxesBecomeBatchAxesAndNIsInnermost() {
        for (boolean first : new boolean[] {false, true}) {
            Contraction g = Contraction.of(dense(2, 3, 4, 5, first)).orElseThrow();
            assertEquals(List.of("b"), g.batch());
            assertEquals("s", g.m());
            assertEquals("f", g.n());
            assertEquals("d", g.k());
            assertEquals("a", g.a().tensor(), "the operand holding m is A whatever the product's order");
        }
        Contraction h = Contraction.of(heads(2, 3, 4, 5, 6)).orElseThrow();
        assertEquals(List.of("b", "h"), h.batch());
        assertEquals(List.of("s", "e", "d"), List.of(h.m(), h.n(), h.k()));
        assertEquals("x", h.a().tensor());
        Contraction r = Contraction.of(twoReductions(2, 3, 4, 5, 6)).orElseThrow();
        assertEquals(List.of("s", "o", "e"), List.of(r.m(), r.n(), r.k()));
        assertEquals(List.of("h"), r.outerK());
        assertEquals(List.of("b"), r.batch());
        assertEquals(List.of(), h.outerK());
    }

    /**
     * A random contraction: 0–2 batch, 1–3 m, 1–3 n and 1–3 k axes (extents 2–9, one of them up to
     * 40), each tensor's axes in a random order, the operands in a random order; at most 60,000
     * points in all (the IR interpreter visits each).
     */
    static Drawn randomContraction(SplittableRandom rnd, int id) {
        while (true) {
            Drawn d = drawContraction(rnd, id);
            long points = 1;
            for (var f : d.op().space().factors()) points *= f.vars().getFirst().extent();
            if (points <= 60_000) return d;
        }
    }

    /** A drawn contraction and its einsum: the axes of a, b and c by name, and every axis's extent. */
    record Drawn(Operation op, List<String> a, List<String> b, List<String> c, Map<String, Integer> extents) {}

    private static Drawn drawContraction(SplittableRandom rnd, int id) {
        Space sp = new Space();
        List<String> batch = new java.util.ArrayList<>(), ms = new java.util.ArrayList<>(), ns = new java.util.ArrayList<>(),
                ks = new java.util.ArrayList<>();
        Map<String, Index> ix = new LinkedHashMap<>();
        Map<String, Integer> ext = new LinkedHashMap<>();
        int big = rnd.nextInt(4);
        String[] kinds = {"b", "m", "n", "k"};
        int[] counts = {rnd.nextInt(3), 1 + rnd.nextInt(3), 1 + rnd.nextInt(3), 1 + rnd.nextInt(3)};
        for (int kind = 0; kind < 4; kind++)
            for (int i = 0; i < counts[kind]; i++) {
                String sym = kinds[kind] + i;
                int e = kind == big && i == 0 ? 10 + rnd.nextInt(31) : 2 + rnd.nextInt(8);
                ix.put(sym, sp.iter(sym, e));
                ext.put(sym, e);
                (kind == 0 ? batch : kind == 1 ? ms : kind == 2 ? ns : ks).add(sym);
            }
        List<String> c = shuffled(rnd, batch, ms, ns), a = shuffled(rnd, batch, ms, ks), b = shuffled(rnd, batch, ns, ks);
        Expr ra = new Expr.Read(new Access("a", c(a, ix))), rb = new Expr.Read(new Access("b", c(b, ix)));
        Operation op = new Operation("random" + id, List.of(TensorDecl.of("a", dims(a, ext)), TensorDecl.of("b", dims(b, ext)),
                TensorDecl.of("c", dims(c, ext))), sp.build(), new Access("c", c(c, ix)),
                rnd.nextBoolean() ? new Expr.Binary(BinOp.MUL, ra, rb) : new Expr.Binary(BinOp.MUL, rb, ra), Update.accumulate(BinOp.ADD));
        return new Drawn(op, a, b, c, ext);
    }

    @SafeVarargs
    private static List<String> shuffled(SplittableRandom rnd, List<String>... parts) {
        List<String> out = new java.util.ArrayList<>();
        for (List<String> p : parts) out.addAll(p);
        for (int i = out.size() - 1; i > 0; i--) java.util.Collections.swap(out, i, rnd.nextInt(i + 1));
        return out;
    }

    private static List<Index> c(List<String> syms, Map<String, Index> ix) {
        return syms.stream().map(ix::get).toList();
    }

    private static List<Integer> dims(List<String> syms, Map<String, Integer> ext) {
        return syms.stream().map(ext::get).toList();
    }

    @Test
    void randomContractionsAreTiledAndComputeTheirEinsum() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        SplittableRandom rnd = new SplittableRandom(1124);
        for (int i = 0; i < 24; i++) {
            Drawn d = randomContraction(rnd, i);
            assertTrue(Contraction.of(d.op()).isPresent(), () -> "not recognized: " + d.op());
            Harness.check(d.op(), 1124 + i, in -> einsum(d.extents(), d.c(), in.get("a"), d.a(), in.get("b"), d.b()));
        }
    }

    /** {@code c[s,f,h] += a[s,h,d] · w[d,f]}: C's innermost axis h is narrow. */
    static Operation narrowInner(int s, int h, int d, int f) {
        Space sp = new Space();
        Index is = sp.iter("s", s), ih = sp.iter("h", h), id = sp.iter("d", d), jf = sp.iter("f", f);
        return new Operation("narrow", List.of(TensorDecl.of("a", List.of(s, h, d)), TensorDecl.of("w", List.of(d, f)),
                TensorDecl.of("c", List.of(s, f, h))), sp.build(), new Access("c", List.of(is, jf, ih)),
                new Expr.Binary(BinOp.MUL, Expr.read("a", is, ih, id), Expr.read("w", id, jf)), Update.accumulate(BinOp.ADD));
    }

    @Test
    void mIsTheWidestAndANarrowInnermostNYields() {
        Contraction wide = Contraction.of(dense(50, 3, 4, 5, false)).orElseThrow();
        assertEquals(List.of("b", "f", List.of("s")), List.of(wide.m(), wide.n(), wide.batch()), "m: b (50) over s (3)");
        Contraction narrow = Contraction.of(narrowInner(100, 2, 8, 30)).orElseThrow();
        assertEquals(List.of("f", "s", List.of("h")), List.of(narrow.m(), narrow.n(), narrow.batch()),
                "n: s (100) over C's innermost h (2), operands swapped");
        assertEquals("w", narrow.a().tensor());
    }

    /**
     * A convolution {@code y[n,o,s0,s1] += x[n,c,s0+k0,s1+k1] · w[o,c,k0,k1]} is a contraction too:
     * its affine indices are linear, so the GEMM's pointer arithmetic holds. m = o, n = s1 (C's
     * innermost), k = c (the widest reduction axis), one GEMM per (n, s0) point and tap (k0, k1).
     */
    @Test
    void aConvolutionIsOneGemmPerOutputRowAndTap() {
        Window w = new Window(3, 1, 1, true);
        Contraction g = Contraction.of(Ops.conv(2, 16, 8, List.of(12, 20), List.of(w, w))).orElseThrow();
        assertEquals(List.of("o", "s1", "c"), List.of(g.m(), g.n(), g.k()));
        assertEquals(List.of("n", "s0"), g.batch());
        assertEquals(List.of("k0", "k1"), g.outerK());
        assertEquals("w", g.a().tensor());
    }

    /**
     * {@code c[i + j] += a[i] · b[j]}: distinct (m, n) points write the same cell of C, which no GEMM
     * tile may assume — not a contraction (the generic nest accumulates it).
     */
    @Test
    void anAffineOutputIndexIsNotAContraction() {
        List<Factor> fs = List.of(new Factor.Single(new LoopVar("i", 5)), new Factor.Single(new LoopVar("j", 7)),
                new Factor.Single(new LoopVar("k", 3)));
        Index sum = new Index.Affine(List.of(new Index.Term(1, "i"), new Index.Term(1, "j")), 0);
        Operation op = new Operation("corr", List.of(TensorDecl.of("a", List.of(5, 3)), TensorDecl.of("b", List.of(3, 7)),
                TensorDecl.of("c", List.of(11))), new ProductSpace(fs), new Access("c", List.of(sum)),
                new Expr.Binary(BinOp.MUL, Expr.read("a", Index.iter("i"), Index.iter("k")), Expr.read("b", Index.iter("k"), Index.iter("j"))),
                Update.accumulate(BinOp.ADD));
        assertTrue(Contraction.of(op).isEmpty());
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        Harness.check(op, 5, in -> {
            HostTensor c = HostTensor.zeros(List.of(11));
            for (int i = 0; i < 5; i++)
                for (int j = 0; j < 7; j++)
                    for (int k = 0; k < 3; k++) c.data()[i + j] += in.get("a").get(i, k) * in.get("b").get(k, j);
            return c;
        });
    }

    /**
     * Convolutions through the tiled C against the IR's meaning, including ones with enough batch
     * points and work that the points are shared by the OpenMP threads (each GEMM one work item).
     */
    @Test
    void convolutionsThroughTheTiledCodeComputeTheReferenceConvolution() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        long seed = 11241;
        Window same3 = new Window(3, 1, 1, true), strided = new Window(3, 2, 1, false), dilated = new Window(2, 1, 2, true);
        record Conv(Operation op, List<Window> windows) {}
        for (Conv cv : List.of(
                new Conv(Ops.conv(2, 16, 16, List.of(18, 20), List.of(same3, same3)), List.of(same3, same3)),
                new Conv(Ops.conv(3, 8, 24, List.of(17, 23), List.of(strided, dilated)), List.of(strided, dilated)),
                new Conv(Ops.conv(2, 5, 40, List.of(30), List.of(new Window(5, 1, 1, true))), List.of(new Window(5, 1, 1, true))),
                new Conv(Ops.conv(32, 4, 20, List.of(24), List.of(same3)), List.of(same3)))) { // one batch axis, threaded
            assertTrue(Contraction.of(cv.op()).isPresent(), cv.op().toString());
            List<Reference.Win> wins = cv.windows().stream().map(w -> new Reference.Win(w.kernel(), w.stride(), w.dilation(), w.padded())).toList();
            Harness.check(cv.op(), seed++, in -> Reference.conv(in.get("x"), in.get("w"), wins));
        }
    }

    @Test
    void tiledCodeComputesTheEinsum() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        long seed = 20261124;
        // odd sizes: partial tiles on every edge; one large enough for the OpenMP path
        for (int[] d : new int[][] {{3, 17, 29, 40, 0}, {50, 3, 20, 33, 1}, {2, 33, 70, 301, 1}})
            Harness.check(dense(d[0], d[1], d[2], d[3], d[4] == 1), seed++, in -> einsum(Map.of("b", d[0], "s", d[1], "d", d[2], "f", d[3]),
                    List.of("b", "s", "f"), in.get("a"), List.of("b", "s", "d"), in.get("w"), List.of("d", "f")));
        Harness.check(narrowInner(100, 2, 8, 30), seed++, in -> einsum(Map.of("s", 100, "h", 2, "d", 8, "f", 30),
                List.of("s", "f", "h"), in.get("a"), List.of("s", "h", "d"), in.get("w"), List.of("d", "f")));
        for (int[] d : new int[][] {{2, 9, 31, 3, 20}, {1, 64, 128, 4, 64}})
            Harness.check(heads(d[0], d[1], d[2], d[3], d[4]), seed++, in -> einsum(Map.of("b", d[0], "s", d[1], "d", d[2], "h", d[3], "e", d[4]),
                    List.of("b", "s", "h", "e"), in.get("x"), List.of("b", "s", "d"), in.get("w"), List.of("d", "h", "e")));
        for (int[] d : new int[][] {{2, 5, 3, 7, 11}, {2, 40, 4, 33, 70}})
            Harness.check(twoReductions(d[0], d[1], d[2], d[3], d[4]), seed++, in -> einsum(Map.of("b", d[0], "s", d[1], "h", d[2], "e", d[3], "o", d[4]),
                    List.of("b", "s", "o"), in.get("ctx"), List.of("b", "s", "h", "e"), in.get("w"), List.of("h", "e", "o")));
    }

    /**
     * The expected value, independent of the IR and its lowering: {@code out[cAxes] = Σ a[aAxes]·b[bAxes]}
     * over every assignment of the named axes, by an odometer over {@code extents} (written for this test).
     */
    static HostTensor einsum(Map<String, Integer> extents, List<String> cAxes, HostTensor a, List<String> aAxes, HostTensor b,
                             List<String> bAxes) {
        List<String> names = List.copyOf(extents.keySet());
        int[] ext = names.stream().mapToInt(extents::get).toArray(), at = new int[names.size()];
        HostTensor c = HostTensor.zeros(cAxes.stream().map(extents::get).toList());
        int[] ci = positions(names, cAxes), ai = positions(names, aAxes), bi = positions(names, bAxes);
        while (true) {
            c.data()[c.offset(pick(at, ci))] += a.get(pick(at, ai)) * b.get(pick(at, bi));
            int i = 0;
            while (i < at.length && ++at[i] == ext[i]) at[i++] = 0;
            if (i == at.length) return c;
        }
    }

    private static int[] positions(List<String> names, List<String> axes) {
        return axes.stream().mapToInt(names::indexOf).toArray();
    }

    private static int[] pick(int[] at, int[] positions) {
        int[] out = new int[positions.length];
        for (int j = 0; j < out.length; j++) out[j] = at[positions[j]];
        return out;
    }
}
