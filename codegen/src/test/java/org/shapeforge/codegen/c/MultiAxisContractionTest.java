package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.reference.Errors;
import org.shapeforge.codegen.reference.LoopIrSemantics;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Contractions with several output axes on one side (a transformer's dense layers over a batch of
 * sequences, attention heads): recognized as one GEMM per point of the extra axes, with the kernel's
 * n on C's innermost axis whichever operand comes first, and the tiled C computes what the IR means
 * ({@link LoopIrSemantics}). Several reduction axes: A's innermost is the kernel's k, the others
 * loop outside it, accumulating (only the first GEMM stores).
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

    @Test
    void tiledCodeComputesWhatTheIrMeans() {
        Assumptions.assumeTrue(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        SplittableRandom rnd = new SplittableRandom(20261124);
        // odd sizes: partial tiles on every edge; one large enough for the OpenMP path
        for (Operation op : List.of(dense(3, 17, 29, 40, false), dense(2, 33, 70, 301, true), heads(2, 9, 31, 3, 20),
                heads(1, 64, 128, 4, 64), twoReductions(2, 5, 3, 7, 11), twoReductions(2, 40, 4, 33, 70))) {
            Map<String, HostTensor> in = new LinkedHashMap<>();
            for (TensorDecl t : op.tensors()) if (!t.name().equals(op.lhs().tensor())) in.put(t.name(), HostTensor.random(t.dims(), rnd));
            HostTensor got = CKernel.compile(op, Harness.compiler()).run(in, Harness.GARBAGE);
            Errors e = Errors.compare(got, LoopIrSemantics.run(op, in));
            assertTrue(e.within(1e-5), op.name() + ": " + e);
        }
    }
}
