package org.shapeforge.solver;

/** Size of the input, work done (rule applications or solver checks) and wall time. */
public record Stats(int constraints, long steps, double millis) {}
