package org.shapeforge.onnx.fallback;

/**
 * Native and Z3 answered one axis differently: Z3 proved {@code smt} (the axis's size in every
 * solution), native answered {@code nativeSize}, and {@code witness} is a solution where they
 * differ (or says the equality could not be decided). Always reported as an error, never resolved
 * silently.
 */
public record Disagreement(String value, int axis, String nativeSize, String smt, String witness) {

    /** One line naming the value, the axis, both answers and the witness. */
    public String line() {
        return "value '" + value + "' axis " + axis + ": native " + nativeSize + ", z3 proves " + smt + " (" + witness + ")";
    }
}
