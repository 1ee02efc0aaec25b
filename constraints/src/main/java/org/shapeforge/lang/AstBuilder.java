package org.shapeforge.lang;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Token;
import org.shapeforge.lang.antlr.ShcLexer;
import org.shapeforge.lang.antlr.ShcParser;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The AST builder: runs the ANTLR lexer and parser (grammar {@code Shc.g4}) with
 * {@link SyntaxErrors} as the only listener — line ends normalized ({@link SourceText}), nesting
 * bounded ({@link NestingLimit}) before the parser recurses — then builds statements (declarations of Def. 6.1,
 * expectations, constraints via {@link ConstraintBuilder}, terms via {@link TermBuilder}).
 * Together with those helpers it is the only code that imports ANTLR.
 */
final class AstBuilder {
    private final String file;
    private final TermBuilder terms;
    private final ConstraintBuilder constraints;

    private AstBuilder(String file) {
        this.file = file;
        this.terms = new TermBuilder(file);
        this.constraints = new ConstraintBuilder(terms);
    }

    static Problem problem(String file, String text) {
        AstBuilder b = new AstBuilder(file);
        var tree = b.run(text, ShcParser::problem);
        return new Problem(file, tree.statement().stream().map(b::statement).toList());
    }

    static Dim dim(String name, String text) {
        AstBuilder b = new AstBuilder(name);
        return b.terms.dim(b.run(text, ShcParser::dimEntry).dim());
    }

    static Row row(String name, String text) {
        AstBuilder b = new AstBuilder(name);
        return b.terms.row(b.run(text, ShcParser::rowEntry).row());
    }

    static Constraint constraint(String name, String text) {
        AstBuilder b = new AstBuilder(name);
        return b.constraints.constraint(b.run(text, ShcParser::constraintEntry).constraint());
    }

    static Assignment assignment(String name, String text) {
        AstBuilder b = new AstBuilder(name);
        var tree = b.run(text, ShcParser::assignmentEntry);
        Map<String, Dim> dims = new LinkedHashMap<>();
        Map<String, Row> rows = new LinkedHashMap<>();
        for (var binding : tree.binding()) {
            switch (binding) {
                case ShcParser.DimBindingContext d -> {
                    String v = b.terms.dimName(d.ident());
                    Dim value = b.terms.dim(d.dim());
                    if (!value.isGround())
                        throw b.terms.error(d.dim(), "the value of " + v + " must be ground: '1', a number or 'n:tag'");
                    if (dims.put(v, value) != null) throw b.terms.error(d, v + " is assigned twice");
                }
                case ShcParser.RowBindingContext r -> {
                    String v = b.terms.rowName(r.ROWVAR().getSymbol());
                    Row value = b.terms.row(r.row());
                    if (!value.isGround())
                        throw b.terms.error(r.row(), "the value of <" + v + "> must be a ground row such as"
                                + " '[3, 5]', '[3] <> [5]' or '![3, 5]'");
                    if (rows.put(v, value) != null) throw b.terms.error(r, "<" + v + "> is assigned twice");
                }
                default -> throw new IllegalStateException("unknown binding " + binding.getClass());
            }
        }
        return new Assignment(dims, rows);
    }

    /** The {@code #} comments of a text, in order (the lexer keeps them on the hidden channel). */
    static List<Formatter.Comment> comments(String file, String text) {
        ShcLexer lexer = new ShcLexer(CharStreams.fromString(SourceText.normalizeLineEnds(text), file));
        lexer.removeErrorListeners();
        lexer.addErrorListener(new SyntaxErrors(file));
        return lexer.getAllTokens().stream()
                .filter(t -> t.getType() == ShcLexer.COMMENT)
                .map(t -> new Formatter.Comment(new Span(file, t.getLine(), t.getCharPositionInLine() + 1), t.getText()))
                .toList();
    }

    private <T> T run(String text, Function<ShcParser, T> entry) {
        SyntaxErrors listener = new SyntaxErrors(file);
        ShcLexer lexer = new ShcLexer(CharStreams.fromString(SourceText.normalizeLineEnds(text), file));
        lexer.removeErrorListeners();
        lexer.addErrorListener(listener);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill();
        NestingLimit.check(file, tokens.getTokens());
        ShcParser parser = new ShcParser(tokens);
        parser.removeErrorListeners();
        parser.addErrorListener(listener);
        return entry.apply(parser);
    }

    private Statement statement(ShcParser.StatementContext s) {
        if (s.declaration() != null) return declaration(s.declaration());
        if (s.expectation() != null) return expectation(s.expectation());
        return constraints.constraint(s.constraint());
    }

    private Declaration declaration(ShcParser.DeclarationContext d) {
        Declaration.Provenance kind = switch (d.kind.getText()) {
            case "leaf" -> Declaration.Provenance.LEAF;
            case "param" -> Declaration.Provenance.PARAM;
            case "discardable" -> Declaration.Provenance.DISCARDABLE;
            case "dynamic" -> Declaration.Provenance.DYNAMIC;
            default -> throw new IllegalStateException("unknown declaration " + d.kind.getText());
        };
        List<Declaration.VarRef> vars = d.declVar().stream()
                .map(v -> v.ROWVAR() != null
                        ? new Declaration.VarRef(terms.rowName(v.ROWVAR().getSymbol()), true)
                        : new Declaration.VarRef(terms.dimName(v.ident()), false))
                .toList();
        return new Declaration(kind, vars, terms.at(d));
    }

    private Expectation expectation(ShcParser.ExpectationContext e) {
        Span span = terms.at(e);
        return switch (e) {
            case ShcParser.ExpectVerdictContext v -> new Expectation.ExpectVerdict(engine(v.engine()), verdict(v.verdict()), span);
            case ShcParser.ExpectClosedContext c -> new Expectation.ExpectClosed(closed(c.constraint()), span);
            case ShcParser.ExpectEntailsContext c -> new Expectation.ExpectEntails(constraints.constraint(c.constraint()), span);
            case ShcParser.ExpectPrincipalContext p -> new Expectation.ExpectPrincipal(p.yn.getText().equals("yes"), span);
            default -> throw new IllegalStateException("unknown expectation " + e.getClass());
        };
    }

    /** {@code expect closed} takes {@code x = v} or {@code <r> ~ R}: a variable on the left. */
    private Constraint closed(ShcParser.ConstraintContext c) {
        Constraint k = constraints.constraint(c);
        boolean ok = switch (k) {
            case Constraint.DimEq(Dim.Var _, Dim _, Span _) -> true;
            case Constraint.RowEq(Row.Open(var lead, var _, var trail, _), Row _, Span _) ->
                lead.isEmpty() && trail.isEmpty();
            default -> false;
        };
        if (!ok) throw terms.error(c, "'expect closed' takes 'x = v' or '<r> ~ R' (a variable on the left)");
        return k;
    }

    private static Expectation.Engine engine(ShcParser.EngineContext e) {
        for (var en : Expectation.Engine.values()) if (en.keyword.equals(e.getText())) return en;
        throw new IllegalStateException("unknown engine " + e.getText());
    }

    private Expectation.Verdict verdict(ShcParser.VerdictContext v) {
        return switch (v) {
            case ShcParser.VerdictSatContext _ -> new Expectation.Verdict.Sat();
            case ShcParser.VerdictUnsatContext _ -> new Expectation.Verdict.Unsat();
            case ShcParser.VerdictUnknownContext _ -> new Expectation.Verdict.Unknown();
            case ShcParser.VerdictFailContext f -> new Expectation.Verdict.Fail(
                    Optional.ofNullable(f.kind).map(Token::getText),
                    Optional.ofNullable(f.STRING()).map(s -> unquote(s.getText())));
            default -> throw new IllegalStateException("unknown verdict " + v.getClass());
        };
    }

    /** Strips the quotes and undoes the two escapes {@code \"} and {@code \\}. */
    static String unquote(String quoted) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < quoted.length() - 1; i++) {
            char c = quoted.charAt(i);
            if (c == '\\') c = quoted.charAt(++i);
            sb.append(c);
        }
        return sb.toString();
    }
}
