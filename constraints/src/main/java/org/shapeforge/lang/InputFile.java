package org.shapeforge.lang;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The one reader of input files (a {@code .shc}, a {@code .shp}, an ONNX model or tensor, a JSON
 * input): the whole file, at most {@link #maxBytes()} bytes. An endless file ({@code /dev/zero},
 * a FIFO that never closes) or a huge one is a {@link ShapeError} {@code io} naming the file and
 * the bound, read no further than the bound plus one byte (issue 27: {@code /dev/zero} read whole
 * was an out-of-memory exit).
 *
 * <p>The bound is {@link #DEFAULT_MAX_MIB} MiB, or {@code SHAPEFORGE_MAX_INPUT_MB} from the
 * environment (a positive whole number of MiB; the system property
 * {@code shapeforge.maxInputMB} wins over it, for tests).
 */
public final class InputFile {
    private InputFile() {}

    public static final int DEFAULT_MAX_MIB = 64;

    /** The bound in bytes: see the class comment; an unreadable setting is the default. */
    public static long maxBytes() {
        String s = System.getProperty("shapeforge.maxInputMB", System.getenv("SHAPEFORGE_MAX_INPUT_MB"));
        long mib = DEFAULT_MAX_MIB;
        if (s != null) {
            try {
                long v = Long.parseLong(s.strip());
                if (v > 0 && v <= 2047) mib = v;
            } catch (NumberFormatException e) {
                // the default
            }
        }
        return mib << 20;
    }

    /** The bytes of {@code file}; {@code io} errors for a missing, unreadable or too large file. */
    public static byte[] bytes(Path file) {
        long max = maxBytes();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[(int) Math.min(max + 1, 1 << 16)];
            int n = 0;
            while (true) {
                if (n == buf.length) {
                    if (n > max) break;
                    buf = Arrays.copyOf(buf, (int) Math.min(max + 1, 2L * buf.length));
                }
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) return n == buf.length ? buf : Arrays.copyOf(buf, n);
                n += r;
            }
            throw new ShapeError("io", Span.NONE, file + ": larger than " + (max >> 20) + " MiB (read stopped there; is it"
                    + " an endless file such as /dev/zero?); hint: SHAPEFORGE_MAX_INPUT_MB=N raises the bound");
        } catch (NoSuchFileException e) {
            throw new ShapeError("io", Span.NONE, file + ": no such file");
        } catch (IOException e) {
            throw new ShapeError("io", Span.NONE, file + ": cannot read (" + e.getMessage() + ")");
        }
    }
}
