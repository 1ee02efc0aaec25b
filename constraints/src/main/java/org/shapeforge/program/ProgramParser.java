package org.shapeforge.program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.ParseError;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.program.antlr.ShpLexer;
import org.shapeforge.program.antlr.ShpParser;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Names;

/**
 * Parses {@code .shp} programs ({@code programs.md}) with the ANTLR grammar {@code Shp.g4} (the same
 * tool as the {@code .shc} parser) into {@link Program}. The first syntax error is a {@link ParseError}
 * {@code file:line:col: message}; spec strings are kept as text and parsed by the shape logics.
 */
public final class ProgramParser {
    private final String file;
    private final String text;

    private ProgramParser(String file, String text) {
        this.file = file;
        this.text = text;
    }

    public static Program parse(String file, String text) {
        return new ProgramParser(file, text).program();
    }

    private Program program() {
        BaseErrorListener errors = new BaseErrorListener() {
            @Override
            public void syntaxError(Recognizer<?, ?> r, Object sym, int line, int col, String msg, RecognitionException e) {
                String what = sym instanceof Token t
                        ? (t.getType() == Token.EOF ? "end of input" : t.getType() == ShpLexer.NL ? "end of line" : "'" + t.getText() + "'")
                        : null;
                String m = what == null ? msg.replace("token recognition error at: ", "unexpected character ")
                        : "unexpected " + what + hint(what);
                throw new ParseError(new Span(file, line, col + 1), m);
            }
        };
        ShpLexer lexer = new ShpLexer(CharStreams.fromString(text, file));
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        ShpParser parser = new ShpParser(tokens);
        // two-stage parsing (ANTLR's documented idiom): fast SLL first, full LL only if SLL fails
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.removeErrorListeners();
        parser.setErrorHandler(new BailErrorStrategy());
        ShpParser.ProgramContext ctx;
        try {
            ctx = parser.program();
        } catch (ParseCancellationException e) {
            tokens.seek(0);
            parser.reset();
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parser.setErrorHandler(new DefaultErrorStrategy());
            parser.addErrorListener(errors);
            ctx = parser.program();
        }
        List<Stmt> out = new ArrayList<>();
        for (ShpParser.StatementContext s : ctx.statement()) out.add(statement(s));
        return new Program(file, out);
    }

    private static String hint(String what) {
        return switch (what) {
            case "'='" -> ": a statement is 'name = expr', 'name := expr', 'set a = 3', 'set_equal a b' or 'dynamic n'";
            case "end of line", "end of input" -> ": the statement is incomplete (an operand or a ')' is missing?)";
            default -> " (see programs.md for the statements of a program)";
        };
    }

    private Span span(Token t) {
        return new Span(file, t.getLine(), t.getCharPositionInLine() + 1);
    }

    private Span span(ParserRuleContext c) {
        return span(c.getStart());
    }

    private String source(ParserRuleContext c) {
        return text.substring(c.getStart().getStartIndex(), c.getStop().getStopIndex() + 1)
                .replaceAll("\\s+", " ");
    }

    private Stmt statement(ShpParser.StatementContext s) {
        return switch (s) {
            case ShpParser.AssignContext a -> new Stmt.Assign(a.name.getText(), expr(a.expr()),
                    a.captures() == null ? List.of() : a.captures().ID().stream().map(t -> t.getText()).toList(),
                    span(a), source(a));
            case ShpParser.UpdateContext u -> new Stmt.Update(u.name.getText(), expr(u.expr()), span(u), source(u));
            case ShpParser.SetLabelContext l -> new Stmt.SetLabel(l.label.getText(), integer(l.INT().getSymbol()), span(l));
            case ShpParser.SetEqualContext e -> new Stmt.SetEqual(e.left.getText(), e.right.getText(), span(e));
            case ShpParser.DynamicDeclContext d -> {
                for (var id : d.ID()) dimName(id.getSymbol());
                yield new Stmt.Dynamic(d.ID().stream().map(t -> t.getText()).toList(), span(d));
            }
            case ShpParser.DimRangeContext r -> {
                long lo = integer(r.lo), hi = integer(r.hi);
                if (lo > hi) throw new ShapeError("program", span(r), "empty range " + lo + ".." + hi + " for '"
                        + r.dname.getText() + "'");
                var size = new SizeExpr.Size(Dim.var(r.dname.getText()));
                yield new Stmt.Fact(r.dname.getText(), new Constraint.SizeIn(size, lo, hi, span(r)), span(r));
            }
            case ShpParser.DimModContext m -> {
                long k = integer(m.mod), rem = integer(m.rem);
                if (k < 1) throw new ShapeError("program", span(m), "the modulus must be at least 1");
                var size = new SizeExpr.Size(Dim.var(m.dname.getText()));
                yield new Stmt.Fact(m.dname.getText(), new Constraint.SizeRel(
                        new SizeExpr.Mod(size, k), Constraint.Rel.EQ,
                        new SizeExpr.Lit(rem), span(m)), span(m));
            }
            case ShpParser.DimLikelyContext l -> new Stmt.Fact(l.dname.getText(), new Constraint.Likely(
                    Dim.var(l.dname.getText()),
                    l.INT().stream().map(t -> integer(t.getSymbol())).toList(), span(l)), span(l));
            default -> throw new IllegalStateException("unknown statement " + s.getClass());
        };
    }

    private Expr expr(ShpParser.ExprContext e) {
        return switch (e) {
            case ShpParser.MulExprContext m -> new Expr.Binary(m.op.getText(), expr(m.expr(0)), expr(m.expr(1)), span(m.op));
            case ShpParser.AddExprContext a -> new Expr.Binary(a.op.getText(), expr(a.expr(0)), expr(a.expr(1)), span(a.op));
            case ShpParser.ParenExprContext p -> expr(p.expr());
            case ShpParser.ScalarExprContext s -> new Expr.Scalar(span(s));
            case ShpParser.RefContext r -> new Expr.Ref(r.ID().getText(), span(r));
            case ShpParser.TerminalContext t -> terminal(t);
            case ShpParser.CallContext c -> {
                List<Expr.Arg> args = new ArrayList<>();
                for (ShpParser.ArgContext a : c.arg()) {
                    if (a.STRING() != null) {
                        String raw = a.STRING().getText();
                        args.add(new Expr.Arg.Spec(raw.substring(1, raw.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\"),
                                span(a.STRING().getSymbol())));
                    } else if (a.INT() != null) {
                        long v = integer(a.INT().getSymbol());
                        args.add(new Expr.Arg.Int(a.neg == null ? v : -v, span(a.neg == null ? a.INT().getSymbol() : a.neg)));
                    } else args.add(new Expr.Arg.Tensor(expr(a.expr())));
                }
                yield new Expr.Call(c.fn.getText(), args, span(c));
            }
            default -> throw new IllegalStateException("unknown expression " + e.getClass());
        };
    }

    private Expr terminal(ShpParser.TerminalContext t) {
        boolean param = t.kind.getText().equals("param");
        Map<String, List<Dim>> rows = new LinkedHashMap<>();
        OptionalLong elements = OptionalLong.empty();
        for (ShpParser.KwargContext k : t.kwarg()) {
            String key = k.key.getText();
            Span at = span(k.key);
            if (key.equals("elements")) {
                if (k.INT() == null) throw new ParseError(at, "elements= takes an integer, e.g. 'elements=72'");
                if (param) throw new ParseError(at, "elements= is for data(...); a param's shape is given by b=, i=, o=");
                if (elements.isPresent()) throw new ParseError(at, "elements= given twice");
                elements = OptionalLong.of(integer(k.INT().getSymbol()));
                continue;
            }
            if (!List.of("b", "i", "o").contains(key))
                throw new ParseError(at, "unknown argument '" + key + "': a shape is given as b=[...], i=[...], o=[...]"
                        + (param ? "" : " and elements=N"));
            if (k.INT() != null) throw new ParseError(at, key + "= takes a list of dimensions, e.g. " + key + "=[3]");
            if (rows.containsKey(key)) throw new ParseError(at, key + "= given twice");
            if (param && key.equals("b")) throw new ParseError(at, "a parameter has no batch axes (its batch row is empty)");
            List<Dim> dims = new ArrayList<>();
            for (ShpParser.DimContext d : k.dim()) {
                if (d.INT() != null) {
                    long n = integer(d.INT().getSymbol());
                    dims.add(d.ID() == null ? new Dim.Atom(n) : new Dim.Atom(n, d.ID().getText()));
                } else dims.add(new Dim.Var(dimName(d.ID().getSymbol())));
            }
            rows.put(key, dims);
        }
        return new Expr.Terminal(param, rows, elements, span(t));
    }

    private String dimName(Token t) {
        if (!Names.isDimName(t.getText()))
            throw new ParseError(span(t), "'" + t.getText() + "' is not a dimension name: dynamic dimensions start with a lower-case letter");
        return t.getText();
    }

    private long integer(Token t) {
        try {
            return Long.parseLong(t.getText());
        } catch (NumberFormatException e) {
            throw new ParseError(span(t), "integer " + t.getText() + " is too large");
        }
    }
}
