package org.shapeforge.codegen.emit;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A flat element offset {@code constant + Σ coeff·iterator + Σ stride·gathered}, the form every
 * access takes once its indices are combined with the buffer's strides and margins (and a Concat
 * index with its block). A gathered term ({@link Gathered}: an {@code Index.Gathered} axis) is a
 * coordinate read from data: it varies with iterators {@link #coeffs} does not list, so an analysis
 * that reads the coefficients as the whole dependence (a progression, a GEMM's leading dimension)
 * must first ask {@link #affine}.
 */
public record Linear(long constant, Map<String, Long> coeffs, List<Gathered> gathered) {
    public Linear {
        coeffs = Collections.unmodifiableMap(new LinkedHashMap<>(coeffs));
        gathered = List.copyOf(gathered);
    }

    /** An offset affine in the iterators alone. */
    public Linear(long constant, Map<String, Long> coeffs) {
        this(constant, coeffs, List.of());
    }

    /**
     * {@code stride · sf_gix(element, extent)}: the data-read coordinate {@code element} (C text of
     * the index tensor's element, a float holding an integer), negative ones from the end, clamped
     * into the axis (the prologue's {@code sf_gix}).
     */
    public record Gathered(long stride, String element, int extent) {}

    /** Whether the offset is affine in the iterators ({@link #coeffs} the whole dependence). */
    public boolean affine() {
        return gathered.isEmpty();
    }

    /** C/CUDA text of the offset, iterators named through {@code id}. */
    public String render(Function<String, String> id) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Long> e : coeffs.entrySet()) {
            if (e.getValue() == 0) continue;
            if (!sb.isEmpty()) sb.append(" + ");
            sb.append(e.getValue() == 1 ? id.apply(e.getKey()) : e.getValue() + "L*" + id.apply(e.getKey()));
        }
        for (Gathered g : gathered) {
            if (!sb.isEmpty()) sb.append(" + ");
            sb.append(g.stride() == 1 ? "" : g.stride() + "L*").append("sf_gix(").append(g.element()).append(", ").append(g.extent()).append("L)");
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
