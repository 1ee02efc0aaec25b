package org.shapeforge.lang;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Reading source files: UTF-8 only, and every failure is a {@link ShapeError} a user can act on.
 * An invalid byte sequence is reported at its {@code file:line:col} (lines ended by LF, CRLF or a
 * lone CR, as {@link #normalizeLineEnds} counts them; the column counts characters), not as the
 * JDK's "Input length = 1". Files are read by {@link InputFile} (bounded).
 */
public final class SourceText {
    private SourceText() {}

    /** The text of {@code file}; {@code io} errors for missing or unreadable files, {@code encoding} for bad UTF-8. */
    public static String read(Path file) {
        return decode(file.toString(), InputFile.bytes(file));
    }

    /** Strict UTF-8 decoding of {@code bytes}, reporting the first invalid sequence at its position. */
    public static String decode(String file, byte[] bytes) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult r = dec.decode(in, out, true);
        if (r.isError()) {
            String before = normalizeLineEnds(out.flip().toString());
            int line = 1 + (int) before.chars().filter(c -> c == '\n').count();
            String last = before.substring(before.lastIndexOf('\n') + 1);
            int col = last.codePointCount(0, last.length()) + 1;
            throw new ShapeError("encoding", new Span(file, line, col), String.format(
                    "invalid UTF-8 (byte 0x%02X at offset %d): .shc files are UTF-8; re-save the file as UTF-8",
                    bytes[in.position()] & 0xff, in.position()));
        }
        try {
            r = dec.flush(out);
            if (r.isError()) r.throwException();
        } catch (CharacterCodingException e) {
            throw new ShapeError("encoding", new Span(file, 1, 1), "invalid UTF-8 at the end of the file");
        }
        return out.flip().toString();
    }

    /** LF for every line end: CRLF and a lone CR (old Mac files) count as one line break each. */
    public static String normalizeLineEnds(String text) {
        if (text.indexOf('\r') < 0) return text;
        return text.replace("\r\n", "\n").replace('\r', '\n');
    }
}
