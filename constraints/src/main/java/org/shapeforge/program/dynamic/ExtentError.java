package org.shapeforge.program.dynamic;

/**
 * A consumer needed an exact extent and did not get one ({@code seeds/004_…}, "AD Contract": the
 * error names the primitive, the metadata field that required an exact extent, and whether the
 * observed extent was symbolic, upper-bound or unknown).
 *
 * @param op the consuming operation ({@code reshape}, {@code broadcast})
 * @param field the metadata field, e.g. {@code target[1]}
 * @param observed {@code upper-bound} or {@code unknown}
 * @param extent the extent as printed
 */
public record ExtentError(String op, String field, String observed, String extent) {
    public String message() {
        return op + ": " + field + " requires an exact extent, but it is " + observed + " (" + extent
                + "); an upper bound is never used as a shape";
    }
}
