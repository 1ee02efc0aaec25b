package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.shapeforge.collect.PackedIndex;

/**
 * The store's variables of one sort, by dense id (in order of creation), as parallel arrays: the
 * name, the term (carrying the id), the binding σ(v) with its derivation, the stored facts that
 * mention it and its upward adjacencies (chains in the store's {@link Chains}), the propagators
 * watching it, and two flags (registered, may be 0). A variable is an {@code int}; no object per
 * variable. At 10^6 constraints a slot object per variable was 1.5 million objects, the largest
 * family the collector copied during a solve (issue 12), and the arrays keep a pass over the
 * variables, and the variables of one layer of a network, in consecutive memory.
 *
 * <p>A variable is found by the id its term carries (the caller confirms the name, {@code
 * Store}) or by name through an index built on the first lookup by name ({@link PackedIndex}
 * over the names' hashes, no entry objects): a solve of an interned problem may never make one.
 * The <em>registered</em> variables — the problem's, then fresh ones — are listed in
 * registration order ({@link #registered}).
 */
abstract sealed class Slots permits DimSlots, RowSlots {
    int count;
    String[] names;
    /** The terms ({@code Dim.Var} or bare {@code Row.Open}) made so far, by id; null until asked for. */
    Object[] terms;
    /** σ(v) ({@code Dim} or {@code Row}), null while unbound. */
    Object[] values;
    Why[] whys;
    long[] watch, up;
    /** The propagators watching each variable (the size rules'), null for none. */
    List<Watcher>[] props;
    /**
     * The two flags, a byte each: a {@code BitSet} recomputes its length when a high bit is cleared,
     * scanning down over zero words — quadratic when the newest (fresh) variables' flags are set and
     * cleared in turn, as they are.
     */
    private boolean[] zeroOk, isRegistered;
    private int[] order;
    private int registered;
    /** Name → id; null until the first lookup by name. */
    private PackedIndex index;

    @SuppressWarnings("unchecked")
    Slots(int expected) {
        int n = Math.max(16, expected);
        names = new String[n];
        terms = new Object[n];
        values = new Object[n];
        whys = new Why[n];
        watch = filled(n);
        up = filled(n);
        props = new List[n];
        order = new int[n];
        zeroOk = new boolean[n];
        isRegistered = new boolean[n];
    }

    static long[] filled(int n) {
        long[] a = new long[n];
        Arrays.fill(a, Chains.EMPTY);
        return a;
    }

    static long[] grown(long[] a, int n) {
        int old = a.length;
        long[] b = Arrays.copyOf(a, n);
        Arrays.fill(b, old, n, Chains.EMPTY);
        return b;
    }

    /** Room for one more variable in every array (subclasses grow theirs too). */
    void grow(int n) {
        names = Arrays.copyOf(names, n);
        terms = Arrays.copyOf(terms, n);
        values = Arrays.copyOf(values, n);
        whys = Arrays.copyOf(whys, n);
        watch = grown(watch, n);
        up = grown(up, n);
        props = Arrays.copyOf(props, n);
        zeroOk = Arrays.copyOf(zeroOk, n);
        isRegistered = Arrays.copyOf(isRegistered, n);
    }

    /** A new variable named {@code name} (not checked: the caller knows it is new) with its term, or null to make it when asked. */
    int add(String name, Object term) {
        if (count == names.length) grow(count + (count >> 1) + 1);
        int id = count++;
        names[id] = name;
        terms[id] = term;
        if (index != null) index.add(PackedIndex.hash(name), id);
        return id;
    }

    /** The id of {@code name} (confirmed by identity, then contents), or -1. */
    int find(String name) {
        if (index == null) {
            PackedIndex ix = new PackedIndex(Math.max(count, 16), 0.75f);
            for (int i = 0; i < count; i++) ix.add(PackedIndex.hash(names[i]), i);
            index = ix;
        }
        int h = PackedIndex.hash(name);
        for (int p = index.candidate(h, index.home(h)); p >= 0; p = index.candidate(h, index.after(p))) {
            int id = index.entry(p);
            if (names[id] == name || names[id].equals(name)) return id;
        }
        return -1;
    }

    /** The id of the variable named {@code name} whose term carries {@code hint}: the hint when the name there is that instance, else by name; -1 if never seen. */
    int find(String name, int hint) {
        if (hint >= 0 && hint < count && names[hint] == name) return hint;
        return find(name);
    }

    /** Registers variable {@code id} (once). */
    void register(int id) {
        if (isRegistered[id]) return;
        isRegistered[id] = true;
        if (registered == order.length) order = Arrays.copyOf(order, registered + (registered >> 1) + 1);
        order[registered++] = id;
    }

    /** The number of registered variables. */
    int registered() {
        return registered;
    }

    /** The {@code k}-th registered variable. */
    int registered(int k) {
        return order[Objects.checkIndex(k, registered)];
    }

    boolean zeroOk(int id) {
        return zeroOk[id];
    }

    void zeroOk(int id, boolean ok) {
        zeroOk[id] = ok;
    }

    boolean bound(int id) {
        return values[id] != null;
    }

    /** Puts propagator {@code w} on variable {@code id}'s list. */
    void watch(int id, Watcher w) {
        if (props[id] == null) props[id] = new ArrayList<>(2);
        props[id].add(w);
    }
}
