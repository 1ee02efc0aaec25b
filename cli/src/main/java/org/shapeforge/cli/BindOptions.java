package org.shapeforge.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;

/** The {@code --bind NAME=SIZE} options of {@code infer} and {@code run}, in the order given. */
final class BindOptions {
    private BindOptions() {}

    /**
     * NAME → SIZE; a malformed option, or a second {@code --bind} for one name (which size is meant
     * is not for us to guess), is a usage error (exit 2). Names and sizes are checked by the caller.
     */
    static Map<String, Long> parse(List<String> binds) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String b : binds) {
            String[] kv = b.split("=", 2);
            long size;
            try {
                if (kv.length != 2) throw new NumberFormatException();
                size = Long.parseLong(kv[1].trim());
            } catch (NumberFormatException e) {
                throw new ShapeError("usage", Span.NONE, "--bind takes NAME=SIZE (e.g. --bind n=32), got '" + b + "'");
            }
            Long before = out.putIfAbsent(kv[0].trim(), size);
            if (before != null)
                throw new ShapeError("usage", Span.NONE, "--bind " + kv[0].trim() + " is given twice (" + kv[0].trim() + "=" + before
                        + " and " + kv[0].trim() + "=" + size + "): bind each dimension once");
        }
        return out;
    }
}
