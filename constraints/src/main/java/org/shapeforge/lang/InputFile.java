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

    /**
     * The bound of a protobuf message (an ONNX model or tensor): protobuf's own limit, 2 GiB less
     * the headroom a Java array needs — a real exported network (resnet50, ~100 MB) is far above
     * the default bound of text inputs.
     */
    public static final long PROTOBUF_MAX_BYTES = Integer.MAX_VALUE - 8L;

    /** The bound in bytes: see the class comment; an unreadable setting is the default. */
    public static long maxBytes() {
        return maxBytes((long) DEFAULT_MAX_MIB << 20);
    }

    /**
     * The bound in bytes for a kind of input whose own default is {@code defaultBytes}: the
     * configured bound (see the class comment) when one is set, else {@code defaultBytes}.
     */
    public static long maxBytes(long defaultBytes) {
        String s = System.getProperty("shapeforge.maxInputMB", System.getenv("SHAPEFORGE_MAX_INPUT_MB"));
        if (s != null) {
            try {
                long v = Long.parseLong(s.strip());
                if (v > 0 && v <= 2047) return Math.min(v << 20, PROTOBUF_MAX_BYTES);
            } catch (NumberFormatException e) {
                // the default
            }
        }
        return defaultBytes;
    }

    /** The bytes of {@code file}, at most {@link #maxBytes()}; {@code io} errors for a missing, unreadable or too large file. */
    public static byte[] bytes(Path file) {
        return bytes(file, maxBytes());
    }

    /** The bytes of {@code file}, at most {@code max} (at most {@link #PROTOBUF_MAX_BYTES}); {@code io} errors as {@link #bytes(Path)}. */
    public static byte[] bytes(Path file, long max) {
        if (max <= 0 || max > PROTOBUF_MAX_BYTES) throw new IllegalArgumentException("a bound in 1.." + PROTOBUF_MAX_BYTES + ": " + max);
        try (InputStream in = Files.newInputStream(file)) {
            // a regular file's size (issue 32: resnet50's 94 MB read through a buffer doubling from
            // 64 KiB took 1.25 s, Files.readAllBytes 0.34 s); a device or FIFO reports 0: 64 KiB
            long size = Files.isRegularFile(file) ? Files.size(file) : 0;
            byte[] buf = new byte[(int) Math.min(max + 1, size > 0 ? size : 1 << 16)];
            int n = 0;
            while (true) {
                if (n == buf.length) {
                    if (n > max) break;
                    int next = in.read(); // full: at the end (the common case, no copy), or the file grew
                    if (next < 0) return buf;
                    buf = Arrays.copyOf(buf, (int) Math.min(max + 1, 2L * buf.length));
                    buf[n++] = (byte) next;
                    continue;
                }
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) return n == buf.length ? buf : Arrays.copyOf(buf, n);
                n += r;
            }
            throw new ShapeError("io", Span.NONE, file + ": larger than " + Math.max(1, max >> 20) + " MiB (read stopped there; is it"
                    + " an endless file such as /dev/zero?); hint: SHAPEFORGE_MAX_INPUT_MB=N raises the bound");
        } catch (NoSuchFileException e) {
            throw new ShapeError("io", Span.NONE, file + ": no such file");
        } catch (IOException e) {
            throw new ShapeError("io", Span.NONE, file + ": cannot read (" + e.getMessage() + ")");
        }
    }
}
