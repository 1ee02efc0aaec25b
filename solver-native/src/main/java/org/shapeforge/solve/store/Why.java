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
 *
 * <p><b>Two ways to record.</b> A derivation built from {@link #source} leaves keeps the whole DAG
 * ({@link #sources()} is every constraint on it). One built from {@link #first} leaves keeps only
 * what a run needs while it runs: the policy flag, which steers it, and the first (smallest)
 * source, which places a residual constraint ({@link #firstSource()}); combining two of them
 * yields the shared leaf of the smaller source (one per source and flag, made once, in a
 * {@link #firstOnly per-run table}) and allocates nothing. At 10^6 constraints the DAG was about
 * 2.4 million nodes that every collection during the run copied (issue 12). Such a derivation's
 * {@link #sources()} is its first source only: to name every constraint of a failure, the solver
 * replays the run with full derivations ({@code NativeSolver}); the run is deterministic, and
 * the flags — hence every decision — are the same either way.
 */
public final class Why {
    /**
     * The source index and the policy flag in one int ({@code (source + 1) << 1 | policy}), so that
     * a node is 24 bytes rather than 32 (millions of nodes at 10^6 constraints: issue 12).
     */
    private final int bits;
    private final Why left;
    private final Why right;
    /** The run's table of first-source leaves, for a leaf made by {@link #first}; else null. */
    private final Why[] firsts;

    private Why(int source, Why left, Why right, boolean policy, Why[] firsts) {
        this.bits = (source + 1) << 1 | (policy ? 1 : 0);
        this.left = left;
        this.right = right;
        this.firsts = firsts;
    }

    private Why(int source, Why left, Why right, boolean policy) {
        this(source, left, right, policy, null);
    }

    private int sourceIndex() {
        return (bits >>> 1) - 1;
    }

    /** The empty derivation: no sources, no policy. */
    public static final Why NONE = new Why(-1, null, null, false);

    /** A policy step with no source constraint of its own (a closing guess). */
    public static final Why GUESS = new Why(-1, null, null, true);

    /** Original constraint number {@code index}, in a derivation that keeps all its sources. */
    public static Why source(int index) {
        return new Why(index, null, null, false);
    }

    /** A table for {@link #first} leaves over constraints {@code 0 … constraints-1}: one per run. */
    public static Why[] firstOnly(int constraints) {
        return new Why[2 * Math.max(constraints, 1)];
    }

    /** Original constraint number {@code index}, in a derivation that keeps only its first source and policy flag. */
    public static Why first(Why[] table, int index) {
        return leaf(table, index, false);
    }

    private static Why leaf(Why[] table, int index, boolean policy) {
        int k = 2 * index + (policy ? 1 : 0);
        Why w = table[k];
        if (w == null) table[k] = w = new Why(index, null, null, policy, table);
        return w;
    }

    public boolean policy() {
        return (bits & 1) != 0;
    }

    /** This derivation marked as passing through a policy step ({@link #GUESS} for the empty one: no sources either). */
    public Why asPolicy() {
        if (this == NONE) return GUESS;
        if (policy()) return this;
        return firsts != null ? leaf(firsts, sourceIndex(), true) : new Why(-1, this, null, true);
    }

    /** Both derivations: the fact was derived from this and {@code other}. */
    public Why and(Why other) {
        if (other == null || other == NONE || other == this) return this;
        if (this == NONE) return other;
        boolean policy = policy() || other.policy();
        Why[] table = firsts != null ? firsts : other.firsts;
        if (table != null) { // first-source leaves (GUESS has no source): the smaller source, the flags joined
            int a = sourceIndex(), b = other.sourceIndex();
            int first = a < 0 ? b : b < 0 ? a : Math.min(a, b);
            return first < 0 ? (policy ? GUESS : NONE) : leaf(table, first, policy);
        }
        return new Why(-1, this, other, policy);
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

    /** Whether this derivation keeps only its first source ({@link #first}): {@link #sources()} is then not all of them. */
    public boolean firstOnly() {
        return firsts != null;
    }

    /** The original constraints on this derivation, as indices (only the first for a {@link #firstOnly()} one). */
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
