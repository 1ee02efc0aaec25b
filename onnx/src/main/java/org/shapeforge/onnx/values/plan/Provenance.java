package org.shapeforge.onnx.values.plan;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place that tells, during a recorded run, where an array of numbers came from
 * ({@link Source}), by the array's identity: a {@code Value.view} and the host tensor a kernel is
 * given share their value's array, so a kernel operand whose array is a graph input's, or an
 * earlier kernel's result, is that input or that result.
 *
 * <p>Every other array is a constant, snapshot (as the floats a kernel reads) when first seen.
 * That is sound because the recorder refuses any run in which Java code read the numbers of an
 * input-dependent array while lowering a node ({@link Recorder#read}): an array neither given as
 * an input nor returned by a kernel of input-dependent operands was then made from constants,
 * shapes and attributes alone.
 */
final class Provenance {
    private final Map<double[], Source> sources = new IdentityHashMap<>();
    private final List<float[]> constants = new ArrayList<>();

    /** Graph input {@code name} holds {@code data}. */
    void input(String name, double[] data) {
        if (sources.putIfAbsent(data, new Source.Input(name)) != null)
            throw new IllegalArgumentException("graph input '" + name + "' shares its array with another value");
    }

    /** Replayed step {@code step} returned {@code data}. */
    void result(double[] data, int step) {
        if (sources.putIfAbsent(data, new Source.Result(step)) != null)
            throw new IllegalStateException("a kernel result's array is already known as " + sources.get(data));
    }

    /** {@code data}, the result of a step no longer replayed (its node is interpreted), is unknown again. */
    void forget(double[] data) {
        if (!(sources.remove(data) instanceof Source.Result))
            throw new IllegalStateException("only a replayed result can be forgotten");
    }

    /** Whether {@code data} changes with the graph inputs: an input's array or a replayed result's. */
    boolean dynamic(double[] data) {
        Source s = sources.get(data);
        return s != null && s.dynamic();
    }

    /** Where {@code data} comes from; an array not seen before becomes a constant, its floats copied now. */
    Source of(double[] data) {
        return sources.computeIfAbsent(data, d -> {
            float[] f = new float[d.length];
            for (int i = 0; i < f.length; i++) f[i] = (float) d[i];
            constants.add(f);
            return new Source.Constant(constants.size() - 1);
        });
    }

    /** The constants' floats, by {@link Source.Constant#index()}. */
    List<float[]> constants() {
        return constants;
    }
}
