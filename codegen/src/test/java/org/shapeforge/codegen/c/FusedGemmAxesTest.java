package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.run.CCompiler;

/**
 * {@link GemmShape}: batch axes contiguous with m (or n) in every operand, and outer reduction axes
 * contiguous with k, fuse into the kernel's axis; true batch axes (in both operands, as attention's
 * batch and heads) and axes laid out differently in two operands stay batch loops. Each shape's
 * tiled C is checked against {@link MultiAxisContractionTest#einsum}'s independent loops, at odd
 * sizes (partial tiles on every edge).
 */
class FusedGemmAxesTest {

    /** {@code c[cAxes] += a[aAxes] · b[bAxes]} over the named axes (declared in {@code extents}' order). */
    static Operation einsumOp(String name, Map<String, Integer> extents, List<String> a, List<String> b, List<String> c) {
        List<Factor> fs = new ArrayList<>();
        extents.forEach((s, e) -> fs.add(new Factor.Single(new LoopVar(s, e))));
        return new Operation(name, List.of(TensorDecl.of("a", dims(a, extents)), TensorDecl.of("b", dims(b, extents)),
                TensorDecl.of("c", dims(c, extents))), new ProductSpace(fs), new Access("c", iters(c)),
                new Expr.Binary(BinOp.MUL, new Expr.Read(new Access("a", iters(a))), new Expr.Read(new Access("b", iters(b)))),
                Update.accumulate(BinOp.ADD));
    }

    private static List<Integer> dims(List<String> axes, Map<String, Integer> extents) {
        return axes.stream().map(extents::get).toList();
    }

    private static List<Index> iters(List<String> axes) {
        return axes.stream().map(Index::iter).toList();
    }

    private static Map<String, Integer> extents(Object... kv) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], (Integer) kv[i + 1]);
        return m;
    }

    private static GemmShape shape(Operation op) {
        CEmitter e = new CEmitter(op);
        Contraction g = Contraction.of(op).orElseThrow();
        return GemmShape.of(g, op, e.offset(g.a()), e.offset(g.b()), e.offset(op.lhs()));
    }

    private static void checkAgainstEinsum(Operation op, Map<String, Integer> ext, List<String> a, List<String> b, List<String> c, long seed) {
        checkAgainstEinsum(op, ext, "a", a, "b", b, c, seed);
    }

    /** The tiled C of {@code op} equals {@code c = Σ ta[a]·tb[b]} by independent loops. */
    private static void checkAgainstEinsum(Operation op, Map<String, Integer> ext, String ta, List<String> a, String tb, List<String> b,
            List<String> c, long seed) {
        Harness.check(op, seed, in -> MultiAxisContractionTest.einsum(ext, c, in.get(ta), a, in.get(tb), b));
    }

    @Test
    void projectionToHeadsIsOneGemm() {
        // q[b,s,h,e] = Σ_d x[b,s,d]·w[d,h,e]: (b, s) fuse into m, (h, e) into n
        GemmShape s = shape(MultiAxisContractionTest.heads(8, 128, 512, 8, 64));
        assertEquals(List.of(1024L, 512L, 512L), List.of(s.m(), s.n(), s.k()));
        assertEquals(List.of(), s.batch());
        assertEquals(List.of(512L, 1L, 512L, 1L, 512L, 1L), List.of(s.sAm(), s.sAk(), s.sBk(), s.sBn(), s.sCm(), s.sCn()));
    }

    @Test
    void outputProjectionReducesOverHeadsAndWidthAsOneK() {
        // y[b,s,o] = Σ_{h,e} ctx[b,s,h,e]·w[h,e,o]
        GemmShape s = shape(MultiAxisContractionTest.twoReductions(2, 5, 3, 7, 11));
        assertEquals(List.of(10L, 11L, 21L), List.of(s.m(), s.n(), s.k()));
        assertEquals(List.of(), s.outerK());
        assertEquals(List.of(), s.batch());
    }

    @Test
    void attentionsTrueBatchAxesStayBatchLoops() {
        // scores[b,s,h,t] = Σ_d q[b,s,h,d]·k[b,t,h,d]: b and h are in both operands
        Map<String, Integer> ext = extents("b", 2, "s", 7, "h", 3, "t", 5, "d", 9);
        List<String> a = List.of("b", "s", "h", "d"), b = List.of("b", "t", "h", "d"), c = List.of("b", "s", "h", "t");
        Operation op = einsumOp("scores", ext, a, b, c);
        GemmShape s = shape(op);
        assertEquals(List.of("b", "h"), s.batch());
        assertEquals(List.of(7L, 5L, 9L), List.of(s.m(), s.n(), s.k()));
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        checkAgainstEinsum(op, ext, a, b, c, 1);
        // keys long enough for a full B panel (32 on AVX-512, 16 on AVX2) and a partial one, K read at its row stride
        Map<String, Integer> wide = extents("b", 2, "s", 13, "h", 3, "t", 45, "d", 21);
        checkAgainstEinsum(einsumOp("scores", wide, a, b, c), wide, a, b, c, 2);
    }

    @Test
    void anAxisLaidOutDifferentlyInTwoOperandsIsNotFused() {
        // c[s,b,f] = Σ_d a[b,s,d]·w[d,f]: b is outside s in a, inside it in c
        Map<String, Integer> ext = extents("b", 3, "s", 17, "d", 29, "f", 40);
        List<String> a = List.of("b", "s", "d"), b = List.of("d", "f"), c = List.of("s", "b", "f");
        Operation op = einsumOp("transposed", ext, a, b, c);
        GemmShape s = shape(op);
        assertEquals(List.of("b"), s.batch());
        assertEquals(17L, s.m());
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        checkAgainstEinsum(op, ext, a, b, c, 2);
    }

    @Test
    void fusedShapesComputeTheirEinsum() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        long seed = 20261127;
        // batch axes on one side only, odd sizes: (b, s) into m, (h, e) into n
        Map<String, Integer> h = extents("b", 3, "s", 5, "d", 7, "h", 3, "e", 9);
        checkAgainstEinsum(MultiAxisContractionTest.heads(3, 5, 7, 3, 9), h, "x", List.of("b", "s", "d"), "w", List.of("d", "h", "e"),
                List.of("b", "s", "h", "e"), seed++);
        // two reductions fused into k, with a batch axis fused into m; one large enough for the OpenMP path
        for (int[] d : new int[][] {{2, 5, 3, 7, 11}, {3, 41, 5, 13, 67}}) {
            Map<String, Integer> ext = extents("b", d[0], "s", d[1], "h", d[2], "e", d[3], "o", d[4]);
            checkAgainstEinsum(MultiAxisContractionTest.twoReductions(d[0], d[1], d[2], d[3], d[4]), ext,
                    "ctx", List.of("b", "s", "h", "e"), "w", List.of("h", "e", "o"), List.of("b", "s", "o"), seed++);
        }
        // c[s,b,f] = Σ_d a[s,b,d]·w[d,f]: the batch axis outside m (m = b, wider) and inside it (m = s, wider)
        for (int[] sb : new int[][] {{3, 19}, {19, 3}}) {
            Map<String, Integer> ext = extents("s", sb[0], "b", sb[1], "d", 6, "f", 35);
            List<String> a = List.of("s", "b", "d"), b = List.of("d", "f"), c = List.of("s", "b", "f");
            Operation op = einsumOp("inner", ext, a, b, c);
            assertEquals(List.of(), shape(op).batch());
            assertEquals(57L, shape(op).m());
            checkAgainstEinsum(op, ext, a, b, c, seed++);
        }
        // n fused with a batch axis on B's side only, B first in the product's order
        Map<String, Integer> e2 = extents("i", 13, "d", 10, "g", 3, "j", 21);
        List<String> a2 = List.of("i", "d"), b2 = List.of("d", "g", "j"), c2 = List.of("i", "g", "j");
        Operation op2 = einsumOp("ncols", e2, b2, a2, c2);
        assertEquals(List.of(), shape(op2).batch());
        checkAgainstEinsum(op2, e2, b2, a2, c2, seed);
    }
}
