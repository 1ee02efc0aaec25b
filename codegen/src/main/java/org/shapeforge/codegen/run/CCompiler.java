package org.shapeforge.codegen.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Compiles C source into a shared library with the system gcc ({@code -O3 -march=native -fopenmp
 * -shared -fPIC}), cached by the SHA-256 of compiler, flags and source: the same source is compiled
 * once per cache directory. The cache is {@code -Dshapeforge.kernel.cache}, else
 * {@code $SHAPEFORGE_KERNEL_CACHE}, else {@code ~/.cache/shapeforge/kernels}. {@code -march=native}
 * code runs only where it was built, so the host name is part of the key. Libraries are written
 * to a temporary name and moved into place atomically (concurrent JVMs share the cache).
 */
public final class CCompiler {
    public static final List<String> FLAGS = List.of("-O3", "-march=native", "-fopenmp", "-shared", "-fPIC", "-std=gnu11");
    private final String compiler;
    private final Path cacheDir;
    /** How many times this instance ran the compiler (cache misses): a library cached on disk is not counted. */
    private final java.util.concurrent.atomic.AtomicLong compilations = new java.util.concurrent.atomic.AtomicLong();

    public CCompiler(String compiler, Path cacheDir) {
        this.compiler = compiler;
        this.cacheDir = cacheDir;
    }

    /** gcc with the default cache directory. */
    public static CCompiler system() {
        return new CCompiler(System.getenv().getOrDefault("SHAPEFORGE_CC", "gcc"), defaultCache());
    }

    public static Path defaultCache() {
        String p = System.getProperty("shapeforge.kernel.cache");
        if (p == null) p = System.getenv("SHAPEFORGE_KERNEL_CACHE");
        if (p != null) return Path.of(p);
        return Path.of(System.getProperty("user.home"), ".cache", "shapeforge", "kernels");
    }

    /** Whether the compiler can be run at all (for capability skips). */
    public static boolean available(String compiler) {
        try {
            Process pr = new ProcessBuilder(compiler, "--version").redirectErrorStream(true).start();
            pr.getInputStream().readAllBytes();
            return pr.waitFor(20, TimeUnit.SECONDS) && pr.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** How many sources this instance compiled (ran the compiler on) so far; cache hits do not count. */
    public long compilations() {
        return compilations.get();
    }

    /** The cache directory the libraries are written to. */
    public Path cacheDir() {
        return cacheDir;
    }

    /** The shared library for {@code source}, compiling it unless cached. */
    public Path compile(String source) {
        String key = hash(source);
        Path lib = cacheDir.resolve("sf_" + key + ".so");
        if (Files.isRegularFile(lib)) return lib;
        try {
            Files.createDirectories(cacheDir);
            Path src = cacheDir.resolve("sf_" + key + ".c");
            Files.writeString(src, source, StandardCharsets.UTF_8);
            Path tmp = Files.createTempFile(cacheDir, "sf_" + key, ".so.tmp");
            compilations.incrementAndGet();
            List<String> cmd = new ArrayList<>(List.of(compiler));
            cmd.addAll(FLAGS);
            cmd.addAll(List.of("-o", tmp.toString(), src.toString(), "-lm"));
            Process pr;
            try {
                pr = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            } catch (IOException e) {
                Files.deleteIfExists(tmp);
                throw new CodegenException("cannot run the C compiler '" + compiler + "' (" + e.getMessage()
                        + "); install gcc (Debian: apt-get install gcc) or set SHAPEFORGE_CC");
            }
            String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!pr.waitFor(300, TimeUnit.SECONDS)) {
                pr.destroyForcibly();
                throw new CodegenException(compiler + " did not finish within 300 s on " + src);
            }
            if (pr.exitValue() != 0) {
                Files.deleteIfExists(tmp);
                throw new CodegenException(compiler + " failed (exit " + pr.exitValue() + ") on generated source " + src
                        + ":\n" + tail(out));
            }
            try {
                Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING);
            }
            return lib;
        } catch (IOException e) {
            throw new CodegenException("kernel cache " + cacheDir + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CodegenException("interrupted while compiling", e);
        }
    }

    private String hash(String source) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            String host = System.getenv().getOrDefault("HOSTNAME", "");
            md.update((compiler + "\0" + String.join(" ", FLAGS) + "\0" + host + "\0").getBytes(StandardCharsets.UTF_8));
            md.update(source.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String tail(String s) {
        String[] lines = s.split("\n");
        int from = Math.max(0, lines.length - 30);
        return String.join("\n", java.util.Arrays.asList(lines).subList(from, lines.length));
    }
}
