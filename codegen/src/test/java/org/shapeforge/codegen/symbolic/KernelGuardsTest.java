package org.shapeforge.codegen.symbolic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
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
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.program.dynamic.ExtentExpr;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;
import org.shapeforge.testenv.Requires;

/**
 * Guards in the generated code: a symbolic kernel checks at entry that its sizes are at
 * least 1, lie in the program's domain ({@link SizeGuard}: here a fact {@code n % 2 == 0}) and give
 * every tensor extent at least 1 ({@code n - 2 >= 1}); a call outside is refused with the relation
 * before any buffer is touched — through Java ({@link GuardFailure}) and in the emitted C alone, which
 * a C program calls with no buffers at all.
 */
class KernelGuardsTest {
    @TempDir
    Path dir;

    /** {@code y[r, c] = relu(x[r, c])}, r over {@code n - 2} rows, 3 columns, at {@code n}. */
    private static Operation relu(int n) {
        int rows = n - 2;
        LoopVar r = new LoopVar("r", rows), c = new LoopVar("c", 3);
        List<Index> ix = List.of(Index.iter("r"), Index.iter("c"));
        return new Operation("y", List.of(TensorDecl.of("x", List.of(rows, 3)), TensorDecl.of("y", List.of(rows, 3))),
                new ProductSpace(List.of(new Factor.Single(r), new Factor.Single(c))), new Access("y", ix),
                new Expr.Unary(UnOp.RELU, new Expr.Read(new Access("x", ix))), Update.assign());
    }

    private static SymbolicKernel kernel(int n) {
        ExtentExpr rows = new ExtentExpr.Sub(new ExtentExpr.InputAxis("n", "x", 0), ExtentExpr.of(2));
        SizeGuard even = new SizeGuard(new SymCondition(SymSize.name("n").mod(2), Rel.EQ, SymSize.constant(0)), "fact, p.shp:2:1");
        SymbolicSizes sizes = new SymbolicSizes(List.of("n"), Map.of("n", (long) n), Map.of(
                "x", List.of(Optional.of(rows), Optional.of(ExtentExpr.of(3))),
                "y", List.of(Optional.of(rows), Optional.of(ExtentExpr.of(3)))), List.of(even));
        return assertInstanceOf(KernelChoice.Symbolic.class, SymbolicKernel.choose(relu(n), sizes)).kernel();
    }

    @Test
    void theKernelRefusesSizesOutsideItsGuardsAndRunsInside() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        SymbolicKernel k = kernel(6);
        assertEquals(List.of("n >= 1 (a size)", "n % 2 == 0 (fact, p.shp:2:1)", "n - 2 >= 1 (axis 0 of x, an extent)"),
                k.guards().stream().map(SymbolicKernel.Guard::relation).toList());
        SymbolicKernel.Loaded l = k.load(new CCompiler("gcc", dir.resolve("cache")));
        double[] x = {-1, 2, -3, 4, -5, 6, -7, 8, -9, 10, -11, 12};
        HostTensor y = l.run(relu(6), Map.of("n", 6L), Map.of("x", new HostTensor(List.of(4, 3), x)), Double.NaN);
        assertArrayEquals(new double[] {0, 2, 0, 4, 0, 6, 0, 8, 0, 10, 0, 12}, y.data(), 0.0);
        // the buffers are sized for n = 6; each binding below is refused before the kernel reads them
        String[][] refused = {{"7", "n % 2 == 0 (fact, p.shp:2:1)"}, {"2", "n - 2 >= 1 (axis 0 of x, an extent)"},
                {"0", "n >= 1 (a size)"}, {"-4", "n >= 1 (a size)"}};
        for (String[] r : refused) {
            long n = Long.parseLong(r[0]);
            GuardFailure f = assertThrows(GuardFailure.class,
                    () -> l.run(relu(6), Map.of("n", n), Map.of("x", new HostTensor(List.of(4, 3), x)), Double.NaN));
            assertEquals(r[1], f.relation(), "n = " + n);
            assertEquals(Map.of("n", n), f.binding());
            assertTrue(f.getMessage().contains("operation y") && f.getMessage().contains(r[1]), f.getMessage());
        }
    }

    @Test
    void theEmittedCAloneReturnsTheGuardAndItsRelation() throws Exception {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        SymbolicKernel k = kernel(6);
        Files.writeString(dir.resolve("kernel.c"), k.source());
        String e = k.entry();
        Files.writeString(dir.resolve("main.c"), """
                #include <stdint.h>
                #include <stdio.h>
                #include <stdlib.h>
                int64_t %1$s(const int64_t *sizes, float **args);
                const char *%1$s_guard(int64_t k);
                int main(int argc, char **argv) {
                    for (int i = 1; i < argc; i++) {
                        int64_t n = atoll(argv[i]);
                        int64_t g = %1$s(&n, NULL); /* no buffers: a refusal must not touch them */
                        printf("%%lld %%lld %%s\\n", (long long)n, (long long)g, g ? %1$s_guard(g) : "-");
                    }
                    return 0;
                }
                """.formatted(e));
        Path exe = dir.resolve("guards");
        run(List.of("gcc", "-O2", "-o", exe.toString(), dir.resolve("main.c").toString(), dir.resolve("kernel.c").toString(), "-lm"));
        String out = run(List.of(exe.toString(), "7", "2", "0", "-3"));
        assertEquals("""
                7 2 n % 2 == 0 (fact, p.shp:2:1)
                2 3 n - 2 >= 1 (axis 0 of x, an extent)
                0 1 n >= 1 (a size)
                -3 1 n >= 1 (a size)
                """, out);
    }

    private String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(new ArrayList<>(cmd)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
