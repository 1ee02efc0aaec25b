package org.shapeforge.project;

import java.util.Objects;

/** An axis of a tensor occurrence with its solved size (padding excluded, seed 000 "Convolutions"). */
public record TensorAxis(AxisRef ref, long size) {
    public TensorAxis {
        Objects.requireNonNull(ref, "ref");
        if (size < 0) throw new IllegalArgumentException("negative size " + size);
    }
}
