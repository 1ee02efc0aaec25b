package org.shapeforge.onnx;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A part of a well-formed model's shapes that import cannot know (seed 004's extents that are not
 * exact): the node that makes it, the value and axis where it first appears, and why. The rest of
 * the graph is inferred around it; a gap is no failure ({@code import} exits 0 and lists them).
 *
 * @param node   the node whose output size is unknowable at import time
 * @param value  the value (in graph order, the first) whose shape shows the gap
 * @param axis   the axis of {@code value}; empty for {@link Kind#UNKNOWN_RANK} (no axis to name)
 * @param kind   what is known there
 * @param extent the extent's name as shapes print it ({@code resize_7}; for {@link Kind#EMPTY} the name the
 *               solver's variable has, the shapes print 0); empty for {@link Kind#UNKNOWN_RANK}
 * @param bound  for {@link Kind#UPPER_BOUND}, the size the extent never exceeds, printed ({@code n * 4}); else empty
 * @param why    one line: why the size is not known at import time
 * @param computed for {@link Kind#COMPUTED}, the floating-point computation the graph makes of the dim_params; else empty
 */
public record Gap(NodeOrigin node, String value, OptionalInt axis, Kind kind, String extent, Optional<String> bound, String why,
        Optional<RealSize> computed) {

    /** What a gap leaves known (seed 004: an exact extent is no gap). */
    public enum Kind {
        /** A size known only at run time, related to nothing (seed 004's {@code Unknown}). */
        UNKNOWN,
        /** A size known only at run time, never above {@link Gap#bound} (seed 004's {@code UpperBound}). */
        UPPER_BOUND,
        /** A value whose rank import does not know (an unsupported op without a declared shape, or what reads one). */
        UNKNOWN_RANK,
        /**
         * An empty axis: 0 elements, known at import time (a slice that selects nothing, {@code shape[4:]}
         * of a rank-3 shape), outside the size semantics (sizes are at least 1, Def. 1.1): the shapes
         * print 0 there and the solver never sees the extent (its consumers read the contents, none).
         */
        EMPTY,
        /**
         * A size the dim_params determine through floating-point arithmetic and a rounding
         * ({@link RealSize}: a resize to {@code floor(float(h) * s)}): exact at every binding by its
         * definition ({@link Gap#computed}), outside the size relations the solver states.
         */
        COMPUTED;

        /** The lower-case keyword of {@code --json} ({@code unknown}, {@code upper_bound}, {@code unknown_rank}). */
        public String keyword() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A gap that is no {@link Kind#COMPUTED} size. */
    public Gap(NodeOrigin node, String value, OptionalInt axis, Kind kind, String extent, Optional<String> bound, String why) {
        this(node, value, axis, kind, extent, bound, why, Optional.empty());
    }

    public Gap {
        if (kind == Kind.COMPUTED ? computed.isEmpty() : computed.isPresent())
            throw new IllegalArgumentException("a computation exactly for a computed gap: " + kind + " " + computed);
        if (kind == Kind.UPPER_BOUND ? bound.isEmpty() : bound.isPresent())
            throw new IllegalArgumentException("a bound exactly for an upper-bound gap: " + kind + " " + bound);
        if (kind == Kind.UNKNOWN_RANK ? axis.isPresent() || !extent.isEmpty() : axis.isEmpty() || extent.isEmpty())
            throw new IllegalArgumentException("an axis and an extent exactly for an extent gap: " + kind);
    }

    /** One line: {@code node 'r' (Resize #7): y axis 2 is resize_7 (unknown: ...)}. */
    public String printed() {
        String where = Names.quoted(value) + (axis.isPresent() ? " axis " + axis.getAsInt() + " is " + extent : " has an unknown rank");
        String what = switch (kind) {
            case UNKNOWN -> "unknown";
            case UPPER_BOUND -> "at most " + bound.orElseThrow();
            case UNKNOWN_RANK -> "unknown rank";
            case EMPTY -> "empty, 0";
            case COMPUTED -> computed.orElseThrow().printed();
        };
        return node.nodeText() + ": " + where + " (" + what + ": " + why + ")";
    }
}
