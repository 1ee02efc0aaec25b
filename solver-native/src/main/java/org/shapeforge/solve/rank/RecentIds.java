package org.shapeforge.solve.rank;

/**
 * {@link VarIds} that remembers its last two lookups (by identity): graphs sharing the ids receive
 * the same (from, to) pair in turn, so only the first of them pays for the lookups.
 */
final class RecentIds implements VarIds {
    private final VarIds ids;
    private String last0, last1;
    private int id0, id1;

    RecentIds(VarIds ids) {
        this.ids = ids;
    }

    @Override
    public int id(String name) {
        if (name == last0) return id0;
        if (name == last1) return id1;
        int id = ids.id(name);
        last1 = last0;
        id1 = id0;
        last0 = name;
        id0 = id;
        return id;
    }

    @Override
    public String name(int id) {
        return ids.name(id);
    }

    @Override
    public int size() {
        return ids.size();
    }
}
