package org.shapeforge.program.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Span;
import org.shapeforge.program.spec.SpecLexer.T;
import org.shapeforge.program.spec.SpecLexer.Tok;

/**
 * OCANNL's einsum/shape spec syntax, after {@code tensor/parser.mly} (ahrefs/ocannl): a recursive
 * descent over the tokens of {@link SpecLexer} that accepts the same language. {@code rhs1;rhs2=>lhs},
 * each side {@code batch|input->output} ({@code batch|output}, {@code input->output},
 * {@code output}); a row is {@code beg, ELLIPSIS, end} or plain axes (all trailing); axes are
 * labels, fixed indices, affine axes and concatenations. Two departures, both errors rather than
 * different meanings (docs/programs.md): a stride or dilation must be an integer literal (OCANNL
 * also admits an identifier resolved at run time; a program has no run-time values), and
 * {@code &} (reserved in OCANNL) is rejected here, as is a convolution without {@code =}/{@code <}
 * (OCANNL's shape.ml fails on it when it builds the constraints).
 */
public final class SpecParser {
    private final String spec;
    private final Span at;
    private final List<Tok> toks;
    private int pos;

    private SpecParser(String spec, Span at, boolean multichar) {
        this.spec = spec;
        this.at = at;
        this.toks = SpecLexer.lex(spec, multichar, at);
    }

    /** Whether {@code spec} is read in multi-character mode (OCANNL's {@code is_multichar}). */
    public static boolean isMultichar(String spec) {
        return SpecLexer.isMultichar(spec);
    }

    /** Parses {@code rhs1[;rhs2…]=>lhs}; {@code at} is the position of the string literal (may be {@code null}). */
    public static EinsumSpec einsum(String spec, Span at) {
        boolean mc = isMultichar(spec);
        SpecParser p = new SpecParser(spec, at, mc);
        List<ShapeSpec> rhs = new ArrayList<>();
        rhs.add(p.shape());
        while (p.peek(T.SEMI)) {
            p.pos++;
            rhs.add(p.shape());
        }
        p.expect(T.DOUBLE_ARROW, "'=>' (a spec is written 'rhs1;rhs2=>lhs')");
        ShapeSpec lhs = p.shape();
        p.expect(T.EOF, "end of the spec");
        return new EinsumSpec(spec, rhs, lhs, mc);
    }

    /** Parses a single shape {@code batch|input->output} (OCANNL's {@code axis_labels_spec}). */
    public static ShapeSpec shape(String spec, Span at) {
        SpecParser p = new SpecParser(spec, at, isMultichar(spec));
        ShapeSpec s = p.shape();
        p.expect(T.EOF, "end of the spec");
        return s;
    }

    private ShapeSpec shape() {
        RowSpec first = row();
        if (peek(T.PIPE)) {
            pos++;
            RowSpec second = row();
            if (peek(T.ARROW)) {
                pos++;
                return new ShapeSpec(first, second, row());
            }
            return new ShapeSpec(first, RowSpec.absent(), second);
        }
        if (peek(T.ARROW)) {
            pos++;
            return new ShapeSpec(RowSpec.absent(), first, row());
        }
        return new ShapeSpec(RowSpec.absent(), RowSpec.absent(), first);
    }

    private RowSpec row() {
        List<AxisSpec> beg = axes();
        optional(T.COMMA);
        if (peek(T.ELLIPSIS) || peek(T.DOT_DOT)) {
            String var = ellipsis();
            optional(T.COMMA);
            List<AxisSpec> end = axes();
            optional(T.COMMA);
            return new RowSpec(beg, Optional.of(var), end);
        }
        return new RowSpec(List.of(), Optional.empty(), beg);
    }

    /** {@code ...} (the kind's variable, resolved by the caller: {@code ""} here) or {@code ..name..}. */
    private String ellipsis() {
        Tok t = toks.get(pos++);
        if (t.type() == T.ELLIPSIS) return "";
        Tok name = expect(T.IDENT, "a row variable name after '..' (written '..name..')");
        optional(T.COMMA);
        expect(T.DOT_DOT, "'..' closing the row variable '.." + name.text() + "..'");
        return name.text();
    }

    private List<AxisSpec> axes() {
        List<AxisSpec> out = new ArrayList<>();
        while (peek(T.IDENT) || peek(T.INT) || peek(T.UNDERSCORE)) {
            out.add(axis());
            if (!peek(T.COMMA)) break;
            pos++;
        }
        return out;
    }

    private AxisSpec axis() {
        Tok t = toks.get(pos++);
        switch (t.type()) {
            case UNDERSCORE -> {
                return new AxisSpec.Label("_", t.column());
            }
            case INT -> {
                if (!peek(T.STAR)) return new AxisSpec.Fixed(integer(t), t.column());
                pos++;
                Tok over = expect(T.IDENT, "the label that the stride multiplies (e.g. '2*o')");
                return affine(integer(t), over, t.column(), true);
            }
            default -> { // IDENT
                if (peek(T.STAR))
                    throw error(t.column(), "stride '" + t.text() + "' is an identifier: OCANNL resolves such strides at"
                            + " run time, a program needs an integer literal (e.g. '2*" + toks.get(pos + 1).text() + "')");
                if (peek(T.CARET)) {
                    List<String> parts = new ArrayList<>(List.of(t.text()));
                    while (peek(T.CARET)) {
                        pos++;
                        parts.add(expect(T.IDENT, "a label after '^' (concatenation is written 'a^b')").text());
                    }
                    return new AxisSpec.Concat(parts, t.column());
                }
                if (peek(T.EQUALS) || peek(T.LESS) || peek(T.PLUS)) return affine(1, t, t.column(), false);
                return new AxisSpec.Label(t.text(), t.column());
            }
        }
    }

    /** The rest of {@code [stride*]over[=|<][+offset][+[dilation*]kernel]} after {@code over}. */
    private AxisSpec affine(int stride, Tok over, int column, boolean hasStride) {
        Optional<Boolean> padding = Optional.empty();
        if (peek(T.EQUALS) || peek(T.LESS)) padding = Optional.of(toks.get(pos++).type() == T.EQUALS);
        if (!peek(T.PLUS)) {
            if (padding.isPresent()) throw error(toks.get(pos).column(), "expected '+' and a kernel label after '"
                    + (padding.get() ? "=" : "<") + "' (a convolution is written 's*o=+k' or 's*o<+k')");
            if (!hasStride) throw new IllegalStateException("affine without stride or kernel");
            return checked(new AxisSpec.Affine(stride, over.text(), Optional.empty(), 1, false, 0, column));
        }
        pos++;
        int offset = 0;
        if (peek(T.INT) && !peekAt(1, T.STAR)) {
            Tok off = toks.get(pos++);
            offset = integer(off);
            if (!peek(T.PLUS)) {
                if (padding.isPresent() || !hasStride)
                    throw error(toks.get(pos).column(), "expected '+' and a kernel label after the offset "
                            + offset + " (a convolution needs a kernel: 's*o=+" + offset + "+k')");
                return checked(new AxisSpec.Affine(stride, over.text(), Optional.empty(), 1, false, offset, column));
            }
            pos++;
        }
        int dilation = 1;
        if (peek(T.INT) || (peek(T.IDENT) && peekAt(1, T.STAR))) {
            Tok d = toks.get(pos++);
            if (d.type() == T.IDENT)
                throw error(d.column(), "dilation '" + d.text() + "' is an identifier: a program needs an integer literal");
            expect(T.STAR, "'*' after the dilation " + d.text() + " (written 'd*k')");
            dilation = integer(d);
        }
        Tok kernel = expect(T.IDENT, "a kernel label");
        if (padding.isEmpty())
            throw error(column, "a convolution axis must say whether it is padded: write '"
                    + (hasStride ? stride + "*" : "") + over.text() + "=+" + kernel.text() + "' (padded) or '"
                    + (hasStride ? stride + "*" : "") + over.text() + "<+" + kernel.text()
                    + "' (valid); OCANNL's shape.ml rejects an unspecified use_padding");
        return checked(new AxisSpec.Affine(stride, over.text(), Optional.of(kernel.text()), dilation, padding.get(),
                offset, column));
    }

    private AxisSpec checked(AxisSpec.Affine a) {
        if (a.stride() <= 0) throw error(a.column(), "stride must be > 0, got " + a.stride());
        if (a.dilation() <= 0) throw error(a.column(), "dilation must be > 0, got " + a.dilation());
        if (a.offset() >= a.stride())
            throw error(a.column(), "offset " + a.offset() + " must be below the stride " + a.stride()
                    + " (0 <= offset < stride: it selects a position inside each stride window)");
        return a;
    }

    private int integer(Tok t) {
        try {
            return Integer.parseInt(t.text());
        } catch (NumberFormatException e) {
            throw error(t.column(), "integer " + t.text() + " is too large");
        }
    }

    private boolean peek(T type) {
        return toks.get(pos).type() == type;
    }

    private boolean peekAt(int ahead, T type) {
        return pos + ahead < toks.size() && toks.get(pos + ahead).type() == type;
    }

    private void optional(T type) {
        if (peek(type)) pos++;
    }

    private Tok expect(T type, String what) {
        Tok t = toks.get(pos);
        if (t.type() != type) throw error(t.column(), "unexpected " + describe(t) + "; expected " + what);
        pos++;
        return t;
    }

    private static String describe(Tok t) {
        return switch (t.type()) {
            case EOF -> "end of the spec";
            case COMMA -> t.text().isEmpty() ? "'" + "end of label" + "'" : "','";
            case AMP -> "'&' (reserved in OCANNL's einsum notation)";
            default -> "'" + t.text() + "'";
        };
    }

    private SpecError error(int column, String message) {
        return new SpecError(at, spec, column, message);
    }
}
