package org.shapeforge.codegen.c;

import static org.shapeforge.codegen.c.Harness.check;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.Ops.Window;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.reference.Reference;
import org.shapeforge.codegen.reference.Reference.Win;
import org.shapeforge.codegen.run.CCompiler;

/** Generated C, compiled with gcc and run through FFM, against the reference interpreter (error ≤ 1e-5 relative). */
class GeneratedCMatchesReferenceTest {

    @BeforeAll
    static void needsGcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    @ParameterizedTest(name = "matmul {0}x{1}x{2}")
    @CsvSource({"1,1,1", "3,5,7", "17,33,29", "64,64,64", "13,300,37", "100,1,100", "1,50,1", "50,600,70"})
    void matmul(int m, int k, int n) {
        check(Ops.matmul(m, k, n), 1, in -> Reference.matmul(in.get("a"), in.get("b")));
    }

    @ParameterizedTest(name = "batched matmul {0}x{1}x{2}x{3}")
    @CsvSource({"2,3,4,5", "3,17,9,40", "4,1,8,1"})
    void batchedMatmul(int b, int m, int k, int n) {
        check(Ops.batchedMatmul(b, m, k, n), 2, in -> Reference.batchedMatmul(in.get("a"), in.get("b")));
    }

    @Test
    void broadcastAdd() {
        check(Ops.broadcast(BinOp.ADD, List.of(4, 1, 6), List.of(5, 1)), 3,
                in -> Reference.broadcast(Double::sum, in.get("a"), in.get("b")));
        check(Ops.broadcast(BinOp.ADD, List.of(300, 257), List.of(257)), 4,
                in -> Reference.broadcast(Double::sum, in.get("a"), in.get("b")));
    }

    @Test
    void broadcastOtherOps() {
        check(Ops.broadcast(BinOp.MUL, List.of(3, 7), List.of(3, 1)), 5, in -> Reference.broadcast((x, y) -> x * y, in.get("a"), in.get("b")));
        check(Ops.broadcast(BinOp.SUB, List.of(1, 7), List.of(3, 1)), 6, in -> Reference.broadcast((x, y) -> x - y, in.get("a"), in.get("b")));
        check(Ops.broadcast(BinOp.MAX, List.of(2, 3, 4), List.of(2, 3, 4)), 7, in -> Reference.broadcast(Math::max, in.get("a"), in.get("b")));
        check(Ops.broadcast(BinOp.MIN, List.of(5), List.of(5)), 8, in -> Reference.broadcast(Math::min, in.get("a"), in.get("b")));
    }

    @Test
    void unaryOps() {
        check(Ops.unary(UnOp.RELU, List.of(10, 33)), 9, in -> Reference.unary(x -> Math.max(x, 0), in.get("a")));
        check(Ops.unary(UnOp.EXP, List.of(100)), 10, in -> Reference.unary(Math::exp, in.get("a")));
        check(Ops.unary(UnOp.NEG, List.of(3, 3)), 11, in -> Reference.unary(x -> -x, in.get("a")));
        check(Ops.unary(UnOp.TANH, List.of(7)), 12, in -> Reference.unary(Math::tanh, in.get("a")));
    }

    @Test
    void reductions() {
        check(Ops.reduce(BinOp.ADD, List.of(20, 30), List.of(1)), 13,
                in -> Reference.reduce(Double::sum, 0, in.get("a"), List.of(1)));
        check(Ops.reduce(BinOp.ADD, List.of(20, 30), List.of(0)), 14,
                in -> Reference.reduce(Double::sum, 0, in.get("a"), List.of(0)));
        check(Ops.reduce(BinOp.MAX, List.of(4, 5, 6), List.of(0, 2)), 15,
                in -> Reference.reduce(Math::max, Double.NEGATIVE_INFINITY, in.get("a"), List.of(0, 2)));
        check(Ops.reduce(BinOp.MIN, List.of(300, 200), List.of(0, 1)), 16,
                in -> Reference.reduce(Math::min, Double.POSITIVE_INFINITY, in.get("a"), List.of(0, 1)));
        check(Ops.reduce(BinOp.ADD, List.of(64, 3, 512), List.of(1)), 17,
                in -> Reference.reduce(Double::sum, 0, in.get("a"), List.of(1)));
    }

    @ParameterizedTest(name = "conv {0}x{1} k={2} stride={3} dilation={4} padded={5}")
    @CsvSource({
        "8,9,3,1,1,false", "8,9,3,1,1,true", "9,11,3,2,1,false", "8,10,3,2,1,true", "11,12,3,1,2,false",
        "12,8,3,2,2,true", "10,7,4,1,1,true", "7,5,1,1,1,false", "17,20,5,3,1,false", "6,8,2,2,1,true"})
    void conv2d(int h, int wd, int k, int stride, int dilation, boolean padded) {
        Window w = new Window(k, stride, dilation, padded);
        Win r = new Win(k, stride, dilation, padded);
        check(Ops.conv(2, 3, 4, List.of(h, wd), List.of(w, w)), 20 + h,
                x -> Reference.conv(x.get("x"), x.get("w"), List.of(r, r)));
    }

    @Test
    void conv1dValidAndPadded() {
        Window v = new Window(3, 1, 1, false), p = new Window(3, 1, 1, true);
        check(Ops.conv(1, 2, 2, List.of(10), List.of(v)), 30, x -> Reference.conv(x.get("x"), x.get("w"), List.of(new Win(3, 1, 1, false))));
        check(Ops.conv(1, 2, 2, List.of(10), List.of(p)), 31, x -> Reference.conv(x.get("x"), x.get("w"), List.of(new Win(3, 1, 1, true))));
    }

    @ParameterizedTest(name = "max pool in={0} k={1} stride={2} padded={3}")
    @CsvSource({"8,2,2,false", "8,3,1,true", "9,3,3,false", "8,3,2,true"})
    void maxPool(int in, int k, int stride, boolean padded) {
        Window w = new Window(k, stride, 1, padded);
        Win r = new Win(k, stride, 1, padded);
        check(Ops.maxPool(2, 3, List.of(in, in), List.of(w, w)), 40 + in, x -> Reference.maxPool(x.get("x"), List.of(r, r)));
    }

    @Test
    void concatOfThreeBlocks() {
        check(Ops.concat(List.of(List.of(2, 3), List.of(2, 1), List.of(2, 4)), 1), 50,
                in -> Reference.concat(List.of(in.get("a0"), in.get("a1"), in.get("a2")), 1));
        check(Ops.concat(List.of(List.of(3, 5), List.of(2, 5)), 0), 51,
                in -> Reference.concat(List.of(in.get("a0"), in.get("a1")), 0));
    }
}
