package org.shapeforge.codegen.cuda;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.shapeforge.codegen.run.CodegenException;

/**
 * Generated CUDA to PTX with the system {@code nvcc -ptx -arch=sm_90}, validated by
 * {@code ptxas -arch=sm_90} (which assembles it for the architecture; no GPU needed). The PTX is
 * what the driver API loads ({@code cuModuleLoadData}) where a GPU exists.
 *
 * <p>{@link #ptx} caches by source, as {@code CCompiler} does for C: the PTX is kept in the work
 * directory under the SHA-256 of the flags and the source, written to a temporary name and moved
 * into place atomically, so a model's repeated layers (and a second run) compile once.
 */
public final class PtxCompiler {
    public static final String ARCH = "sm_90";
    private final Path workDir;
    /** How many sources {@link #ptx} compiled (cache misses). */
    private final AtomicLong compilations = new AtomicLong();

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

    /** The PTX for {@code source}: from the cache where present, else compiled and validated ({@link #compile}) and cached. */
    public String ptx(String source) {
        String key = hash(source);
        Path cached = workDir.resolve("cu_" + key + ".ptx");
        try {
            if (Files.isRegularFile(cached)) return Files.readString(cached, StandardCharsets.UTF_8);
            compilations.incrementAndGet();
            String stem = "cu_" + key + "-" + ProcessHandle.current().pid() + "-" + Thread.currentThread().threadId();
            String ptx = compile(stem, source); // writes stem.cu, stem.ptx, stem.cubin: private to this thread
            Files.move(workDir.resolve(stem + ".cu"), workDir.resolve("cu_" + key + ".cu"), StandardCopyOption.REPLACE_EXISTING);
            Files.deleteIfExists(workDir.resolve(stem + ".cubin"));
            Files.move(workDir.resolve(stem + ".ptx"), cached, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return ptx;
        } catch (IOException e) {
            throw new CodegenException("CUDA kernel cache " + workDir + ": " + e.getMessage(), e);
        }
    }

    /** How many sources {@link #ptx} compiled so far (a cached PTX is not counted). */
    public long compilations() {
        return compilations.get();
    }

    private static String hash(String source) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(("nvcc -ptx -arch=" + ARCH + "\0").getBytes(StandardCharsets.UTF_8));
            md.update(source.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
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
