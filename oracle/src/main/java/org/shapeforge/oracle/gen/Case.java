package org.shapeforge.oracle.gen;

import java.util.Optional;
import org.shapeforge.lang.Problem;
import org.shapeforge.term.Assignment;

/**
 * One generated input: the seed it came from, the shape family that built it (for counting),
 * the problem (printed and re-parsed, so its spans are real {@code file:line:col}), and a planted
 * solution when the generator built the constraints around one (checked by the evaluator).
 */
public record Case(long seed, String shape, Problem problem, Optional<Assignment> planted) {}
