package org.shapeforge.codegen.emit;

import java.util.HashSet;
import java.util.Set;

/**
 * Identifiers of generated code. Every identifier is {@code prefix + '_' + sanitized hint}: the
 * hint (a user's tensor name, a projection symbol) is reduced to {@code [A-Za-z0-9]} runs joined
 * by single underscores and truncated, so no user string reaches the source unescaped, no
 * identifier contains {@code __} (reserved in C++/CUDA), and none can be a keyword or collide with
 * the prologue's {@code sf_} names (prefixes are one letter). Repeats get a numeric suffix.
 */
public final class NameSupply {
    private final Set<String> taken = new HashSet<>();

    /** A fresh identifier for {@code hint} under a one-letter {@code prefix} ({@code t} tensors, {@code i} iterators, {@code k} kernels). */
    public String fresh(char prefix, String hint) {
        if (!Character.isLetter(prefix) || prefix == 's') throw new IllegalArgumentException("prefix " + prefix);
        StringBuilder sb = new StringBuilder();
        boolean sep = true;
        for (int i = 0; i < hint.length() && sb.length() < 24; i++) {
            char ch = hint.charAt(i);
            if (ch < 128 && Character.isLetterOrDigit(ch)) {
                if (sep && !sb.isEmpty()) sb.append('_');
                sb.append(ch);
                sep = false;
            } else {
                sep = true;
            }
        }
        String base = prefix + "_" + (sb.isEmpty() ? "x" : sb.toString());
        String name = base;
        for (int n = 1; !taken.add(name); n++) name = base + "_" + n;
        return name;
    }
}
