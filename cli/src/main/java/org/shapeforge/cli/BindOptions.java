package org.shapeforge.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;

/** The {@code --bind NAME=SIZE} options of {@code infer} and {@code run}, in the order given. */
final class BindOptions {
    private BindOptions() {}

    /** NAME → SIZE; a malformed option is a usage error (exit 2). Names and sizes are checked by the caller. */
    static Map<String, Long> parse(List<String> binds) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String b : binds) {
            String[] kv = b.split("=", 2);
            try {
                if (kv.length != 2) throw new NumberFormatException();
                out.put(kv[0].trim(), Long.parseLong(kv[1].trim()));
            } catch (NumberFormatException e) {
                throw new ShapeError("usage", Span.NONE, "--bind takes NAME=SIZE (e.g. --bind n=32), got '" + b + "'");
            }
        }
        return out;
    }
}
