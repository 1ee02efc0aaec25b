package org.shapeforge.reason;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.shapeforge.term.sym.SymCondition;

/**
 * The persistent stack under a {@link Reasoner}: each assumption or checkpoint is a new frame over
 * the previous one, which is never changed, so every earlier reasoner stays valid and a rollback
 * is a pointer back (ONNX's {@code checkpoint} / {@code rollback} without mutable state).
 */
sealed interface Frame {
    /** No assumption, no checkpoint. */
    record Bottom() implements Frame {}

    /** {@code relation} assumed over {@code below}. */
    record Assumed(SymCondition relation, Frame below) implements Frame {}

    /** A checkpoint over {@code below}: {@link Reasoner#rollback} returns to {@code below}. */
    record Checkpoint(Frame below) implements Frame {}

    Frame BOTTOM = new Bottom();

    /** The assumed relations, oldest first. */
    default List<SymCondition> assumptions() {
        Deque<SymCondition> out = new ArrayDeque<>();
        for (Frame f = this; !(f instanceof Bottom); )
            switch (f) {
                case Assumed(SymCondition r, Frame below) -> {
                    out.addFirst(r);
                    f = below;
                }
                case Checkpoint(Frame below) -> f = below;
                case Bottom b -> throw new IllegalStateException("unreachable");
            }
        return List.copyOf(out);
    }

    /** The frame below the latest checkpoint, or null when there is none. */
    default Frame beforeCheckpoint() {
        for (Frame f = this; ; )
            switch (f) {
                case Assumed(SymCondition r, Frame below) -> f = below;
                case Checkpoint(Frame below) -> { return below; }
                case Bottom b -> { return null; }
            }
    }

    /** How many checkpoints are open. */
    default int depth() {
        int n = 0;
        for (Frame f = this; !(f instanceof Bottom); )
            switch (f) {
                case Assumed(SymCondition r, Frame below) -> f = below;
                case Checkpoint(Frame below) -> {
                    n++;
                    f = below;
                }
                case Bottom b -> throw new IllegalStateException("unreachable");
            }
        return n;
    }
}
