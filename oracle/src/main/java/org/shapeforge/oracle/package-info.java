/**
 * The oracle: native and SMT side by side, judged by the trusted evaluator. This package holds
 * witness checking ({@link org.shapeforge.oracle.ExpectationChecker}, behind {@code shapeforge
 * check}); differential fuzzing and verified inference build on the same engines.
 */
package org.shapeforge.oracle;
