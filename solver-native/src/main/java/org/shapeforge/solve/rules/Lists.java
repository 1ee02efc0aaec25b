package org.shapeforge.solve.rules;

import java.util.List;

/**
 * Outer-edge alignment helpers (Def. 4.3: leading flanks from the front, trailing from the back).
 * The results are immutable; a list that keeps all its elements is returned as it is when it is
 * already immutable (no copy, no new object: most rows met at scale have nothing to drop).
 */
final class Lists {
    private Lists() {}

    static <T> List<T> drop(List<T> l, int n) {
        if (n <= 0) return List.copyOf(l);
        return List.copyOf(l.subList(Math.min(n, l.size()), l.size()));
    }

    static <T> List<T> dropLast(List<T> l, int n) {
        if (n <= 0) return List.copyOf(l);
        return List.copyOf(l.subList(0, Math.max(0, l.size() - n)));
    }

    static <T> List<T> take(List<T> l, int n) {
        return List.copyOf(l.subList(0, Math.min(n, l.size())));
    }

    static <T> List<T> takeLast(List<T> l, int n) {
        return List.copyOf(l.subList(Math.max(0, l.size() - n), l.size()));
    }
}
