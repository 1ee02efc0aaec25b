package org.shapeforge.onnx;

/**
 * ONNX names in our output. A value or node name is any string (line breaks, quotes, {@code #},
 * non-ASCII): in messages it is {@link #quoted} (one line, the quote and backslash escaped), and
 * in the comments of emitted {@code .shc} / {@code .shp} text it is {@link #oneLine}, so a name
 * can never end a comment and start a statement.
 */
public final class Names {
    private Names() {}

    /** {@code 'name'} on one line: {@code \n}, {@code \r}, tab, other control characters, {@code '} and {@code \} escaped. */
    public static String quoted(String name) {
        return "'" + escape(name, true) + "'";
    }

    /** {@code text} with every control character (line breaks included) escaped: safe inside a {@code #} comment. */
    public static String oneLine(String text) {
        return escape(text, false);
    }

    private static String escape(String s, boolean quote) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\'' -> sb.append(quote ? "\\'" : "'");
                case '\\' -> sb.append(quote ? "\\\\" : "\\");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029' || c == '\u0085')
                        sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.toString();
    }
}
