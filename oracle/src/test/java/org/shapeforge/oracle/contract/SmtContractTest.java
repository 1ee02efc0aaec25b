package org.shapeforge.oracle.contract;

import org.shapeforge.oracle.Backend;

/** The {@link ShapeSolverContract} for the SMT solver. */
class SmtContractTest extends ShapeSolverContract {
    @Override
    Backend backend() {
        return Backend.SMT;
    }

    @Override
    boolean exports() {
        return true;
    }
}
