package org.shapeforge.reason;

/**
 * What {@link Reasoner#prove} answers about a relation under the assumptions: the four answers of
 * ONNX's proposed reasoning service. A reasoning limitation is {@link #UNKNOWN}, never
 * {@link #FALSE}: only a proof that the relation fails at every binding the assumptions allow is
 * FALSE, so an answer this service cannot give never becomes a model error.
 */
public enum Verdict {
    /** The assumptions entail the relation: it holds at every binding of the dims (each {@code >= 1}) that satisfies them. */
    TRUE,
    /** The assumptions entail the relation's negation: it fails at every binding that satisfies them. */
    FALSE,
    /**
     * Neither proved: the relation fails at some allowed binding (the proof carries it as a
     * counterexample) and holds at another or may, or the provers could not tell.
     */
    UNKNOWN,
    /** The assumptions themselves hold at no binding (proved), so nothing about a relation is informative. */
    CONTRADICTION
}
