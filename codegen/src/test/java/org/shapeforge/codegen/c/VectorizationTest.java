package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.RuntimeSource;

/**
 * The generic nest's innermost loop runs at unit stride over the output, and gcc vectorizes it:
 * checked with {@code -fopt-info-vec-optimized} on the emitted source (a line of the kernel body,
 * after the prologue, is reported vectorized). Which form gcc reports depends on the target of
 * {@code -march=native}: "loop vectorized" on some, "basic block part vectorized" (SLP, the same
 * vector instructions from an unrolled loop) on others — on AMD Zen 3 (znver3, gcc 12) the
 * convolution's write-back loops are only reported in the second form. A convolution is a
 * contraction: its arithmetic runs in the prologue's micro-kernel, written with explicit vector
 * types, so the kernel must also call it.
 */
class VectorizationTest {
    @TempDir
    Path dir;

    private List<Integer> vectorizedLines(Operation op) throws Exception {
        String src = new CEmitter(op).source();
        Path c = dir.resolve(op.name() + ".c");
        Files.writeString(c, src, StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(CCompiler.FLAGS);
        cmd.addAll(List.of("-fopt-info-vec-optimized", "-o", dir.resolve(op.name() + ".so").toString(), c.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor() == 0, out);
        int prologueLines = (int) CEmitter.prologue().lines().count();
        List<Integer> lines = new ArrayList<>();
        for (String l : out.split("\n")) {
            int at = l.indexOf(".c:");
            if ((l.contains("loop vectorized") || l.contains("basic block part vectorized")) && at >= 0) {
                int line = Integer.parseInt(l.substring(at + 3).split(":")[0]);
                if (line > prologueLines) lines.add(line);
            }
        }
        return lines;
    }

    @Test
    void broadcastAddAndValidConvolutionInnerLoopsAreVectorized() throws Exception {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH");
        assertTrue(!vectorizedLines(Ops.broadcast(BinOp.ADD, List.of(300, 257), List.of(257))).isEmpty(), "broadcast add not vectorized");
        Ops.Window w = new Ops.Window(3, 1, 1, false);
        Operation conv = Ops.conv(2, 8, 8, List.of(34, 34), List.of(w, w));
        assertTrue(!vectorizedLines(conv).isEmpty(), "valid conv not vectorized");
        String body = new CEmitter(conv).source().substring(CEmitter.prologue().length());
        assertTrue(body.contains("sf_gemm_tables(&g)") && RuntimeSource.text().contains("sf_ukernel_to(kc, ap, bp"),
                "valid conv does not run the runtime's vector micro-kernel");
    }
}
