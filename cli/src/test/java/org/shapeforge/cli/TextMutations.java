package org.shapeforge.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hostile edits of a {@code .shc} or {@code .shp} text for {@link HostileCases}, each described in
 * words: integer constants set overflowing, huge or negative; nesting thousands deep; the text cut,
 * spliced with garbage (NUL, invalid UTF-8 stand-ins, control characters), or a line repeated.
 */
final class TextMutations {
    private TextMutations() {}

    /** Constants past every integer width the code might use, and the edges of each. */
    static final String[] CONSTANTS = {"0", "-1", "1", "2147483647", "2147483648", "4294967296", "9223372036854775807",
            "9223372036854775808", "18446744073709551616", "99999999999999999999999999999", "-9223372036854775808",
            "9223372036854775807 + 1", "9223372036854775807 * 2", "3037000500 * 3037000500", "1e400", "0x7fffffffffffffff"};

    static final Pattern NUMBER = Pattern.compile("\\b\\d+\\b");

    /** 1–3 integer literals of {@code text} replaced by {@link #CONSTANTS}; {@code what} gets the description. */
    static String constants(String text, Random rng, List<String> what) {
        List<int[]> spans = new ArrayList<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) spans.add(new int[] {m.start(), m.end()});
        if (spans.isEmpty()) return text + "\n" + CONSTANTS[rng.nextInt(CONSTANTS.length)] + "\n";
        StringBuilder sb = new StringBuilder(text);
        int edits = 1 + rng.nextInt(3);
        List<int[]> chosen = new ArrayList<>();
        for (int e = 0; e < edits; e++) chosen.add(spans.get(rng.nextInt(spans.size())));
        chosen.sort((a, b) -> b[0] - a[0]);
        int last = Integer.MAX_VALUE;
        for (int[] s : chosen) {
            if (s[0] >= last) continue; // the same literal drawn twice
            String c = CONSTANTS[rng.nextInt(CONSTANTS.length)];
            what.add("literal " + sb.substring(s[0], s[1]) + " at " + s[0] + " -> " + c);
            sb.replace(s[0], s[1], c);
            last = s[0];
        }
        return sb.toString();
    }

    static final int[] DEPTHS = {64, 1_000, 10_000, 100_000};

    /** {@code open}·d, {@code inner}, {@code close}·d for a depth d of {@link #DEPTHS}. */
    static String nest(String open, String inner, String close, Random rng, List<String> what) {
        int d = DEPTHS[rng.nextInt(DEPTHS.length)];
        what.add("nesting " + open.strip() + " " + d + " deep");
        return open.repeat(d) + inner + close.repeat(d);
    }

    static final String[] GARBAGE = {"\u0000", "\uFFFD\uFFFE", "\u001b[2J", "\r", "((((", "]]]", "<<", "\"", "#", "\u202e", "\\",
            "=>", "|->", "^", "~", "..", "\t\t", "\uD83D\uDE00"};

    /** The text cut, spliced with garbage, a span deleted or a line repeated up to 20,000 times. */
    static String bytes(String text, Random rng, List<String> what) {
        int at = rng.nextInt(text.length() + 1);
        return switch (rng.nextInt(4)) {
            case 0 -> {
                what.add("cut at " + at + " of " + text.length());
                yield text.substring(0, at);
            }
            case 1 -> {
                StringBuilder sb = new StringBuilder(text);
                int n = 1 + rng.nextInt(4);
                for (int i = 0; i < n; i++) sb.insert(rng.nextInt(sb.length() + 1), GARBAGE[rng.nextInt(GARBAGE.length)]);
                what.add(n + " garbage splices");
                yield sb.toString();
            }
            case 2 -> {
                int to = Math.min(text.length(), at + 1 + rng.nextInt(40));
                what.add("deleted " + at + ".." + to);
                yield text.substring(0, at) + text.substring(to);
            }
            default -> {
                List<String> lines = text.lines().toList();
                if (lines.isEmpty()) yield text;
                String line = lines.get(rng.nextInt(lines.size()));
                int k = new int[] {2, 100, 20_000}[rng.nextInt(3)];
                what.add("line '" + line.strip() + "' repeated " + k + " times");
                yield text + ("\n" + line).repeat(k) + "\n";
            }
        };
    }
}
