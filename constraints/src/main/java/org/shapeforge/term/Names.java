package org.shapeforge.term;

/** Lexical rules for variable names, shared by terms and the parser. */
public final class Names {
    private Names() {}

    /** Dimension variables start with a lower-case letter, then letters, digits, {@code _}, {@code '}. */
    public static boolean isDimName(String s) {
        if (s == null || s.isEmpty()) return false;
        char c = s.charAt(0);
        if (!((c >= 'a' && c <= 'z') || isGreekSmall(c) || Character.isLowerCase(c))) return false;
        return restIsIdentifier(s);
    }

    /**
     * Greek small letters α–ω (U+03B1–U+03C9, all lower-case letters): tested before the general
     * Unicode tables because the native solver's fresh variables are named {@code φN} and
     * {@code ρN}, and terms over them are built millions of times at 10^6 constraints (issue 12).
     */
    private static boolean isGreekSmall(char c) {
        return c >= '\u03B1' && c <= '\u03C9';
    }

    /** Letters, digits, {@code _}, {@code '} from the second character on (ASCII tested first: terms are built often). */
    private static boolean restIsIdentifier(String s) {
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || c == '_' || c == '\'') continue;
            if (c < 128 || !Character.isLetterOrDigit(c)) return false;
        }
        return true;
    }

    /** Row variables: any identifier (letters, digits, {@code _}, {@code '}, not starting with a digit). */
    public static boolean isRowName(String s) {
        if (s == null || s.isEmpty()) return false;
        char c = s.charAt(0);
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || isGreekSmall(c) || Character.isLetter(c))) return false;
        return restIsIdentifier(s);
    }

    static void requireDimName(String s) {
        if (!isDimName(s)) throw new IllegalArgumentException("not a dimension variable name: " + s);
    }

    static void requireRowName(String s) {
        if (!isRowName(s)) throw new IllegalArgumentException("not a row variable name: " + s);
    }
}
