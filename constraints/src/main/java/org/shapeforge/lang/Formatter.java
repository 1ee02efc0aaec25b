package org.shapeforge.lang;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code shapeforge fmt}: a file's canonical text. Statements are printed by {@link Printer}, one
 * per line; comments are kept (a comment alone on its line stays on its own line, a comment after
 * a statement stays after it) and runs of blank lines become one blank line.
 */
public final class Formatter {
    private Formatter() {}

    /** A {@code #} comment and where it starts. */
    public record Comment(Span span, String text) {}

    private record Item(int line, int column, String text, boolean trailing) {}

    /** The canonical form of {@code text}; throws {@link ParseError} if it does not parse. */
    public static String format(String file, String text) {
        Problem p = Parser.parse(file, text);
        List<Item> items = new ArrayList<>();
        for (Statement s : p.statements())
            items.add(new Item(s.span().line(), s.span().column(), Printer.print(s), false));
        List<Integer> statementLines = p.statements().stream().map(s -> s.span().line()).toList();
        for (Comment c : AstBuilder.comments(file, text)) {
            boolean trailing = statementLines.contains(c.span().line());
            items.add(new Item(c.span().line(), c.span().column(), c.text().stripTrailing(), trailing));
        }
        items.sort(Comparator.comparingInt(Item::line).thenComparingInt(Item::column));
        StringBuilder out = new StringBuilder();
        int lastLine = -1;
        for (Item it : items) {
            if (it.trailing()) {
                out.setLength(out.length() - 1);
                out.append("  ").append(it.text()).append('\n');
                continue;
            }
            if (lastLine >= 0 && it.line() > lastLine + 1) out.append('\n');
            out.append(it.text()).append('\n');
            lastLine = it.line();
        }
        return out.toString();
    }
}
