package org.shapeforge.solve.rank;

import java.util.Arrays;

/**
 * Row-variable names interned to dense ids, shared by graphs over the same variables: an
 * open-addressing table of parallel arrays (no entry or boxed-id objects, so a lookup touches
 * the slot arrays and the name).
 */
final class NameTable implements VarIds {
    private String[] slots;
    private int[] slotIds;
    private String[] names;
    private int n;

    NameTable(int nodes) {
        int cap = Integer.highestOneBit(Math.max(16, nodes) * 2 - 1) << 1;
        slots = new String[cap];
        slotIds = new int[cap];
        names = new String[Math.max(16, nodes)];
    }

    public int id(String name) {
        int mask = slots.length - 1, s = mix(name.hashCode()) & mask;
        while (true) {
            String k = slots[s];
            if (k == null) return add(name, s);
            if (k == name || k.equals(name)) return slotIds[s];
            s = (s + 1) & mask;
        }
    }

    private int add(String name, int slot) {
        if (n == names.length) names = Arrays.copyOf(names, n * 2);
        names[n] = name;
        slots[slot] = name;
        slotIds[slot] = n;
        if (2 * ++n > slots.length) rehash();
        return n - 1;
    }

    private void rehash() {
        String[] old = slots;
        int[] oldIds = slotIds;
        slots = new String[old.length * 2];
        slotIds = new int[slots.length];
        int mask = slots.length - 1;
        for (int i = 0; i < old.length; i++) {
            if (old[i] == null) continue;
            int s = mix(old[i].hashCode()) & mask;
            while (slots[s] != null) s = (s + 1) & mask;
            slots[s] = old[i];
            slotIds[s] = oldIds[i];
        }
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    public String name(int id) {
        return names[id];
    }

    public int size() {
        return n;
    }
}
