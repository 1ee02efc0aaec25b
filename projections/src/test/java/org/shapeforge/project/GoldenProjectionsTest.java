package org.shapeforge.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.shapeforge.project.Ops.concat;
import static org.shapeforge.project.Ops.op;
import static org.shapeforge.project.Ops.project;
import static org.shapeforge.project.Ops.vec;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.program.OpKind;

/** Golden projections (issue 14): each operation built by hand as the front end will, solved, projected. */
class GoldenProjectionsTest {

    private static final String[] EMPTY_BI = {};

    private static String[] rowsEmpty(String... names) {
        String[] out = new String[names.length * 2];
        for (int i = 0; i < names.length; i++) {
            out[2 * i] = "<" + names[i] + "_b> ~ []";
            out[2 * i + 1] = "<" + names[i] + "_i> ~ []";
        }
        return out;
    }

    @Test
    void matmulEinsum() {
        Operation mm = op("y", OpKind.EINSUM, "y", List.of("a", "b"),
                concat(rowsEmpty("y", "a", "b"), new String[] {"<a_o> ~ [i, k]", "<b_o> ~ [k, j]", "<y_o> ~ [i, j]"}));
        Projections p = project(mm, concat(vec("a", "2, 3"), vec("b", "3, 4")));
        assertEquals("product [i:2, j:4, k:3] lhs [i, j] rhs [[i, k], [k, j]] reduce [k] accumulate initialize", p.summary());
    }

    @Test
    void matmulCompose() {
        // programs.md Compose: ineq(A.i, B.o), ineq(C.b, A.b), ineq(C.b, B.b), ineq(C.i, B.i), ineq(C.o, A.o).
        Operation mm = op("y", OpKind.COMPOSE, "y", List.of("a", "b"),
                "<a_i> <= <b_o>", "<y_b> <= <a_b>", "<y_b> <= <b_b>", "<y_i> <= <b_i>", "<y_o> <= <a_o>");
        Projections p = project(mm, "<a_b> ~ []", "<a_o> ~ [2]", "<a_i> ~ [3]", "<b_b> ~ []", "<b_o> ~ [3]", "<b_i> ~ [4]");
        // storage order batch @ output @ input: y[o, i], a[o, i], b[o, i]
        assertEquals("product [s0:2, s1:4, s2:3] lhs [s0, s1] rhs [[s0, s2], [s2, s1]] reduce [s2] accumulate initialize",
                p.summary());
    }

    @Test
    void batchedMatmul() {
        Operation mm = op("y", OpKind.EINSUM, "y", List.of("a", "b"),
                "<a_b> ~ [n]", "<b_b> ~ [n]", "<y_b> ~ [n]", "<a_i> ~ []", "<b_i> ~ []", "<y_i> ~ []",
                "<a_o> ~ [i, k]", "<b_o> ~ [k, j]", "<y_o> ~ [i, j]");
        Projections p = project(mm, "<a_b> ~ [5]", "<a_i> ~ []", "<a_o> ~ [2, 3]", "<b_b> ~ [5]", "<b_i> ~ []", "<b_o> ~ [3, 4]");
        assertEquals("product [n:5, i:2, j:4, k:3] lhs [n, i, j] rhs [[n, i, k], [n, k, j]] reduce [k] accumulate initialize",
                p.summary());
    }

    @Test
    void permuteAndTranspose() {
        Operation perm = op("y", OpKind.PERMUTE, "y", List.of("a"),
                concat(rowsEmpty("y", "a"), new String[] {"<a_o> ~ [i, j, k]", "<y_o> ~ [k, i, j]"}));
        assertEquals("product [k:4, i:2, j:3] lhs [k, i, j] rhs [[i, j, k]] reduce []",
                project(perm, vec("a", "2, 3, 4")).summary());
        Operation tr = op("t", OpKind.TRANSPOSE, "t", List.of("a"), "<t_b> ~ <a_b>", "<t_i> ~ <a_o>", "<t_o> ~ <a_i>");
        assertEquals("product [s0:3, s1:2] lhs [s0, s1] rhs [[s1, s0]] reduce []",
                project(tr, "<a_b> ~ []", "<a_o> ~ [2]", "<a_i> ~ [3]").summary());
    }

    @Test
    void diagonalIsInjectiveNotSurjective() {
        Operation diag = op("y", OpKind.EINSUM, "y", List.of("a"),
                concat(rowsEmpty("y", "a"), new String[] {"<a_o> ~ [i]", "<y_o> ~ [i, i]"}));
        Projections p = project(diag, vec("a", "3"));
        assertEquals("product [i:3] lhs [i, i] rhs [[i]] reduce [] initialize", p.summary());
        assertEquals(true, p.injective());
        assertEquals(false, p.surjective());
    }

    @Test
    void fixedIndex() {
        // einsum "i2=>i": the digit is a fresh label pinned at 2.
        Operation fix = op("y", OpKind.EINSUM, "y", List.of("a"),
                concat(rowsEmpty("y", "a"), new String[] {"<a_o> ~ [i, f]", "<y_o> ~ [i]", "size(f) >= 3"}))
                .withPins(java.util.Map.of("f", new Index.Fixed(2)));
        assertEquals("product [i:4] lhs [i] rhs [[i, 2]] reduce []", project(fix, vec("a", "4, 5")).summary());
    }

    @Test
    void sliceIndexIsAnExternalSymbol() {
        // slice(a, n): the operand's leading batch axis is read at the kernel argument $n.
        Operation slice = op("y", OpKind.SLICE, "y", List.of("a"),
                "<a_b> ~ [f] <> [m]", "<y_b> ~ [m]", "<y_i> ~ <a_i>", "<y_o> ~ <a_o>")
                .withPins(java.util.Map.of("f", new Index.External("n")));
        assertEquals("product [m:3, s0:2] lhs [m, s0] rhs [[$n, m, s0]] reduce []",
                project(slice, "<a_b> ~ [4, 3]", "<a_i> ~ []", "<a_o> ~ [2]").summary());
    }

    @Test
    void outerProduct() {
        Operation outer = op("y", OpKind.EINSUM, "y", List.of("a", "b"),
                concat(rowsEmpty("y", "a", "b"), new String[] {"<a_o> ~ [i]", "<b_o> ~ [j]", "<y_o> ~ [i, j]"}));
        assertEquals("product [i:2, j:3] lhs [i, j] rhs [[i], [j]] reduce []",
                project(outer, concat(vec("a", "2"), vec("b", "3"))).summary());
    }

    @Test
    void pointwiseBroadcastSeversAndPins() {
        Operation add = op("y", OpKind.POINTWISE, "y", List.of("a", "b"),
                "<y_b> <= <a_b>", "<y_b> <= <b_b>", "<y_i> <= <a_i>", "<y_i> <= <b_i>", "<y_o> <= <a_o>", "<y_o> <= <b_o>");
        Projections p = project(add, concat(vec("a", "2, 3"), vec("b", "1")));
        // b's single unit axis aligns with y's trailing axis and is pinned at 0; y's leading axis is a surplus.
        assertEquals("product [s0:2, s1:3] lhs [s0, s1] rhs [[s0, s1], [0]] reduce []", p.summary());
    }

    @Test
    void paddedConvolutionWithStrideAndDilation() {
        Operation conv = op("y", OpKind.EINSUM, "y", List.of("a", "w"),
                concat(rowsEmpty("y", "a", "w"), new String[] {
                    "<a_o> ~ [affine(o, stride=2, kernel=k, dilation=2, padding=same)]", "<w_o> ~ [k]", "<y_o> ~ [o]"}));
        Projections p = project(conv, concat(vec("a", "8"), vec("w", "3")));
        // extent 1 + (3-1)*2 = 5, split right = 3, left = 2: index 2*o + 2*k - 2
        assertEquals("product [o:4, k:3] lhs [o] rhs [[2*o+2*k-2], [k]] reduce [k] accumulate initialize pad [a.output[0]=2/3]",
                p.summary());
    }

    @Test
    void validConvolutionWithStrideAndDilationNeverPads() {
        Operation conv = op("y", OpKind.EINSUM, "y", List.of("a", "w"),
                concat(rowsEmpty("y", "a", "w"), new String[] {
                    "<a_o> ~ [affine(o, stride=2, kernel=k, dilation=2)]", "<w_o> ~ [k]", "<y_o> ~ [o]"}));
        // 2*(3-1) + 1 + (3-1)*2 = 9
        Projections p = project(conv, concat(vec("a", "9"), vec("w", "3"), vec("y", "3")));
        assertEquals("product [o:3, k:3] lhs [o] rhs [[2*o+2*k], [k]] reduce [k] accumulate initialize", p.summary());
        // forward: y's and a's sizes inferred from o and the kernel (a's row bound to the affine term)
        Projections f = project(conv, concat(vec("y", "3"), vec("w", "3")));
        assertEquals(p.summary(), f.summary());
    }

    @Test
    void poolingIteratesTheWindowThroughTheAffineAxis() {
        // max-pool: the window label k is on no tensor; the operand's affine axis iterates it.
        Operation pool = op("y", OpKind.EINSUM, "y", List.of("a"),
                concat(rowsEmpty("y", "a"), new String[] {"<a_o> ~ [affine(o, stride=2, kernel=k, dilation=1)]", "<y_o> ~ [o]",
                    "k = 2"}));
        Projections p = project(pool, vec("a", "8"));
        assertEquals("product [o:4, k:2] lhs [o] rhs [[2*o+k]] reduce [k] accumulate initialize", p.summary());
    }

    @Test
    void concatOfThreeBlocksIsOneSequentialEntry() {
        Operation block = op("y", OpKind.BLOCK, "y", List.of("a", "b", "c"),
                concat(rowsEmpty("y", "a", "b", "c"),
                        new String[] {"<a_o> ~ [i]", "<b_o> ~ [j]", "<c_o> ~ [k]", "<y_o> ~ [i ^ j ^ k]"}));
        // y's row is inferred: the closed model reads [i ^ j ^ k] through the solved parts (regression:
        // it once grounded them at the unit and tripped the native soundness guard).
        Projections p = project(block, concat(vec("a", "2"), vec("b", "3"), vec("c", "1")));
        // k keeps its symbol at size 1: Concat participants are never read as Fix 0.
        assertEquals("product [(i:2 ; j:3 ; k:1)] lhs [i^j^k] rhs [[i], [j], [k]] reduce []", p.summary());
        assertEquals(true, p.surjective());
    }

    @Test
    void interleaveByTwoStridedOperations() {
        Operation even = op("y_even", OpKind.BLOCK, "y", List.of("a"),
                concat(rowsEmpty("y", "a"), new String[] {"<y_o> ~ [affine(i, stride=2)]", "<a_o> ~ [i]"}));
        Operation odd = op("y_odd", OpKind.BLOCK, "y", List.of("b"),
                concat(rowsEmpty("y", "b"), new String[] {"<y_o> ~ [affine(i, stride=2, offset=1)]", "<b_o> ~ [i]"}))
                .withErasing(false);
        var model = Ops.model(List.of(even, odd), concat(vec("a", "4"), vec("b", "4"), vec("y", "8")));
        ProgramProjections all = ProjectionInference.projectAll(List.of(even, odd), model);
        assertEquals("product [i:4] lhs [2*i] rhs [[i]] reduce [] initialize", all.operations().get("y_even").summary());
        // the second half accumulates into what the first wrote: no re-initialization
        assertEquals("product [i:4] lhs [2*i+1] rhs [[i]] reduce []", all.operations().get("y_odd").summary());
    }

    @Test
    void jsonFormMatchesProgramsMd() {
        Operation outer = op("y", OpKind.EINSUM, "y", List.of("a", "b"),
                concat(rowsEmpty("y", "a", "b"), new String[] {"<a_o> ~ [i]", "<b_o> ~ [j, 1]", "<y_o> ~ [i, j]"}));
        var json = project(outer, concat(vec("a", "2"), vec("b", "3, 1"))).toJson();
        assertEquals("{product=[[i, 2], [j, 3]], lhs=[i, j], rhs=[[i], [j, 0]], accumulate=false, initialize=false, reduction=[]}",
                json.toString());
    }
}
