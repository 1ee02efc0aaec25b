package org.shapeforge.codegen.emit;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A flat element offset {@code constant + Σ coeff·iterator}, the form every access takes once its
 * indices are combined with the buffer's strides and margins (and a Concat index with its block).
 */
public record Linear(long constant, Map<String, Long> coeffs) {
    public Linear {
        coeffs = Collections.unmodifiableMap(new LinkedHashMap<>(coeffs));
    }

    /** C/CUDA text of the offset, iterators named through {@code id}. */
    public String render(Function<String, String> id) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Long> e : coeffs.entrySet()) {
            if (e.getValue() == 0) continue;
            if (!sb.isEmpty()) sb.append(" + ");
            sb.append(e.getValue() == 1 ? id.apply(e.getKey()) : e.getValue() + "L*" + id.apply(e.getKey()));
        }
        if (constant != 0 || sb.isEmpty()) {
            if (!sb.isEmpty()) sb.append(constant < 0 ? " - " : " + ").append(Math.abs(constant)).append('L');
            else sb.append(constant).append('L');
        }
        return sb.toString();
    }

    /** The coefficient of {@code symbol} (0 if absent). */
    public long coeff(String symbol) {
        return coeffs.getOrDefault(symbol, 0L);
    }
}
