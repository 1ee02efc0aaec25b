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
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Compiles C source into a shared library with the system gcc ({@code -O3 -march=native -shared
 * -fPIC}, and {@code -fopenmp} where the source has an OpenMP directive), cached by the SHA-256 of
 * compiler, flags and source: the same source is compiled
 * once per cache directory. The cache is {@code -Dshapeforge.kernel.cache}, else
 * {@code $SHAPEFORGE_KERNEL_CACHE}, else {@code ~/.cache/shapeforge/kernels}. {@code -march=native}
 * code runs only where it was built, so the host name is part of the key. Safe from many threads:
 * within a JVM one thread compiles a given library while the others asking for it wait and load
 * the result (compiled once); the source and the library are written to temporary names and moved
 * into place atomically, so concurrent JVMs sharing the cache never read a half-written file.
 */
public final class CCompiler {
    public static final List<String> FLAGS = List.of("-O3", "-march=native", "-fopenmp", "-shared", "-fPIC", "-std=gnu11");

    /**
     * {@link #FLAGS} for a source with no OpenMP directive: the same less {@code -fopenmp}, which
     * costs gcc about 50 ms on a small kernel (of 110; a model compiles hundreds) and changes nothing
     * where no {@code #pragma omp} is (the runtime library it links to has its own).
     */
    static final List<String> SERIAL_FLAGS = FLAGS.stream().filter(f -> !f.equals("-fopenmp")).toList();

    /** The flags {@code source} is compiled with. */
    static List<String> flags(String source) {
        return source.contains("#pragma omp") ? FLAGS : SERIAL_FLAGS;
    }
    private final String compiler;
    private final Path cacheDir;
    /** How many times this instance ran the compiler (cache misses): a library cached on disk is not counted. */
    private final AtomicLong compilations = new AtomicLong();
    /** Where {@link #runtime} is in the cache: its key hashed once, not at every kernel's compile. */
    private final Path runtimeLibrary;
    /** One lock per library being compiled in this JVM, whatever the instance: removed once it is in place. */
    private static final ConcurrentMap<Path, Object> IN_FLIGHT = new ConcurrentHashMap<>();

    public CCompiler(String compiler, Path cacheDir) {
        this.compiler = compiler;
        this.cacheDir = cacheDir;
        this.runtimeLibrary = cacheDir.resolve("sf_" + hash(RuntimeSource.text(), "runtime") + ".so");
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

    /**
     * The shared library for {@code source}, compiling it unless cached (once, however many threads
     * ask), linked against the runtime library ({@link #runtime}: found beside it, by its soname and
     * an {@code $ORIGIN} run path), whose identity is part of the key.
     */
    public Path compile(String source) {
        Path rt = runtime();
        String name = rt.getFileName().toString();
        return compile(source, name, List.of(rt.toString(), "-Wl,-rpath,$ORIGIN"), true);
    }

    /** Whether {@link #compile} would find {@code source}'s library in the cache (and run no compiler). */
    public boolean cached(String source) {
        Path rt = runtime();
        return Files.isRegularFile(cacheDir.resolve("sf_" + hash(source, rt.getFileName().toString()) + ".so"));
    }

    /**
     * The runtime library every kernel is linked against: what the kernels call instead of carrying
     * it, compiled once per cache directory with the kernels' flags ({@link RuntimeSource}: the GEMM
     * over offset tables), its soname its file name.
     */
    public Path runtime() {
        Path lib = runtimeLibrary;
        return Files.isRegularFile(lib) ? lib : compile(RuntimeSource.text(), "runtime", List.of("-Wl,-soname," + lib.getFileName()), false);
    }

    /**
     * {@code source} compiled with {@code args} after the flags; {@code links} names what the args
     * bring in (part of the key); {@code counted}: a kernel, counted by {@link #compilations} (the
     * runtime library is not).
     */
    private Path compile(String source, String links, List<String> args, boolean counted) {
        String key = hash(source, links);
        Path lib = cacheDir.resolve("sf_" + key + ".so");
        if (Files.isRegularFile(lib)) return lib;
        Path id = lib.toAbsolutePath().normalize();
        Object lock = IN_FLIGHT.computeIfAbsent(id, k -> new Object());
        try {
            synchronized (lock) {
                if (Files.isRegularFile(lib)) return lib;
                build(source, key, lib, args, counted);
                return lib;
            }
        } finally {
            IN_FLIGHT.remove(id, lock);
        }
    }

    /** Compiles {@code source} from a private temporary copy into {@code lib}; the source is then kept beside it. */
    private void build(String source, String key, Path lib, List<String> args, boolean counted) {
        Path src = cacheDir.resolve("sf_" + key + ".c");
        Path tmpSrc = null;
        Path tmp = null;
        try {
            Files.createDirectories(cacheDir);
            tmpSrc = Files.createTempFile(cacheDir, "sf_" + key, ".tmp.c");
            Files.writeString(tmpSrc, source, StandardCharsets.UTF_8);
            tmp = Files.createTempFile(cacheDir, "sf_" + key, ".so.tmp");
            if (counted) compilations.incrementAndGet();
            List<String> cmd = new ArrayList<>(List.of(compiler));
            cmd.addAll(flags(source));
            cmd.addAll(List.of("-o", tmp.toString(), tmpSrc.toString(), "-lm"));
            cmd.addAll(args);
            Process pr;
            try {
                pr = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            } catch (IOException e) {
                throw new CodegenException("cannot run the C compiler '" + compiler + "' (" + e.getMessage()
                        + "); install gcc (Debian: apt-get install gcc) or set SHAPEFORGE_CC");
            }
            String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!pr.waitFor(300, TimeUnit.SECONDS)) {
                pr.destroyForcibly();
                place(tmpSrc, src);
                throw new CodegenException(compiler + " did not finish within 300 s on " + src);
            }
            if (pr.exitValue() != 0) {
                place(tmpSrc, src);
                throw new CodegenException(compiler + " failed (exit " + pr.exitValue() + ") on generated source " + src
                        + ":\n" + tail(out));
            }
            place(tmpSrc, src);
            place(tmp, lib);
        } catch (IOException e) {
            throw new CodegenException("kernel cache " + cacheDir + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CodegenException("interrupted while compiling", e);
        } finally {
            deleteQuietly(tmpSrc);
            deleteQuietly(tmp);
        }
    }

    /** Moves {@code from} to {@code to}, atomically where the file system can. */
    private static void place(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path p) {
        if (p == null) return;
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // a leftover temporary file is harmless: its name never collides with a cache entry
        }
    }

    private String hash(String source, String links) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            String host = System.getenv().getOrDefault("HOSTNAME", "");
            md.update((compiler + "\0" + String.join(" ", flags(source)) + "\0" + host + "\0" + links + "\0").getBytes(StandardCharsets.UTF_8));
            md.update(source.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String tail(String s) {
        String[] lines = s.split("\n");
        int from = Math.max(0, lines.length - 30);
        return String.join("\n", Arrays.asList(lines).subList(from, lines.length));
    }
}
