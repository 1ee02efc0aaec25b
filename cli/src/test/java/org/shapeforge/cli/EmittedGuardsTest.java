package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.testenv.Requires;

/**
 * {@code infer --emit c} of a program with dynamic dims writes kernels that guard their sizes at
 * entry: the program's facts with their lines and its {@code requires} conditions reach
 * the emitted C, and a C caller outside the domain gets the relation back, with no buffer touched.
 */
class EmittedGuardsTest {
    @TempDir
    Path dir;

    @Test
    void theEmittedKernelRefusesABindingOutsideTheProgramsDomainWithTheRelation() throws Exception {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        Path p = Files.writeString(dir.resolve("conv.shp"), """
                dynamic h
                h in 1..4096
                x = data(b=[2], o=[h, 3])
                k = param(i=[3, 3], o=[4])
                y = einsum(x, k, "b|2*h=+kh,c; kh,c->f => b|h,f")
                v = einsum(x, k, "b|h<+kh,c; kh,c->f => b|h,f")
                """);
        Path out = dir.resolve("c");
        CliRun r = CliRun.of("infer", p.toString(), "--bind", "h=8", "--emit", "c", "--out", out.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("kernels: 2/2 with the dynamic sizes as parameters"), r.out());
        Files.writeString(dir.resolve("main.c"), """
                #include <stdint.h>
                #include <stdio.h>
                #include <stdlib.h>
                int64_t k_y(const int64_t *sizes, float **args);
                const char *k_y_guard(int64_t k);
                int main(int argc, char **argv) {
                    for (int i = 1; i < argc; i++) {
                        int64_t h = atoll(argv[i]), g = k_y(&h, NULL);
                        printf("%lld: %s\\n", (long long)h, g ? k_y_guard(g) : "runs");
                    }
                    return 0;
                }
                """);
        Path exe = dir.resolve("guards");
        run(List.of("gcc", "-O2", "-fopenmp", "-o", exe.toString(), dir.resolve("main.c").toString(), out.resolve("y.c").toString(), "-lm"));
        assertEquals("7: h % 2 == 0 (requires)\n" + "2: h - 2 >= 1 (requires)\n" + "5000: h <= 4096 (fact, " + p + ":2:1)\n"
                + "0: h >= 1 (a size)\n", run(List.of(exe.toString(), "7", "2", "5000", "0")));
    }

    private static String run(List<String> cmd) throws Exception {
        Process pr = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(pr.getInputStream().readAllBytes());
        assertTrue(pr.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, pr.exitValue(), out);
        return out;
    }
}
