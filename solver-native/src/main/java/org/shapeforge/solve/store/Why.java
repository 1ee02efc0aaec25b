package org.shapeforge.solve.store;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Provenance of a derived fact (style lesson 4): a node of a DAG whose leaves are the indices of
 * the original constraints; {@link #policy()} is true when a policy step (Lemma 5.1: a placement,
 * a deferred-equation resolution, a closing guess) lies on the derivation. Combining is O(1);
 * the source set is collected only when a failure is reported.
 */
public final class Why {
    /**
     * The source index and the policy flag in one int ({@code (source + 1) << 1 | policy}), so that
     * a node is 24 bytes rather than 32 (millions of nodes at 10^6 constraints: issue 12).
     */
    private final int bits;
    private final Why left;
    private final Why right;

    private Why(int source, Why left, Why right, boolean policy) {
        this.bits = (source + 1) << 1 | (policy ? 1 : 0);
        this.left = left;
        this.right = right;
    }

    private int sourceIndex() {
        return (bits >>> 1) - 1;
    }

    /** The empty derivation: no sources, no policy. */
    public static final Why NONE = new Why(-1, null, null, false);

    /** A policy step with no source constraint of its own (a closing guess). */
    public static final Why GUESS = new Why(-1, null, null, true);

    /** Original constraint number {@code index}. */
    public static Why source(int index) {
        return new Why(index, null, null, false);
    }

    public boolean policy() {
        return (bits & 1) != 0;
    }

    /** This derivation marked as passing through a policy step. */
    public Why asPolicy() {
        return policy() ? this : new Why(-1, this, null, true);
    }

    /** Both derivations: the fact was derived from this and {@code other}. */
    public Why and(Why other) {
        if (other == null || other == NONE || other == this) return this;
        if (this == NONE) return other;
        return new Why(-1, this, other, policy() || other.policy());
    }

    /**
     * The smallest original constraint index on this derivation, or -1: {@code sources().nextSetBit(0)}
     * without a bit set as long as the largest index (a residual constraint's span, issue 12).
     */
    public int firstSource() {
        if (left == null && right == null) return sourceIndex();
        int min = Integer.MAX_VALUE;
        Set<Why> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Why> todo = new ArrayDeque<>();
        todo.push(this);
        while (!todo.isEmpty()) {
            Why w = todo.pop();
            if (!seen.add(w)) continue;
            if (w.sourceIndex() >= 0) min = Math.min(min, w.sourceIndex());
            if (w.left != null) todo.push(w.left);
            if (w.right != null) todo.push(w.right);
        }
        return min == Integer.MAX_VALUE ? -1 : min;
    }

    /** The original constraints on this derivation, as indices. */
    public BitSet sources() {
        BitSet out = new BitSet();
        Set<Why> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Why> todo = new ArrayDeque<>();
        todo.push(this);
        while (!todo.isEmpty()) {
            Why w = todo.pop();
            if (!seen.add(w)) continue;
            if (w.sourceIndex() >= 0) out.set(w.sourceIndex());
            if (w.left != null) todo.push(w.left);
            if (w.right != null) todo.push(w.right);
        }
        return out;
    }
}
