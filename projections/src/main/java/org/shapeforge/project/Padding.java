package org.shapeforge.project;

/**
 * The padding margins of one tensor axis in padded (size-preserving) convolution mode
 * (seed 000, "Affine indexing and convolutions"; Prop. 8.1). Indices are in logical coordinates:
 * a padded axis of size {@code n} is addressed in {@code [-left, n + right)}; the buffer holds
 * {@code left + n + right} cells. Valid mode never pads.
 */
public record Padding(long left, long right) {
    public static final Padding NONE = new Padding(0, 0);

    public Padding {
        if (left < 0 || right < 0) throw new IllegalArgumentException("negative padding " + left + "/" + right);
    }

    /**
     * The margins for a dilated kernel extent {@code e = 1 + (k−1)·dilation}, split as OCANNL's
     * {@code row.ml} does ("left padding smaller than right when split needed"):
     * {@code right = ⌈e/2⌉}, {@code left = e − right}. The offset subtracted from the index is
     * {@code left}, which centres the kernel (the left part of the symmetric padding, seed 001).
     * Departure (documented in docs/projections.md): OCANNL splits the raw kernel size; we split
     * the dilated extent, which bounded addressing (Thm. 7.8) needs once dilation exceeds 1.
     */
    public static Padding ofExtent(long extent) {
        if (extent < 1) throw new IllegalArgumentException("kernel extent must be >= 1, got " + extent);
        long right = (extent + 1) / 2;
        return new Padding(extent - right, right);
    }

    /** The componentwise maximum: the fold of Prop. 8.1 (commutative, associative, idempotent). */
    public Padding max(Padding o) {
        return new Padding(Math.max(left, o.left), Math.max(right, o.right));
    }
}
