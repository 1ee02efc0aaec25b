package org.shapeforge.smt.encode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.term.Dim;

/**
 * Basis tags (Def. 1.1's {@code B}) as integer codes: {@code default} is 0, the tags written in
 * the problem are 1..T in order of appearance, and every code above T stands for a tag the
 * problem does not mention. Codes are unbounded naturals, so the encoding does not restrict
 * {@code B} (a countable set); a model's unnamed codes decode to fresh tags {@code b<code>}
 * (skipping names the problem uses), and only when the model needs them.
 */
public final class BasisCodes {
    private final Map<String, Integer> codes = new LinkedHashMap<>();
    private final List<String> tags = new ArrayList<>();

    public BasisCodes() {
        codes.put(Dim.DEFAULT_BASIS, 0);
        tags.add(Dim.DEFAULT_BASIS);
    }

    /** The code of a tag, assigning the next one on first sight. */
    public int code(String tag) {
        return codes.computeIfAbsent(tag, t -> {
            tags.add(t);
            return tags.size() - 1;
        });
    }

    /** The tag of a code: a problem tag, or a fresh one not written in the problem. */
    public String tag(long code) {
        if (code >= 0 && code < tags.size()) return tags.get((int) code);
        String name = "b" + code;
        while (codes.containsKey(name)) name = name + "'";
        return name;
    }
}
