package org.shapeforge.program.spec;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Span;

/**
 * The two lexers of OCANNL's einsum notation ({@code tensor/lexer.mll}), chosen per spec by
 * {@link #isMultichar}. Single-character mode: every letter or {@code _} is one label and every
 * digit run one fixed index, each followed by an implicit comma; whitespace is skipped.
 * Multi-character mode: identifiers are {@code [a-zA-Z][a-zA-Z0-9_]*}, separated by commas.
 */
final class SpecLexer {
    enum T { IDENT, INT, COMMA, PIPE, ARROW, DOUBLE_ARROW, SEMI, PLUS, STAR, CARET, AMP, UNDERSCORE, ELLIPSIS,
        DOT_DOT, EQUALS, LESS, EOF }

    record Tok(T type, String text, int column) {}

    private SpecLexer() {}

    /**
     * OCANNL's {@code is_multichar}: a spec is read in multi-character mode iff it contains
     * {@code ,} {@code *} {@code +} {@code ^} {@code &} {@code <}, or an {@code =} not followed by
     * {@code >}.
     */
    static boolean isMultichar(String spec) {
        for (int i = 0; i < spec.length(); i++) {
            switch (spec.charAt(i)) {
                case ',', '*', '+', '^', '&', '<' -> { return true; }
                case '=' -> { if (i + 1 >= spec.length() || spec.charAt(i + 1) != '>') return true; }
                default -> {}
            }
        }
        return false;
    }

    static List<Tok> lex(String spec, boolean multichar, Span at) {
        List<Tok> out = new ArrayList<>();
        int i = 0, n = spec.length();
        while (i < n) {
            char c = spec.charAt(i);
            int start = i;
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') { i++; continue; }
            if (spec.startsWith("->", i)) { out.add(new Tok(T.ARROW, "->", i)); i += 2; continue; }
            if (spec.startsWith("=>", i)) { out.add(new Tok(T.DOUBLE_ARROW, "=>", i)); i += 2; continue; }
            if (spec.startsWith("...", i)) { out.add(new Tok(T.ELLIPSIS, "...", i)); i += 3; continue; }
            if (spec.startsWith("..", i)) { out.add(new Tok(T.DOT_DOT, "..", i)); i += 2; continue; }
            T single = switch (c) {
                case '|' -> T.PIPE;
                case ';' -> T.SEMI;
                case '=' -> T.EQUALS;
                case '<' -> T.LESS;
                default -> null;
            };
            if (single == null && multichar) single = switch (c) {
                case ',' -> T.COMMA;
                case '+' -> T.PLUS;
                case '*' -> T.STAR;
                case '^' -> T.CARET;
                case '&' -> T.AMP;
                case '_' -> T.UNDERSCORE;
                default -> null;
            };
            if (single != null) { out.add(new Tok(single, String.valueOf(c), i)); i++; continue; }
            if (isDigit(c)) {
                while (i < n && isDigit(spec.charAt(i))) i++;
                out.add(new Tok(T.INT, spec.substring(start, i), start));
                if (!multichar) out.add(new Tok(T.COMMA, "", i));
                continue;
            }
            if (isAlpha(c) || (!multichar && c == '_')) {
                i++;
                if (multichar) while (i < n && (isAlpha(spec.charAt(i)) || isDigit(spec.charAt(i)) || spec.charAt(i) == '_')) i++;
                out.add(new Tok(T.IDENT, spec.substring(start, i), start));
                if (!multichar) out.add(new Tok(T.COMMA, "", i));
                continue;
            }
            String what = multichar ? "multi-character" : "single-character";
            throw new SpecError(at, spec, i, "unexpected character '" + c + "' in " + what + " mode"
                    + (c == '-' ? " ('-' only appears in '->')" : ""));
        }
        out.add(new Tok(T.EOF, "", n));
        return out;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
