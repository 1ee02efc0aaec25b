package org.shapeforge.codegen.symbolic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.ProductSpace;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.program.dynamic.ExtentExpr;
import org.shapeforge.testenv.Requires;

/**
 * {@link SymbolicKernel#choose}: a kernel whose extents are the symbolic axes' expressions, one
 * source for every binding; a structured fallback where an extent is not such an expression.
 */
class SymbolicKernelTest {
    @TempDir
    Path cache;

    /** {@code y[r, c] = relu(x[r, c])} at rows = {@code rows}, 3 columns. */
    private static Operation relu(int rows) {
        LoopVar r = new LoopVar("r", rows), c = new LoopVar("c", 3);
        List<Index> ix = List.of(Index.iter("r"), Index.iter("c"));
        return new Operation("y", List.of(TensorDecl.of("x", List.of(rows, 3)), TensorDecl.of("y", List.of(rows, 3))),
                new ProductSpace(List.of(new Factor.Single(r), new Factor.Single(c))), new Access("y", ix),
                new Expr.Unary(UnOp.RELU, new Expr.Read(new Access("x", ix))), Update.assign());
    }

    private static SymbolicSizes sizes(long n, ExtentExpr yRows) {
        ExtentExpr axis = new ExtentExpr.InputAxis("n", "x", 0);
        return new SymbolicSizes(List.of("n"), Map.of("n", n), Map.of(
                "x", List.of(Optional.of(axis), Optional.of(ExtentExpr.of(3))),
                "y", List.of(Optional.of(yRows), Optional.of(ExtentExpr.of(3)))));
    }

    @Test
    void oneSourceServesEveryBindingAndComputesAtEach() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        ExtentExpr n = new ExtentExpr.InputAxis("n", "x", 0);
        var at2 = assertInstanceOf(KernelChoice.Symbolic.class, SymbolicKernel.choose(relu(2), sizes(2, n)));
        var at5 = assertInstanceOf(KernelChoice.Symbolic.class, SymbolicKernel.choose(relu(5), sizes(5, n)));
        assertEquals(at2.kernel().source(), at5.kernel().source());
        assertEquals(List.of("n"), at2.kernel().params());
        assertTrue(at2.kernel().source().contains("sz_n = sf_sizes[0]"), at2.kernel().source());
        // the parallel region pays as ParallelWork measures it: 2^20 operations, relu's body costs 2 (a read, a unary)
        assertTrue(at2.kernel().source().contains("schedule(static) if(sf_points >= 524288)"), at2.kernel().source());
        CCompiler cc = new CCompiler("gcc", cache);
        SymbolicKernel.Loaded k = at2.kernel().load(cc);
        at5.kernel().load(cc);
        assertEquals(1, cc.compilations());
        for (int rows : new int[] {2, 5}) {
            double[] x = new double[rows * 3];
            for (int i = 0; i < x.length; i++) x[i] = i % 2 == 0 ? -i : i;
            HostTensor y = k.run(relu(rows), Map.of("n", (long) rows), Map.of("x", new HostTensor(List.of(rows, 3), x)), Double.NaN);
            double[] want = new double[x.length];
            for (int i = 0; i < x.length; i++) want[i] = Math.max(0, x[i]);
            assertArrayEquals(want, y.data(), 0.0, "rows " + rows);
        }
    }

    @Test
    void anExtentThatIsNotItsExpressionAtTheBindingFallsBackWithTheReason() {
        var c = assertInstanceOf(KernelChoice.Specialised.class, SymbolicKernel.choose(relu(4), sizes(4, ExtentExpr.of(3))));
        assertTrue(c.reason().contains("axis 0 of y") && c.reason().contains("the operation's is 4"), c.reason());
        SymbolicSizes noY = new SymbolicSizes(List.of("n"), Map.of("n", 4L),
                Map.of("x", List.of(Optional.of(new ExtentExpr.InputAxis("n", "x", 0)), Optional.of(ExtentExpr.of(3)))));
        var d = assertInstanceOf(KernelChoice.Specialised.class, SymbolicKernel.choose(relu(4), noY));
        assertTrue(d.reason().contains("tensor y has no symbolic shape"), d.reason());
        assertFalse(d.reason().isBlank());
    }
}
