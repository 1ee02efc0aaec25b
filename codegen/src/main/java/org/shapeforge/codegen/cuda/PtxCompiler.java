package org.shapeforge.codegen.cuda;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.shapeforge.codegen.run.CodegenException;

/**
 * Generated CUDA to PTX with the system {@code nvcc -ptx -arch=sm_90}, validated by
 * {@code ptxas -arch=sm_90} (which assembles it for the architecture; no GPU needed). The PTX is
 * what the driver API loads ({@code cuModuleLoadData}) where a GPU exists.
 */
public final class PtxCompiler {
    public static final String ARCH = "sm_90";
    private final Path workDir;

    public PtxCompiler(Path workDir) {
        this.workDir = workDir;
    }

    /** Whether {@code nvcc} and {@code ptxas} can be run (for capability skips). */
    public static boolean available() {
        return runs("nvcc") && runs("ptxas");
    }

    private static boolean runs(String tool) {
        try {
            Process p = new ProcessBuilder(tool, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Compiles {@code source} (named {@code stem}) to PTX, validates it with ptxas, returns the PTX text. */
    public String compile(String stem, String source) {
        try {
            Files.createDirectories(workDir);
            Path cu = workDir.resolve(stem + ".cu"), ptx = workDir.resolve(stem + ".ptx"), cubin = workDir.resolve(stem + ".cubin");
            Files.writeString(cu, source, StandardCharsets.UTF_8);
            run(List.of("nvcc", "-ptx", "-arch=" + ARCH, "-o", ptx.toString(), cu.toString()), cu);
            run(List.of("ptxas", "-arch=" + ARCH, "-o", cubin.toString(), ptx.toString()), ptx);
            return Files.readString(ptx, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CodegenException("CUDA work directory " + workDir + ": " + e.getMessage(), e);
        }
    }

    private static void run(List<String> cmd, Path input) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new CodegenException("cannot run " + cmd.getFirst() + " (" + e.getMessage() + "); install the CUDA toolkit (nvcc, ptxas)");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new CodegenException(cmd.getFirst() + " did not finish within 300 s on " + input);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CodegenException("interrupted", e);
        }
        if (p.exitValue() != 0) throw new CodegenException(cmd.getFirst() + " failed on " + input + ":\n" + out);
    }
}
