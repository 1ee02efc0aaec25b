package org.shapeforge.solve;

import java.util.Arrays;

/**
 * Colour refinement (the one-dimensional Weisfeiler–Leman algorithm) over the incidence structure
 * of constraints and variables, by 64-bit hashes: a variable's colour starts from its sort and
 * declarations; each round a constraint's signature is its skeleton (the constraint with its
 * variables erased) with the colours at its variable positions, in order, and a variable's new
 * colour adds the multiset of (signature, position) of its occurrences. Refinement stops when a
 * round splits no colour class (the partition is stable) or when the work budget is spent.
 * Colours and signatures depend on structure only, never on names or on the input order — the
 * keys of {@link CanonicalOrder}. A hash collision can only merge classes (a spurious tie),
 * never split a class.
 */
final class ColourRefinement {
    private ColourRefinement() {}

    /** Final variable colours, constraint signatures under them, and whether the partition is stable. */
    record Result(long[] colour, long[] signature, boolean stable) {}

    /**
     * @param skeleton per constraint, the hash of its variable-erased form
     * @param occ per constraint, its variables' ids in traversal order
     * @param initial per variable, its initial colour
     * @param budget occurrence visits allowed in all (one round visits every occurrence once)
     */
    static Result run(long[] skeleton, int[][] occ, long[] initial, long budget) {
        int nc = skeleton.length, nv = initial.length;
        long perRound = nc;
        for (int[] o : occ) perRound += o.length;
        long[] colour = initial.clone();
        long[] sig = new long[nc];
        long[] table = new long[Integer.highestOneBit(Math.max(2 * nv, 2)) << 1];
        int classes = distinct(colour, table);
        long work = 0;
        while (true) {
            signatures(skeleton, occ, colour, sig);
            long[] acc = new long[nv];
            for (int c = 0; c < nc; c++)
                for (int p = 0; p < occ[c].length; p++) acc[occ[c][p]] += mix(sig[c] + mix(p + 1));
            long[] next = new long[nv];
            for (int v = 0; v < nv; v++) next[v] = mix(mix(colour[v]) + acc[v]);
            int k = distinct(next, table);
            work += perRound;
            if (k == classes) return new Result(colour, sig, true); // stable: the next round only renames the classes
            colour = next;
            classes = k;
            if (work > budget) {
                signatures(skeleton, occ, colour, sig);
                return new Result(colour, sig, false);
            }
        }
    }

    private static void signatures(long[] skeleton, int[][] occ, long[] colour, long[] sig) {
        for (int c = 0; c < skeleton.length; c++) {
            long h = skeleton[c];
            for (int v : occ[c]) h = mix(h * 31 + colour[v]);
            sig[c] = h;
        }
    }

    /**
     * The number of distinct values: an open-addressing set of longs probed linearly, {@code table}
     * reused between rounds (one pass, no boxing; a {@code HashSet<Long>} or a sort were a third of
     * a 10^4-constraint canonicalisation). Colours are SplitMix64 outputs, so their low bits index
     * the table as they are. Slot value 0 means empty, so 0 is counted apart.
     */
    private static int distinct(long[] xs, long[] table) {
        Arrays.fill(table, 0L);
        int mask = table.length - 1, k = 0;
        boolean zero = false;
        for (long x : xs) {
            if (x == 0) {
                zero = true;
                continue;
            }
            int i = (int) (x ^ (x >>> 32)) & mask;
            while (table[i] != 0 && table[i] != x) i = (i + 1) & mask;
            if (table[i] == 0) {
                table[i] = x;
                k++;
            }
        }
        return zero ? k + 1 : k;
    }

    /** A 64-bit hash of a string (the skeletons' printed form). */
    static long hash(String s) {
        long h = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < s.length(); i++) h = mix(h + s.charAt(i));
        return h;
    }

    /** SplitMix64's finaliser: a bijection on longs that spreads every input bit. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
