package org.shapeforge.project;

import java.util.Objects;

/** An axis of a named tensor: its row and its position in that row's flat sequence. */
public record AxisRef(String tensor, AxisKind kind, int position) implements Comparable<AxisRef> {
    public AxisRef {
        Objects.requireNonNull(tensor, "tensor");
        Objects.requireNonNull(kind, "kind");
        if (position < 0) throw new IllegalArgumentException("negative axis position " + position);
    }

    @Override
    public int compareTo(AxisRef o) {
        int c = tensor.compareTo(o.tensor);
        if (c != 0) return c;
        c = kind.compareTo(o.kind);
        return c != 0 ? c : Integer.compare(position, o.position);
    }

    @Override
    public String toString() {
        return tensor + "." + kind.word + "[" + position + "]";
    }
}
