package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13, items 1 and 5 at the parser: one nesting limit ({@link NestingLimit}) with a clear
 * {@code file:line:col} error in every entry point; at the limit, parse and print round-trip on a
 * default thread stack; invalid UTF-8 located at the bad byte; CR-only line ends counted.
 */
class NestingAndSourceTest {
    static String nested(int depth) {
        return "(3 ^ ".repeat(depth) + "3" + ")".repeat(depth);
    }

    @Test
    void atTheLimitTermsParseAndPrintBack() {
        int d = NestingLimit.MAX_DEPTH - 1;
        Problem p = Parser.parse("ok.shc", "a = " + nested(d) + "\nb = " + "affine(".repeat(d) + "o" + ", stride=2)".repeat(d));
        String printed = Printer.print(p);
        assertEquals(Spans.erase(p), Spans.erase(Parser.parse("ok.shc", printed)));
        String sum = "size(a)" + " + 1".repeat(d - 1);
        Problem s = Parser.parse("sum.shc", sum + " == 5");
        assertEquals(Spans.erase(s), Spans.erase(Parser.parse("sum.shc", Printer.print(s))));
    }

    @Test
    void beyondTheLimitEveryEntryPointSaysWhere() {
        String deep = nested(20_000);
        ParseError e = assertThrows(ParseError.class, () -> Parser.parse("deep.shc", "a = 3\nb = " + deep));
        assertEquals(new Span("deep.shc", 2, 5 + 5 * NestingLimit.MAX_DEPTH), e.span());
        assertTrue(e.getMessage().contains("nested too deeply") && e.getMessage().contains(String.valueOf(NestingLimit.MAX_DEPTH)), e.getMessage());
        assertThrows(ParseError.class, () -> Parser.parseDim(deep));
        assertThrows(ParseError.class, () -> Parser.parseDim("affine(".repeat(40_000) + "o" + ", stride=2)".repeat(40_000)));
        assertThrows(ParseError.class, () -> Parser.parseConstraint("size(a)" + " + 1".repeat(20_000) + " == 3"));
        assertThrows(ParseError.class, () -> Parser.parseRow("[" + deep + "]"));
        assertThrows(ParseError.class, () -> Formatter.format("deep.shc", "a = " + deep));
    }

    @Test
    void longFlatChainsAreNotNesting() {
        String chain = "3 ^ ".repeat(19_999) + "3";
        Problem p = Parser.parse("chain.shc", "a = " + chain);
        assertEquals(Spans.erase(p), Spans.erase(Parser.parse("chain.shc", Printer.print(p))));
    }

    @Test
    void limitsResetAtEveryStatement() {
        String line = "size(a)" + " + 1".repeat(NestingLimit.MAX_DEPTH - 1) + " == 5\n";
        assertEquals(3, Parser.parse("many.shc", line.repeat(3)).statements().size());
    }

    @Test
    void invalidUtf8IsLocatedAtTheBadByte(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.shc");
        byte[] head = "a = 3\r\nb = ä + ".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = java.util.Arrays.copyOf(head, head.length + 2);
        bytes[head.length] = (byte) 0xC3; // a lead byte followed by ASCII: malformed
        bytes[head.length + 1] = 'x';
        Files.write(f, bytes);
        ShapeError e = assertThrows(ShapeError.class, () -> Parser.parseFile(f));
        assertEquals("encoding", e.code());
        assertEquals(new Span(f.toString(), 2, 9), e.span());
        assertTrue(e.getMessage().contains("0xC3"), e.getMessage());
    }

    @Test
    void crOnlyLineEndsCountLines() {
        ParseError e = assertThrows(ParseError.class, () -> Parser.parse("mac.shc", "a = 3\rb = 4\r<r> ~ = 3\r"));
        assertEquals(new Span("mac.shc", 3, 7), e.span());
        Problem p = Parser.parse("mac.shc", "a = 3\r\rb = 4\r\n# c\rc = 5");
        assertEquals(java.util.List.of(1, 3, 5), p.statements().stream().map(s -> s.span().line()).toList());
        assertEquals("a = 3\n\nb = 4\n# c\nc = 5\n", Formatter.format("mac.shc", "a = 3\r\rb = 4\r\n# c\rc = 5"));
    }
}
