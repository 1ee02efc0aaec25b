package org.shapeforge.lang;

import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.Token;

/**
 * The one limit on how deeply an input may nest, enforced on the token stream before the ANTLR
 * parser (which recurses) ever sees it, so that no later stage — builders, printers, solvers,
 * encoders, all of which recurse over terms — meets a term deeper than {@link #MAX_DEPTH}.
 *
 * <p>Depth at a token is the number of brackets (<code>(</code>, <code>[</code>, <code>{</code>) open there plus
 * the number of chain operators seen so far in the statement (a left-associative chain
 * {@code x + y + z} is a tree as deep as it is long; {@code ^} chains are flat lists and do not
 * count). Statements end at a separator token (a line end or {@code ;}). Exceeding the limit is a
 * {@link ParseError} at the offending token, the same in every command.
 *
 * <p>Usable by any front end built on ANTLR: pass its token list and its own operator and separator
 * texts to {@link #check(String, List, Set, Set)}.
 */
public final class NestingLimit {
    private NestingLimit() {}

    /**
     * Far beyond any hand-written or generated shape term, and well below what the recursive
     * passes over terms (records' equals/hashCode, streams in solvers) take on a default 1 MiB
     * thread stack: measured, parsing and printing go beyond 1,000 levels there, stream-based
     * passes fail near 600.
     */
    public static final int MAX_DEPTH = 256;

    /** The size-expression operators of {@code .shc} ({@code language.md}, "Size expressions"). */
    public static final Set<String> SHC_OPERATORS = Set.of("+", "-", "*", "%", "/");

    /** Statement separators of {@code .shc}. */
    public static final Set<String> SHC_SEPARATORS = Set.of("\n", "\r\n", "\r", ";");

    /** {@link #check(String, List, Set, Set)} with the {@code .shc} operators and separators. */
    public static void check(String file, List<? extends Token> tokens) {
        check(file, tokens, SHC_OPERATORS, SHC_SEPARATORS);
    }

    /** Throws a {@link ParseError} at the first token where the depth exceeds {@link #MAX_DEPTH}. */
    public static void check(String file, List<? extends Token> tokens, Set<String> operators, Set<String> separators) {
        int brackets = 0, chain = 0;
        for (Token t : tokens) {
            if (t.getChannel() != Token.DEFAULT_CHANNEL || t.getType() == Token.EOF) continue;
            String s = t.getText();
            if (separators.contains(s)) {
                brackets = 0;
                chain = 0;
                continue;
            }
            switch (s) {
                case "(", "[", "{" -> brackets++;
                case ")", "]", "}" -> brackets = Math.max(0, brackets - 1);
                default -> { if (operators.contains(s)) chain++; }
            }
            if (brackets + chain > MAX_DEPTH)
                throw new ParseError(new Span(file, t.getLine(), t.getCharPositionInLine() + 1),
                        "input nested too deeply: more than " + MAX_DEPTH + " levels of brackets and operator chains"
                                + " (the limit of every shapeforge command); a ^ chain needs no parentheses:"
                                + " write 'a ^ b ^ c', not 'a ^ (b ^ c)'");
        }
    }
}
