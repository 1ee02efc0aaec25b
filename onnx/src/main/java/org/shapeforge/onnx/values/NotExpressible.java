package org.shapeforge.onnx.values;

/**
 * A node whose semantics the loop IR ({@code org.shapeforge.codegen.ir}) cannot express yet — an
 * integer division, a rounding cast, a data-dependent index, a zero-size tensor — or an op that has
 * no lowering here. The message names the op and the reason; the values campaign reports it as a
 * skip that counts against the percentage, never as a pass.
 */
public final class NotExpressible extends RuntimeException {
    public NotExpressible(String message) {
        super(message);
    }
}
