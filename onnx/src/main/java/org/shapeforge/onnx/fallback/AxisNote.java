package org.shapeforge.onnx.fallback;

/**
 * Why the fallback left axis {@code axis} of value {@code value} undetermined ({@code ?}), with a
 * line of detail (the two solutions that prove it undetermined, the query that timed out).
 */
public record AxisNote(String value, int axis, Reason reason, String detail) {

    /** What the solver showed, or could not show, about the axis. */
    public enum Reason {
        /** Two solutions with equal dim_params and different sizes of the axis: it is no function of them. */
        NOT_DETERMINED("not determined by the inputs"),
        /** One size per binding of the dim_params, but no affine or floor-division form of them was proved. */
        NO_FORM("determined by the inputs, but no affine or floor-division form of them was proved"),
        /** A query ended unknown (timeout, or a construct the solver does not decide). */
        TIMEOUT("a solver query ended unknown"),
        /** The fallback's query budget ran out before the axis was decided. */
        BUDGET("the fallback's SMT budget ran out");

        public final String text;

        Reason(String text) {
            this.text = text;
        }
    }

    /** One line: {@code value axis i: reason (detail)}. */
    public String line() {
        return value + " axis " + axis + ": " + reason.text + (detail.isEmpty() ? "" : " (" + detail + ")");
    }
}
