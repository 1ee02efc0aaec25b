package org.shapeforge.cli;

import java.util.Map;
import java.util.OptionalLong;

/**
 * The value of a printed dimension at given sizes of the dynamic dims: {@code import} prints a
 * symbolic size as an expression over dim_params ({@code batch}, {@code batch*4-1},
 * {@code (h - 1) // 2 + 1}, {@code floor((h-1)/2)+1}); the corpus checks that it holds at the test
 * case's sizes. Grammar: integers, names ({@code [A-Za-z_][A-Za-z0-9_'.]*}), {@code + - * / // %},
 * unary minus, parentheses, {@code floor ceil min max} calls. {@code /} is exact division (inside
 * {@code floor}/{@code ceil} the quotient is rounded), {@code //} and {@code %} are Python's floor
 * division and modulus. Empty when the text does not parse, names a size not given (a solver
 * variable), or its value is not an integer: such a dim cannot be checked, and is never taken as
 * agreeing.
 */
final class PrintedSize {
    private final String s;
    private final Map<String, Long> sizes;
    private int i;

    private PrintedSize(String s, Map<String, Long> sizes) {
        this.s = s;
        this.sizes = sizes;
    }

    /** {@code printed}'s value with each name bound by {@code sizes}; empty when it has none (see the class comment). */
    static OptionalLong eval(String printed, Map<String, Long> sizes) {
        PrintedSize p = new PrintedSize(printed, sizes);
        try {
            double v = p.sum();
            p.skip();
            if (p.i != p.s.length() || Double.isNaN(v) || Double.isInfinite(v) || v != Math.rint(v)) return OptionalLong.empty();
            return OptionalLong.of((long) v);
        } catch (Unbound | IllegalArgumentException e) {
            return OptionalLong.empty();
        }
    }

    /** Whether {@code printed} is a plain integer: a dim printed as a number. */
    static boolean isNumber(String printed) {
        return printed.matches("-?[0-9]+");
    }

    private static final class Unbound extends RuntimeException {
        Unbound() {
            super(null, null, false, false);
        }
    }

    private double sum() {
        double v = product();
        for (;;) {
            if (eat("+")) v += product();
            else if (eat("-")) v -= product();
            else return v;
        }
    }

    private double product() {
        double v = unary();
        for (;;) {
            if (eat("//")) v = Math.floor(v / nonzero(unary()));
            else if (eat("/")) v = v / nonzero(unary());
            else if (eat("*")) v *= unary();
            else if (eat("%")) {
                double m = nonzero(unary());
                v = v - m * Math.floor(v / m);
            } else return v;
        }
    }

    private double unary() {
        if (eat("-")) return -unary();
        if (eat("+")) return unary();
        return atom();
    }

    private double atom() {
        skip();
        if (eat("(")) {
            double v = sum();
            expect(")");
            return v;
        }
        int start = i;
        if (i < s.length() && Character.isDigit(s.charAt(i))) {
            while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
            return Double.parseDouble(s.substring(start, i));
        }
        if (i < s.length() && (Character.isLetter(s.charAt(i)) || s.charAt(i) == '_')) {
            while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || "_'.".indexOf(s.charAt(i)) >= 0)) i++;
            String name = s.substring(start, i);
            if (eat("(")) return call(name);
            Long v = sizes.get(name);
            if (v == null) throw new Unbound();
            return v;
        }
        throw new IllegalArgumentException("unexpected text at " + i + " of " + s);
    }

    private double call(String f) {
        double a = sum();
        double b = eat(",") ? sum() : Double.NaN;
        expect(")");
        return switch (f) {
            case "floor" -> Math.floor(a);
            case "ceil" -> Math.ceil(a);
            case "max" -> Math.max(a, b);
            case "min" -> Math.min(a, b);
            default -> throw new IllegalArgumentException("unknown function " + f);
        };
    }

    private static double nonzero(double d) {
        if (d == 0) throw new IllegalArgumentException("division by zero");
        return d;
    }

    private void skip() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
    }

    private boolean eat(String t) {
        skip();
        if (!s.startsWith(t, i)) return false;
        if (t.equals("/") && s.startsWith("//", i)) return false;
        i += t.length();
        return true;
    }

    private void expect(String t) {
        if (!eat(t)) throw new IllegalArgumentException("expected " + t + " at " + i + " of " + s);
    }
}
