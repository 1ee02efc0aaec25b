package org.shapeforge.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.shapeforge.lang.antlr.ShcParser;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Names;
import org.shapeforge.term.Row;

/**
 * Builds terms from parse trees ({@code language.md}, "Dimensions" and "Rows"; Defs. 1.1, 2.1,
 * 2.12, 3.1): {@code 1} is the unit, other numbers and tagged numbers are atoms, a chain
 * {@code a ^ b ^ 3} is one {@link Dim.Concat}, {@code affine(...)} takes keyword arguments in any
 * order. Well-formedness violations become {@link ParseError}s at the offending token.
 */
final class TermBuilder {
    private final String file;
    /**
     * One {@code String} instance per variable name for the whole parse (ANTLR's {@code getText()}
     * makes a fresh one per occurrence): a large problem keeps one copy of each name, and the
     * native solver's tables find names by identity (issue 12).
     */
    private final HashMap<String, String> names = new HashMap<>();

    TermBuilder(String file) {
        this.file = file;
    }

    Span at(Token t) {
        return new Span(file, t.getLine(), t.getCharPositionInLine() + 1);
    }

    Span at(ParserRuleContext c) {
        return at(c.getStart());
    }

    ParseError error(Token t, String message) {
        return new ParseError(at(t), message);
    }

    ParseError error(ParserRuleContext c, String message) {
        return error(c.getStart(), message);
    }

    /** A non-negative integer literal, with a clear error on overflow. */
    long literal(Token t) {
        return parseLong(t, t.getText());
    }

    long signed(ShcParser.SignedIntContext c) {
        String text = (c.getChildCount() == 2 ? "-" : "") + c.INT().getText();
        return parseLong(c.getStart(), text);
    }

    private long parseLong(Token t, String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw error(t, "integer literal '" + text + "' is out of range (at most " + Long.MAX_VALUE
                    + " in absolute value)");
        }
    }

    String dimName(ShcParser.IdentContext c) {
        String name = c.getText();
        if (!Names.isDimName(name))
            throw error(c, "'" + name + "' is not a dimension variable: dimension variables start with a"
                    + " lower-case letter (row variables are written '<" + name + ">')");
        return intern(name);
    }

    String rowName(Token rowVar) {
        String t = rowVar.getText();
        return intern(t.substring(1, t.length() - 1));
    }

    private String intern(String name) {
        String c = names.putIfAbsent(name, name);
        return c == null ? name : c;
    }

    Dim dim(ShcParser.DimContext c) {
        List<Dim> parts = new ArrayList<>();
        for (var a : c.dimAtom()) parts.add(atom(a));
        return parts.size() == 1 ? parts.getFirst() : new Dim.Concat(parts);
    }

    List<Dim> dims(ShcParser.DimListContext c) {
        if (c == null) return List.of();
        return c.dim().stream().map(this::dim).toList();
    }

    private Dim atom(ShcParser.DimAtomContext c) {
        return switch (c) {
            case ShcParser.DimNumberContext n -> number(n);
            case ShcParser.DimVarContext v -> new Dim.Var(dimName(v.ident()));
            case ShcParser.DimParenContext p -> dim(p.dim());
            case ShcParser.DimAffineContext a -> affine(a);
            default -> throw new IllegalStateException("unknown dimension alternative " + c.getClass());
        };
    }

    private Dim number(ShcParser.DimNumberContext n) {
        long size = literal(n.INT().getSymbol());
        if (n.ident() == null) return size == 1 ? Dim.unit() : new Dim.Atom(size);
        return new Dim.Atom(size, n.ident().getText());
    }

    /** {@code affine(o, stride=s[, kernel=k][, dilation=d][, padding=same|valid][, offset=f])}. */
    private Dim affine(ShcParser.DimAffineContext a) {
        Dim over = dim(a.dim());
        Map<String, ShcParser.AffineArgContext> args = new HashMap<>();
        for (var arg : a.affineArg()) {
            String key = arg.key.getText();
            if (args.put(key, arg) != null) throw error(arg, "'" + key + "' given twice in affine(...)");
        }
        if (!args.containsKey("stride"))
            throw error(a, "affine(...) needs a stride, e.g. 'affine(o, stride=2)'");
        int stride = intArg(args.get("stride"), 1);
        int dilation = args.containsKey("dilation") ? intArg(args.get("dilation"), 1) : 1;
        int offset = args.containsKey("offset") ? intArg(args.get("offset"), 0) : 0;
        Optional<Dim> kernel = Optional.ofNullable(args.get("kernel")).map(this::dimArg);
        boolean padding = false;
        if (args.containsKey("padding")) {
            var p = args.get("padding");
            if (p.word == null) throw error(p, "padding is 'same' or 'valid'");
            padding = p.word.getText().equals("same");
        }
        if (offset >= stride)
            throw error(args.get("offset"), "offset must satisfy 0 <= offset < stride (stride is " + stride + ")");
        if (kernel.isEmpty() && padding)
            throw error(args.get("padding"), "padding=same needs a kernel, e.g. 'kernel=k'");
        if (kernel.isEmpty() && dilation != 1)
            throw error(args.get("dilation"), "dilation needs a kernel, e.g. 'kernel=k'");
        return new Dim.Affine(over, stride, kernel, dilation, padding, offset);
    }

    private Dim dimArg(ShcParser.AffineArgContext arg) {
        if (arg.word != null) return new Dim.Var(intern(arg.word.getText()));
        return dim(arg.dim());
    }

    /** stride, dilation and offset are integer literals (at least {@code min}). */
    private int intArg(ShcParser.AffineArgContext arg, int min) {
        String key = arg.key.getText();
        var d = arg.dim();
        if (d == null || d.dimAtom().size() != 1 || !(d.dimAtom(0) instanceof ShcParser.DimNumberContext n)
                || n.ident() != null)
            throw error(arg, key + " takes an integer literal, e.g. '" + key + "=" + Math.max(min, 1) + "'");
        long v = literal(n.INT().getSymbol());
        if (v < min || v > Integer.MAX_VALUE)
            throw error(n, key + " must be " + (min == 0 ? "non-negative" : "positive")
                    + " and at most " + Integer.MAX_VALUE + ", got " + v);
        return (int) v;
    }

    Row row(ShcParser.RowContext c) {
        return switch (c) {
            case ShcParser.RigidRowContext r -> new Row.Rigid(dims(r.bracket().dimList()));
            case ShcParser.LiteralRowContext l -> Row.literal(dims(l.bracket().dimList()));
            case ShcParser.MarkedRowContext m -> marked(m);
            default -> throw new IllegalStateException("unknown row alternative " + c.getClass());
        };
    }

    private Row marked(ShcParser.MarkedRowContext m) {
        List<Dim> lead = m.lead == null ? List.of() : dims(m.lead.dimList());
        List<Dim> trail = m.trail == null ? List.of() : dims(m.trail.dimList());
        if (m.marker().ROWVAR() == null) return new Row.Closed(lead, trail);
        return new Row.Open(lead, rowName(m.marker().ROWVAR().getSymbol()), trail);
    }

    List<Row> rows(ShcParser.RowListContext c) {
        return c.row().stream().map(this::row).toList();
    }
}
