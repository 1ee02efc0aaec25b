package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Renaming;

/**
 * The input's variables as dense ids (dimension and row variables apart), in order of first sight:
 * the numbering {@link CanonicalOrder} refines and renames. {@link Seen} records a constraint's
 * occurrences in {@link Renaming}'s traversal order, so a second traversal can rename them by
 * position without looking names up.
 */
final class InputVars {
    private final Map<String, Integer> dims = new HashMap<>(), rows = new HashMap<>();
    private final List<String> names = new ArrayList<>();
    private boolean[] isRow = new boolean[16];
    private final List<Integer> dimIds = new ArrayList<>(), rowIds = new ArrayList<>();

    int dim(String v) {
        Integer id = dims.get(v);
        return id != null ? id : add(dims, v, false);
    }

    int row(String v) {
        Integer id = rows.get(v);
        return id != null ? id : add(rows, v, true);
    }

    int of(Declaration.VarRef v) {
        return v.row() ? row(v.name()) : dim(v.name());
    }

    private int add(Map<String, Integer> ids, String name, boolean row) {
        int id = names.size();
        ids.put(name, id);
        names.add(name);
        if (id == isRow.length) isRow = Arrays.copyOf(isRow, 2 * id);
        isRow[id] = row;
        (row ? rowIds : dimIds).add(id);
        return id;
    }

    int size() {
        return names.size();
    }

    String name(int v) {
        return names.get(v);
    }

    boolean isRow(int v) {
        return isRow[v];
    }

    /** The dimension variables' names in order of first sight. */
    List<String> dimOrder() {
        return dimIds.stream().map(names::get).toList();
    }

    /** The row variables' names in order of first sight. */
    List<String> rowOrder() {
        return rowIds.stream().map(names::get).toList();
    }

    List<Integer> dimIds() {
        return dimIds;
    }

    List<Integer> rowIds() {
        return rowIds;
    }

    /** Records the variables of one constraint in traversal order and erases them ({@link #take} per constraint). */
    final class Seen implements Renaming.Names {
        private int[] ids = new int[8];
        private int n;

        public String dim(String v) {
            push(InputVars.this.dim(v));
            return "d";
        }

        public String row(String v) {
            push(InputVars.this.row(v));
            return "r";
        }

        private void push(int id) {
            if (n == ids.length) ids = Arrays.copyOf(ids, 2 * n);
            ids[n++] = id;
        }

        /** The ids recorded since the last call. */
        int[] take() {
            int[] out = Arrays.copyOf(ids, n);
            n = 0;
            return out;
        }
    }
}
