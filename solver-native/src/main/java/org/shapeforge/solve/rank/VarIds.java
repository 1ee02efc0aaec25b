package org.shapeforge.solve.rank;

/**
 * Row-variable names as dense int ids {@code 0 … size()-1}: what a {@link RankGraph} indexes its
 * arrays by. Ids are assigned on first lookup and never change.
 */
public interface VarIds {
    /** The id of {@code name}, assigning the next one on first sight. */
    int id(String name);

    /** The name with id {@code id}. */
    String name(int id);

    /** The number of ids assigned. */
    int size();
}
