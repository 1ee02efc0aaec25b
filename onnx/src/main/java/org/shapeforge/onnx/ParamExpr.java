package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code dim_param} read as an integer expression over symbols, as torch 2's exporter and ONNX's
 * symbolic-dimension proposal write them ({@code 16*h16}, {@code s0 + 1}, {@code 2*s1 - 1},
 * {@code (s0//2)}) and as {@code import -o} writes inferred sizes ({@code (h + 1) // 2 - 1},
 * {@code batch * 4}). The grammar is small and strict, Python's precedence:
 * <pre>
 *   expr   := term (('+' | '-') term)*
 *   term   := factor (('*' | '//' | '%') factor)*
 *   factor := INTEGER | NAME | '(' expr ')' | '-' factor
 * </pre>
 * (a leading minus as {@code SymSize} prints a negative first term: {@code -(n // 2) + n}).
 * Anything else — another operator, a stray character, a plain name, a lone integer,
 * or a hyphenated name such as {@code batch-size} (kebab case, no spaces: a name, not a
 * difference) — is no expression ({@link #parse} is empty) and the dim_param stays one opaque
 * symbol. Hand-written: five operators and three rules; the project's ANTLR grammar is the
 * {@code .shc} language's, and a generated parser for this would be larger than the parser.
 */
sealed interface ParamExpr {
    record Num(long value) implements ParamExpr {}

    record Name(String name) implements ParamExpr {}

    record Bin(Op op, ParamExpr left, ParamExpr right) implements ParamExpr {}

    /** The operators, Python's semantics on integers ({@code //} floors, {@code %} has the divisor's sign). */
    enum Op { ADD, SUB, MUL, FLOOR_DIV, MOD }

    Pattern TOKEN = Pattern.compile("\\s*(?:(\\d{1,18})|([A-Za-z_][A-Za-z0-9_]*)|(//|[-+*%()]))");
    Pattern KEBAB = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)+");

    /** {@code text} as an expression with at least one operator, or empty (an opaque name). */
    static Optional<ParamExpr> parse(String text) {
        if (KEBAB.matcher(text).matches()) return Optional.empty();
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        int at = 0;
        while (at < text.length()) {
            if (text.substring(at).isBlank()) break;
            if (!m.find(at) || m.start() != at) return Optional.empty();
            tokens.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
            at = m.end();
        }
        Parser p = new Parser(tokens);
        Optional<ParamExpr> e = p.expr();
        return e.isPresent() && p.done() && e.get() instanceof Bin ? e : Optional.empty();
    }

    /** Recursive descent over the tokens; every method returns empty on a syntax error. */
    final class Parser {
        private final List<String> tokens;
        private int next;

        Parser(List<String> tokens) {
            this.tokens = tokens;
        }

        boolean done() {
            return next == tokens.size();
        }

        private boolean take(String t) {
            if (next < tokens.size() && tokens.get(next).equals(t)) {
                next++;
                return true;
            }
            return false;
        }

        Optional<ParamExpr> expr() {
            Optional<ParamExpr> l = term();
            while (l.isPresent()) {
                Op op = take("+") ? Op.ADD : take("-") ? Op.SUB : null;
                if (op == null) break;
                Optional<ParamExpr> r = term();
                l = r.isEmpty() ? Optional.empty() : Optional.of(new Bin(op, l.get(), r.get()));
            }
            return l;
        }

        private Optional<ParamExpr> term() {
            Optional<ParamExpr> l = factor();
            while (l.isPresent()) {
                Op op = take("*") ? Op.MUL : take("//") ? Op.FLOOR_DIV : take("%") ? Op.MOD : null;
                if (op == null) break;
                Optional<ParamExpr> r = factor();
                l = r.isEmpty() ? Optional.empty() : Optional.of(new Bin(op, l.get(), r.get()));
            }
            return l;
        }

        private Optional<ParamExpr> factor() {
            if (next >= tokens.size()) return Optional.empty();
            String t = tokens.get(next);
            if (take("-")) return factor().map(f -> new Bin(Op.SUB, new Num(0), f));
            if (take("(")) {
                Optional<ParamExpr> e = expr();
                return e.isPresent() && take(")") ? e : Optional.empty();
            }
            if (Character.isDigit(t.charAt(0))) {
                next++;
                return Optional.of(new Num(Long.parseLong(t)));
            }
            if (Character.isLetter(t.charAt(0)) || t.charAt(0) == '_') {
                next++;
                return Optional.of(new Name(t));
            }
            return Optional.empty();
        }
    }
}
