package org.shapeforge.solve.store;

import java.util.Arrays;
import org.shapeforge.term.Dim;

/**
 * The dimension variables' slots ({@link Slots}), with each one's atom cap (Def. 4.1) and its
 * downward adjacencies; and the capped variables in the order their caps were set (residual
 * printing, principality) — an append-only list of ids, an entry counting while its variable's
 * current cap is the one it recorded.
 */
final class DimSlots extends Slots {
    Store.Cap[] caps;
    long[] down;
    private int[] capOrder = new int[16];
    private int capOrderSize, liveCaps;
    /** Per variable: the position in {@link #capOrder} of its current cap. */
    private int[] capSeq;

    DimSlots(int expected) {
        super(expected);
        caps = new Store.Cap[names.length];
        down = filled(names.length);
        capSeq = new int[names.length];
    }

    @Override
    void grow(int n) {
        super.grow(n);
        caps = Arrays.copyOf(caps, n);
        down = grown(down, n);
        capSeq = Arrays.copyOf(capSeq, n);
    }

    /** The variable as a term carrying its id (one instance per variable). */
    Dim.Var term(int id) {
        Object t = terms[id];
        if (t == null) terms[id] = t = new Dim.Var(names[id], id);
        return (Dim.Var) t;
    }

    Dim value(int id) {
        return (Dim) values[id];
    }

    void setCap(int id, Store.Cap c) {
        if (caps[id] == null) liveCaps++;
        caps[id] = c;
        if (capOrderSize == capOrder.length) capOrder = Arrays.copyOf(capOrder, 2 * capOrderSize);
        capSeq[id] = capOrderSize;
        capOrder[capOrderSize++] = id;
    }

    Store.Cap removeCap(int id) {
        Store.Cap c = caps[id];
        if (c != null) {
            caps[id] = null;
            liveCaps--;
        }
        return c;
    }

    int liveCaps() {
        return liveCaps;
    }

    /** The capped variables' ids in the order their current caps were set. */
    int[] capped() {
        int[] out = new int[liveCaps];
        int k = 0;
        for (int i = 0; i < capOrderSize; i++) {
            int id = capOrder[i];
            if (caps[id] != null && capSeq[id] == i) out[k++] = id;
        }
        return out;
    }
}
