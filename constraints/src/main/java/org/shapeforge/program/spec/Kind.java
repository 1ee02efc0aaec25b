package org.shapeforge.program.spec;

/**
 * The three axis kinds of a tensor shape, in storage order {@code batch @ output @ input}
 * (seed 000, "Representing shapes and constraints"). {@link #ellipsis} is the row variable that
 * {@code ...} stands for in a row of this kind (Remark 2.15(1)).
 */
public enum Kind {
    BATCH("batch", "b"), INPUT("input", "i"), OUTPUT("output", "o");

    public final String ellipsis;
    public final String letter;

    Kind(String ellipsis, String letter) {
        this.ellipsis = ellipsis;
        this.letter = letter;
    }
}
