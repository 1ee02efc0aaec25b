package org.shapeforge.lang;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.shapeforge.lang.antlr.ShcLexer;

/**
 * Replaces ANTLR's console error listeners: the first lexical or syntax error becomes a
 * {@link ParseError} {@code file:line:col: message} that names the offending token and says what
 * was expected, phrased in the language's terms ({@code language.md}) rather than token names.
 */
final class SyntaxErrors extends BaseErrorListener {
    static final String ROW = "a row ('[...]', '<r>', '<>' or '![...]')";
    static final String DIM = "a dimension (a number, a variable or 'affine(...)')";

    /** Hints keyed by the token just before the error. */
    private static final Map<String, String> AFTER = Map.ofEntries(
            Map.entry("~", ROW),
            Map.entry("!", "'[' (a rigid row is written '![3, 5]')"),
            Map.entry("^", DIM),
            Map.entry("expect", "'native:', 'complete:', 'flat:', 'marked:', 'rigid:', 'content:', 'closed',"
                    + " 'entails' or 'principal:'"),
            Map.entry("leaf", "a variable ('a' or '<r>')"),
            Map.entry("param", "a variable ('a' or '<r>')"),
            Map.entry("discardable", "a variable ('a' or '<r>')"),
            Map.entry("dynamic", "a variable ('a' or '<r>')"),
            Map.entry("..", "an integer"),
            Map.entry("%", "an integer modulus"),
            Map.entry("fail", "end of line, 'policy', 'semantic' or a quoted message"),
            Map.entry("total", "'(' and the rows, e.g. 'total(<r>) = 64'"),
            Map.entry("exact", "'(' and the rows, e.g. 'exact(<r>) = [a, 3]'"),
            Map.entry("in", "a range 'lo..hi'"));

    /** Hints keyed by the offending token itself. */
    private static final Map<String, String> AT = Map.of(
            "~", "'~' relates rows ('<r> ~ [3, 5]'); dimensions are related by '=' or '<='",
            "=", "'=' relates dimensions ('a = 3'); rows are related by '~' or '<=', sizes by '=='",
            "<", "a row variable is written '<r>' without spaces, the marker '<>'; sizes compare as 'size(a) < 3'",
            "<>", "a rigid row '![...]' has no marker");

    private final String file;

    SyntaxErrors(String file) {
        this.file = file;
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int col, String msg,
            RecognitionException e) {
        Span span = new Span(file, line, col + 1);
        if (!(recognizer instanceof Parser parser) || !(offendingSymbol instanceof Token tok))
            throw new ParseError(span, lexical(msg));
        throw new ParseError(span, "unexpected " + describe(tok) + hint(parser, tok, e));
    }

    private static String lexical(String msg) {
        int at = msg.indexOf("at: '");
        String text = at < 0 ? "" : msg.substring(at + 5, Math.max(at + 5, msg.length() - 1));
        if (text.startsWith("\"")) return "unterminated string " + text + ": close it with '\"' on the same line";
        if (text.startsWith("<"))
            return "unexpected '" + text + "': a row variable is written '<r>' (no spaces), the marker '<>'";
        return "unexpected character '" + text + "'";
    }

    private static String describe(Token t) {
        return switch (t.getType()) {
            case Token.EOF -> "end of input";
            case ShcLexer.NL -> "end of line";
            default -> "'" + t.getText() + "'";
        };
    }

    private static String hint(Parser parser, Token tok, RecognitionException e) {
        String unbalanced = unbalanced(parser.getInputStream(), tok);
        if (unbalanced != null) return ": " + unbalanced;
        Token prev = previous(parser.getInputStream(), tok);
        String after = prev == null ? "" : " after '" + prev.getText() + "'";
        String wanted = prev == null ? null : AFTER.get(prev.getText());
        if (wanted == null) wanted = listItem(parser.getInputStream(), tok, prev);
        if (wanted == null && prev != null && prev.getText().equals(":")) {
            Token before = previous(parser.getInputStream(), prev);
            if (before != null && before.getType() == ShcLexer.INT) wanted = "a basis tag (e.g. '7:rgb')";
            else if (before != null && before.getText().equals("principal")) wanted = "'yes' or 'no'";
            else wanted = "a verdict: 'sat', 'unsat', 'unknown' or 'fail'";
        }
        if (wanted == null && AT.containsKey(tok.getText())) return after + ": " + AT.get(tok.getText());
        if (wanted == null && !(e instanceof NoViableAltException)) wanted = expected(parser);
        if (wanted == null) return after + " (see language.md for the statements of the language)";
        return "; expected " + wanted + after;
    }

    /** An unclosed or mismatched bracket before {@code tok} in its statement, described; else null. */
    private static String unbalanced(TokenStream in, Token tok) {
        ArrayDeque<Token> open = openBrackets(in, tok);
        if (open.isEmpty()) return null;
        Token o = open.peek();
        String where = "'" + o.getText() + "' at " + o.getLine() + ":" + (o.getCharPositionInLine() + 1);
        String close = switch (o.getText()) {
            case "[" -> "]";
            case "(" -> ")";
            default -> "}";
        };
        boolean closer = List.of("]", ")", "}").contains(tok.getText());
        if (closer && !tok.getText().equals(close)) return "it does not match " + where + " (expected '" + close + "')";
        if (tok.getType() == Token.EOF || tok.getType() == ShcLexer.NL || tok.getText().equals(";"))
            return where + " is not closed (expected '" + close + "')";
        return null;
    }

    /** What an item of the innermost open bracket is, when {@code prev} opens it or is a ',' inside it. */
    private static String listItem(TokenStream in, Token tok, Token prev) {
        if (prev == null || !List.of(",", "[", "(", "{").contains(prev.getText())) return null;
        ArrayDeque<Token> open = openBrackets(in, tok);
        if (open.isEmpty()) return null;
        Token o = open.peek();
        Token before = previous(in, o);
        String head = before == null ? "" : before.getText();
        return switch (o.getText()) {
            case "[" -> DIM;
            case "{" -> head.equals("=") ? "an integer" : DIM;
            default -> switch (head) {
                case "total", "exact" -> ROW;
                case "size" -> "a dimension";
                case "affine" -> prev.getText().equals("(") ? DIM
                        : "a keyword argument ('stride=', 'kernel=', 'dilation=', 'padding=' or 'offset=')";
                case "likely" -> DIM;
                default -> null;
            };
        };
    }

    private static ArrayDeque<Token> openBrackets(TokenStream in, Token tok) {
        ArrayDeque<Token> open = new ArrayDeque<>();
        for (int i = 0; i < tok.getTokenIndex(); i++) {
            Token t = in.get(i);
            if (t.getChannel() != Token.DEFAULT_CHANNEL) continue;
            switch (t.getText()) {
                case "[", "(", "{" -> open.push(t);
                case "]", ")", "}" -> { if (!open.isEmpty()) open.pop(); }
                case ";" -> open.clear();
                default -> { if (t.getType() == ShcLexer.NL) open.clear(); }
            }
        }
        return open;
    }

    private static Token previous(TokenStream in, Token tok) {
        for (int i = tok.getTokenIndex() - 1; i >= 0; i--) {
            Token t = in.get(i);
            if (t.getChannel() == Token.DEFAULT_CHANNEL) return t;
        }
        return null;
    }

    /** The tokens the parser could accept, in words; null when there are too many to be useful. */
    private static String expected(Parser parser) {
        IntervalSet set = parser.getExpectedTokens();
        List<String> names = new ArrayList<>();
        boolean row = set.contains(ShcLexer.ROWVAR) && set.contains(ShcLexer.MARKER);
        boolean dim = set.contains(ShcLexer.INT) && set.contains(ShcLexer.ID);
        if (row) names.add(ROW);
        if (dim) names.add(DIM);
        for (int type : set.toArray()) {
            if ((row || dim) && type != ShcLexer.NL && type != Token.EOF) continue;
            names.add(switch (type) {
                case Token.EOF -> "end of input";
                case ShcLexer.NL -> "end of line";
                case ShcLexer.INT -> "an integer";
                case ShcLexer.ID -> "a name";
                case ShcLexer.STRING -> "a quoted string";
                case ShcLexer.ROWVAR -> "a row variable '<r>'";
                default -> parser.getVocabulary().getDisplayName(type);
            });
        }
        if (names.isEmpty() || names.size() > 8) return null;
        if (names.size() == 1) return names.getFirst();
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.getLast();
    }
}
