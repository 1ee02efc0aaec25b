package org.shapeforge.project;

/**
 * The three rows of a tensor shape, in storage order {@code batch @ output @ input}
 * ({@code programs.md}; seed 000, "Representing shapes"). Index maps list a tensor's axes in
 * this order.
 */
public enum AxisKind {
    BATCH("b", "batch"),
    OUTPUT("o", "output"),
    INPUT("i", "input");

    /** The one-letter tag used in slot row names. */
    public final String tag;
    /** The word used in messages. */
    public final String word;

    AxisKind(String tag, String word) {
        this.tag = tag;
        this.word = word;
    }
}
